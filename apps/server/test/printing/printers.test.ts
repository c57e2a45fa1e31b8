import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Printer } from "@app/shared/printing/printer";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, expectEscPosDocument, shopStaff, startFakePrinter, textOf } from "../factories/sales.ts";

/** Printers (/api/printers): added and removed by the owner, read at the tills, tested with a test page. */
let t: TestApp;
let owner: Owner;
let other: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
});
afterAll(() => t.close());

const addPrinter = async (who: Owner, body: object): Promise<Printer> => {
  const res = await api(t.app, who.token).post("/api/printers", { businessId: who.businessId, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe("POST, GET and DELETE /api/printers", () => {
  it("adds a network printer (port 9100 and 80 mm by default) and a browser printer, lists them by role then name, deletes one", async () => {
    const shop = await registerBusiness(t.app);
    const kitchen = await addPrinter(shop, {
      name: "Kitchen",
      kind: "network",
      role: "kitchen",
      host: " 192.168.1.50 ",
    });
    expect(kitchen).toMatchObject({
      businessId: shop.businessId,
      name: "Kitchen",
      kind: "network",
      role: "kitchen",
      host: "192.168.1.50",
      port: 9100,
      paperWidth: 80,
    });
    const till = await addPrinter(shop, {
      name: "Till",
      kind: "browser",
      role: "receipt",
      host: "10.0.0.9",
      port: 9999,
      paperWidth: 58,
    });
    expect(till).toMatchObject({ kind: "browser", host: null, port: null, paperWidth: 58 });
    const bar = await addPrinter(shop, {
      name: "Bar",
      kind: "network",
      role: "kitchen",
      host: "printer.local",
      port: 9101,
    });
    const list = await api(t.app, shop.token).get(`/api/printers?businessId=${shop.businessId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([bar, kitchen, till]);
    const del = await api(t.app, shop.token).del(`/api/printers/${bar._id}`);
    expect(del.json()).toEqual({ deleted: true });
    expect((await api(t.app, shop.token).get(`/api/printers?businessId=${shop.businessId}`)).json()).toEqual([
      kitchen,
      till,
    ]);
    expect((await api(t.app, shop.token).del(`/api/printers/${bar._id}`)).statusCode).toBe(404);
  });

  it("refuses a network printer without a valid address, a bad port, role or width: 400, nothing written", async () => {
    const before = await databaseFingerprint(t.database);
    const bad = [
      { name: "K", kind: "network", role: "kitchen" },
      { name: "K", kind: "network", role: "kitchen", host: "" },
      { name: "K", kind: "network", role: "kitchen", host: "http://10.0.0.5" },
      { name: "K", kind: "network", role: "kitchen", host: "10.0.0.5", port: 0 },
      { name: "K", kind: "network", role: "kitchen", host: "10.0.0.5", port: 65536 },
      { name: "K", kind: "network", role: "bar", host: "10.0.0.5" },
      { name: "K", kind: "usb", role: "kitchen" },
      { name: "K", kind: "browser", role: "receipt", paperWidth: 72 },
      { name: "", kind: "browser", role: "receipt" },
    ];
    for (const body of bad) {
      const res = await api(t.app, owner.token).post("/api/printers", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("POST /api/printers/{id}/test", () => {
  it("prints a test page on a network printer: ESC/POS bytes with the printer's name, cut at the end", async () => {
    const fake = await startFakePrinter();
    try {
      const p = await addPrinter(owner, {
        name: "Counter printer",
        kind: "network",
        role: "receipt",
        host: "127.0.0.1",
        port: fake.port,
        paperWidth: 58,
      });
      const res = await api(t.app, owner.token).post(`/api/printers/${p._id}/test`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ printStatus: "sent", printerError: null });
      expect(fake.jobs).toHaveLength(1);
      expectEscPosDocument(fake.jobs[0]!);
      // 58 mm paper: 32 columns, so the title wraps.
      expect(textOf(fake.jobs[0]!)).toContain("Test page: Counter printer");
      expect(textOf(fake.jobs[0]!)).toContain("(receipt)");
      expect(textOf(fake.jobs[0]!)).toContain(owner.businessName);
      expect(textOf(fake.jobs[0]!)).toContain("32 characters per line");
    } finally {
      await fake.stop();
    }
  });

  it("a printer that is off: 200 with printStatus failed and a readable error; a browser printer: browser", async () => {
    const fake = await startFakePrinter();
    await fake.stop();
    const off = await addPrinter(owner, {
      name: "Off",
      kind: "network",
      role: "kitchen",
      host: "127.0.0.1",
      port: fake.port,
    });
    const res = await api(t.app, owner.token).post(`/api/printers/${off._id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      printStatus: "failed",
      printerError: `The printer at 127.0.0.1:${fake.port} could not be reached. Check that it is on and connected to the shop's network.`,
    });
    const browser = await addPrinter(owner, { name: "Till", kind: "browser", role: "receipt" });
    expect((await api(t.app, owner.token).post(`/api/printers/${browser._id}/test`)).json()).toEqual({
      printStatus: "browser",
      printerError: null,
    });
  });
});

describe("who manages printers", () => {
  it("the tills read them; only the owner adds, deletes or tests them; nothing written when refused", async () => {
    const p = await addPrinter(owner, { name: "Front", kind: "browser", role: "receipt" });
    for (const person of Object.values(await shopStaff(t.app, owner))) {
      const as = api(t.app, person.token);
      expect((await as.get(`/api/printers?businessId=${owner.businessId}`)).statusCode).toBe(200);
      const before = await databaseFingerprint(t.database);
      expect(
        (
          await as.post("/api/printers", {
            businessId: owner.businessId,
            name: "Mine",
            kind: "browser",
            role: "receipt",
          })
        ).statusCode,
      ).toBe(403);
      expect((await as.post(`/api/printers/${p._id}/test`)).statusCode).toBe(403);
      expect((await as.del(`/api/printers/${p._id}`)).statusCode).toBe(403);
      expect(await databaseFingerprint(t.database)).toEqual(before);
    }
    const clinic = await registerBusiness(t.app, { businessType: "clinic" });
    const handler = await registerEmployee(t.app, clinic, clinic.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await api(t.app, handler.token).get(`/api/printers?businessId=${clinic.businessId}`)).statusCode).toBe(403);
  });

  it("another business: 403 on the business, 404 on its printers; no session: 401; unknown printer: 404", async () => {
    const p = await addPrinter(owner, { name: "Back", kind: "browser", role: "kitchen" });
    const them = api(t.app, other.token);
    const before = await databaseFingerprint(t.database);
    expect((await them.get(`/api/printers?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect(
      (await them.post("/api/printers", { businessId: owner.businessId, name: "X", kind: "browser", role: "kitchen" }))
        .statusCode,
    ).toBe(403);
    expect((await them.del(`/api/printers/${p._id}`)).statusCode).toBe(404);
    expect((await them.post(`/api/printers/${p._id}/test`)).statusCode).toBe(404);
    const anonymous = api(t.app);
    expect((await anonymous.get(`/api/printers?businessId=${owner.businessId}`)).statusCode).toBe(401);
    expect(
      (
        await anonymous.post("/api/printers", {
          businessId: owner.businessId,
          name: "X",
          kind: "browser",
          role: "kitchen",
        })
      ).statusCode,
    ).toBe(401);
    expect((await anonymous.del(`/api/printers/${p._id}`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/printers/${p._id}/test`)).statusCode).toBe(401);
    expect((await api(t.app, owner.token).post(`/api/printers/${randomUUID()}/test`)).statusCode).toBe(404);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
