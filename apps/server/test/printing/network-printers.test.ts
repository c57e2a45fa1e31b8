import { randomUUID } from "node:crypto";
import dns from "node:dns/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig, type NetworkPrintingPolicy } from "../../src/config.ts";
import { encodeEscPos } from "../../src/modules/printing/escpos.ts";
import { DEFAULT_NETWORK_PRINTING, resolvePrinterAddress } from "../../src/modules/printing/printer-address.ts";
import { createTestApp, databaseFingerprint, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { api, newProduct, sold, startFakePrinter, textOf, type FakePrinter } from "../factories/sales.ts";

/**
 * Server-side request forgery through network printers: the server connects where an owner
 * says, so it may only connect to a printer on the shop's LAN, on the printer port, where network
 * printing is on at all; it answers every failure with one text and prints text as text.
 * These apps run with the policy of a real installation: no loopback opt-in.
 */
const LAN_ONLY: NetworkPrintingPolicy = DEFAULT_NETWORK_PRINTING;
const ONE_TEXT = (host: string, port: number) =>
  `The printer at ${host}:${port} could not be reached. Check that it is on and connected to the shop's network.`;

let t: TestApp;
let owner: Owner;
const running: FakePrinter[] = [];
beforeAll(async () => {
  t = await createTestApp({ printing: LAN_ONLY });
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

const addPrinter = (who: Owner, body: object, on = t) =>
  api(on.app, who.token).post("/api/printers", {
    businessId: who.businessId,
    kind: "network",
    role: "receipt",
    ...body,
  });

/** A printer row written straight to the table, as one added before the rule (or by a changed DNS) would be. */
async function storedPrinter(who: Owner, host: string, port: number, role = "receipt", on = t): Promise<string> {
  const { rows } = await on.database.pool.query(
    `INSERT INTO printers (business_id, name, kind, role, host, port) VALUES ($1, 'Old', 'network', $2, $3, $4) RETURNING id`,
    [who.businessId, role, host, port],
  );
  return rows[0].id;
}

describe("adding a network printer", () => {
  it("refuses loopback, 0.0.0.0, shorthand and decimal forms, link-local, metadata and public addresses, and other ports: 400, nothing written", async () => {
    const before = await databaseFingerprint(t.database);
    const refused: [object, string][] = [
      [{ host: "127.0.0.1" }, "host"],
      [{ host: "127.1" }, "host"],
      [{ host: "127.0.0.2" }, "host"],
      [{ host: "2130706433" }, "host"],
      [{ host: "0x7f.1" }, "host"],
      [{ host: "0177.0.0.1" }, "host"],
      [{ host: "localhost" }, "host"],
      [{ host: "0.0.0.0" }, "host"],
      [{ host: "0" }, "host"],
      [{ host: "169.254.169.254" }, "host"],
      [{ host: "8.8.8.8" }, "host"],
      [{ host: "172.32.0.1" }, "host"],
      [{ host: "100.100.100.200" }, "host"],
      [{ host: "192.168.1.50", port: 22 }, "port"],
      [{ host: "192.168.1.50", port: 5432 }, "port"],
      [{ host: "printer.local", port: 9101 }, "port"],
    ];
    for (const [body, field] of refused) {
      const res = await addPrinter(owner, { name: "P", ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields: { [field]: expect.any(String) } });
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("accepts the shop's LAN on port 9100 (10/8, 172.16/12, 192.168/16) and names, checked again when printing", async () => {
    for (const host of ["10.0.0.5", "172.16.0.9", "172.31.255.1", "192.168.1.50", "printer.local"]) {
      const res = await addPrinter(owner, { name: host, host });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(201);
    }
  });
});

describe("printing to an address that is not allowed", () => {
  it("never connects to loopback, even to a listening socket, and says the same as for a closed port", async () => {
    const listening = await startFakePrinter();
    running.push(listening);
    const closed = await startFakePrinter();
    await closed.stop();
    for (const [host, port] of [
      ["127.0.0.1", listening.port],
      ["127.1", listening.port],
      ["localhost", listening.port],
      ["127.0.0.1", closed.port],
      ["metadata.google.internal", 80],
      ["no-such-printer.invalid", 9100],
    ] as const) {
      const id = await storedPrinter(owner, host, port);
      const res = await api(t.app, owner.token).post(`/api/printers/${id}/test`);
      expect(res.statusCode).toBe(200);
      expect(res.json(), `${host}:${port}`).toEqual({ printStatus: "failed", printerError: ONE_TEXT(host, port) });
    }
    expect(listening.jobs).toEqual([]);
  });

  it("resolves a name and refuses it when it points at loopback, link-local or metadata addresses", async () => {
    const answers: Record<string, string[]> = {
      "rebind.example": ["127.0.0.1"],
      "meta.example": ["169.254.169.254"],
      "mixed.example": ["192.168.1.20", "127.0.0.1"],
      "shop-printer.example": ["192.168.1.20"],
    };
    const lookup = vi
      .spyOn(dns, "lookup")
      .mockImplementation((async (host: string) =>
        (answers[host] ?? []).map((address) => ({ address, family: 4 }))) as unknown as typeof dns.lookup);
    expect(await resolvePrinterAddress("rebind.example", 9100, LAN_ONLY)).toBeNull();
    expect(await resolvePrinterAddress("meta.example", 9100, LAN_ONLY)).toBeNull();
    expect(await resolvePrinterAddress("mixed.example", 9100, LAN_ONLY)).toBeNull();
    expect(await resolvePrinterAddress("shop-printer.example", 9100, LAN_ONLY)).toBe("192.168.1.20");
    expect(await resolvePrinterAddress("shop-printer.example", 80, LAN_ONLY)).toBeNull();
    expect(lookup).toHaveBeenCalled();
  });
});

describe("NETWORK_PRINTING", () => {
  it("is off by default with DATABASE_URL (a hosted server), on without it, and an explicit setting wins; ports widen by setting", () => {
    const hosted = { DATABASE_URL: "postgres://u:p@db.example:5432/duka" };
    expect(loadConfig(hosted).printing).toEqual({ enabled: false, ports: [[9100, 9100]], allowLoopback: false });
    expect(loadConfig({}).printing).toEqual({ enabled: true, ports: [[9100, 9100]], allowLoopback: false });
    expect(loadConfig({ ...hosted, NETWORK_PRINTING: "on" }).printing.enabled).toBe(true);
    expect(loadConfig({ NETWORK_PRINTING: "off" }).printing.enabled).toBe(false);
    expect(loadConfig({ NETWORK_PRINTER_PORTS: "9100, 9101-9103" }).printing.ports).toEqual([
      [9100, 9100],
      [9101, 9103],
    ]);
    expect(() => loadConfig({ NETWORK_PRINTER_PORTS: "9100,70000" })).toThrow(ConfigError);
    expect(() => loadConfig({ NETWORK_PRINTER_PORTS: "any" })).toThrow(ConfigError);
  });

  it("off: no network printer can be added; an existing one is not connected to, the till prints from the browser", async () => {
    const off = await createTestApp({ printing: { ...LAN_ONLY, allowLoopback: true, enabled: false } });
    try {
      const shop = await registerBusiness(off.app);
      const res = await addPrinter(shop, { name: "K", host: "192.168.1.50" }, off);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty("kind");
      const fake = await startFakePrinter();
      running.push(fake);
      const id = await storedPrinter(shop, "127.0.0.1", fake.port, "receipt", off);
      await storedPrinter(shop, "127.0.0.1", fake.port, "kitchen", off);
      expect((await api(off.app, shop.token).post(`/api/printers/${id}/test`)).json()).toEqual({
        printStatus: "browser",
        printerError: null,
      });
      const product = await newProduct(off.app, shop, shop.businessId);
      const sale = await sold(off.app, shop, shop.businessId, [{ productId: product._id, quantity: 1 }], 10000);
      expect((await api(off.app, shop.token).post(`/api/sales/${sale._id}/print`)).json()).toEqual({
        printStatus: "browser",
        printerError: null,
      });
      const kitchen = await api(off.app, shop.token).post("/api/captainOrderPrint", {
        businessId: shop.businessId,
        ticketId: randomUUID(),
        products: [{ productId: product._id, quantity: 1 }],
      });
      expect(kitchen.json().print).toMatchObject({ printStatus: "browser" });
      expect(fake.jobs).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe("printed text", () => {
  it("control characters in a line print as spaces: no new line, no printer command", () => {
    const encode = (text: string) => textOf(Buffer.from(encodeEscPos([{ kind: "text", text }], 48)));
    const count = (text: string, part: string) => text.split(part).length - 1;
    const hostile = encode("Soda\r\nSET pwned 1\u001b@\u001dV\u0000\u2028end");
    const plain = encode("Soda");
    expect(hostile).toContain("Soda SET pwned 1 @ V end");
    for (const part of ["\n", "\r", "\u001b@", "\u001dV", "\u0000"])
      expect(count(hostile, part), JSON.stringify(part)).toBe(count(plain, part));
  });
});
