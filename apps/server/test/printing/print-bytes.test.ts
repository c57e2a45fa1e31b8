import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CaptainOrderPrint } from "@app/shared/restaurant/kitchen";
import { createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  api,
  expectEscPosDocument,
  newProduct,
  sold,
  soldOnCredit,
  plainTextOf,
  startFakePrinter,
  textOf,
  type FakePrinter,
} from "../factories/sales.ts";

/**
 * What reaches a network ESC/POS printer: a fake printer on loopback (a TCP server on a free
 * port) keeps the bytes of each print, for kitchen tickets and receipts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const running: FakePrinter[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});
async function fakePrinter(): Promise<FakePrinter> {
  const p = await startFakePrinter();
  running.push(p);
  return p;
}
async function addNetworkPrinter(shop: Owner, role: "kitchen" | "receipt", port: number) {
  const res = await api(t.app, shop.token).post("/api/printers", {
    businessId: shop.businessId,
    name: `${role} ${port}`,
    kind: "network",
    role,
    host: "127.0.0.1",
    port,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
const kitchenPrint = async (
  shop: Owner,
  ticketId: string,
  products: { productId: string; quantity: number }[],
  over: object = {},
): Promise<CaptainOrderPrint> => {
  const res = await api(t.app, shop.token).post("/api/captainOrderPrint", {
    businessId: shop.businessId,
    ticketId,
    products,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().print;
};

describe("kitchen tickets on a network printer", () => {
  it("sends ESC/POS bytes with the table and the new lines, then only the changes with CANCEL for a cancelled line", async () => {
    const shop = await registerBusiness(t.app);
    const fake = await fakePrinter();
    await addNetworkPrinter(shop, "kitchen", fake.port);
    const stew = await newProduct(t.app, shop, shop.businessId, { name: "Beef stew" });
    const tikka = await newProduct(t.app, shop, shop.businessId, { name: "Chicken tikka masala with garlic naan" });
    const ugali = await newProduct(t.app, shop, shop.businessId, { name: "Ugali" });
    const section = (
      await api(t.app, shop.token).post("/api/sections", {
        businessId: shop.businessId,
        name: "Terrace",
        tables: [{ name: "T9" }],
      })
    ).json();
    const ticket = randomUUID();
    const place = { sectionId: section._id, tableId: section.tables[0]._id };

    const first = await kitchenPrint(
      shop,
      ticket,
      [
        { productId: stew._id, quantity: 2 },
        { productId: tikka._id, quantity: 1 },
      ],
      { ...place, note: "Table in a hurry" },
    );
    expect(first).toMatchObject({ printStatus: "sent", printerError: null });
    expect(fake.jobs).toHaveLength(1);
    const one = plainTextOf(fake.jobs[0]!);
    expectEscPosDocument(fake.jobs[0]!);
    for (const text of [
      "KITCHEN ORDER #1",
      "Terrace / T9",
      "2 x Beef stew",
      "1 x Chicken tikka masala with garlic naan",
      "Note: Table in a hurry",
      shop.username,
    ])
      expect(one, text).toContain(text);

    const second = await kitchenPrint(
      shop,
      ticket,
      [
        { productId: stew._id, quantity: 3 },
        { productId: ugali._id, quantity: 1 },
      ],
      place,
    );
    expect(second.printStatus).toBe("sent");
    expect(fake.jobs).toHaveLength(2);
    const two = plainTextOf(fake.jobs[1]!);
    expectEscPosDocument(fake.jobs[1]!);
    expect(two).toContain("KITCHEN ORDER #2");
    expect(two).toContain("CHANGED 3 (was 2) x Beef stew");
    expect(two).toContain("1 x Ugali");
    // The cancelled dish is named in full, however long: the kitchen must know what to stop.
    expect(two).toContain("CANCEL 1 x Chicken tikka masala with garlic naan");
    expect(two).not.toContain("Table in a hurry");

    // No change: nothing is sent.
    expect(
      (
        await api(t.app, shop.token).post("/api/captainOrderPrint", {
          businessId: shop.businessId,
          ticketId: ticket,
          products: [
            { productId: stew._id, quantity: 3 },
            { productId: ugali._id, quantity: 1 },
          ],
        })
      ).json(),
    ).toEqual({ print: null });
    expect(fake.jobs).toHaveLength(2);
  });

  it("a printer that is off: the print is recorded failed with a readable error and the request still succeeds; a reprint sends the same bytes", async () => {
    const shop = await registerBusiness(t.app);
    const fake = await fakePrinter();
    const printerId = await addNetworkPrinter(shop, "kitchen", fake.port);
    const chips = await newProduct(t.app, shop, shop.businessId, { name: "Masala chips" });
    const sent = await kitchenPrint(shop, randomUUID(), [{ productId: chips._id, quantity: 2 }]);
    const reprint = await api(t.app, shop.token).post(`/api/captainOrderPrint/${sent._id}/reprint`);
    expect(reprint.json()).toMatchObject({ _id: sent._id, printStatus: "sent" });
    expect(fake.jobs).toHaveLength(2);
    expect(fake.jobs[1]!.equals(fake.jobs[0]!)).toBe(true);

    await fake.stop();
    const failed = await kitchenPrint(shop, randomUUID(), [{ productId: chips._id, quantity: 1 }]);
    expect(failed.printStatus).toBe("failed");
    expect(failed.printerError).toBe(
      `The printer at 127.0.0.1:${fake.port} could not be reached. Check that it is on and connected to the shop's network.`,
    );
    const listed = (
      await api(t.app, shop.token).get(
        `/api/captainOrderPrint?businessId=${shop.businessId}&ticketId=${failed.ticketId}`,
      )
    ).json();
    expect(listed).toEqual([failed]);

    // The kitchen gets a new printer; the failed ticket is printed again on it.
    const replacement = await fakePrinter();
    await api(t.app, shop.token).del(`/api/printers/${printerId}`);
    await addNetworkPrinter(shop, "kitchen", replacement.port);
    const again = await api(t.app, shop.token).post(`/api/captainOrderPrint/${failed._id}/reprint`);
    expect(again.json()).toMatchObject({ _id: failed._id, printStatus: "sent", printerError: null });
    expect(replacement.jobs).toHaveLength(1);
    expect(textOf(replacement.jobs[0]!)).toContain("1 x Masala chips");
  });

  it("10 simultaneous prints of one change send the kitchen one ticket", async () => {
    const shop = await registerBusiness(t.app);
    const fake = await fakePrinter();
    await addNetworkPrinter(shop, "kitchen", fake.port);
    const soup = await newProduct(t.app, shop, shop.businessId, { name: "Pumpkin soup" });
    const ticket = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(t.app, shop.token).post("/api/captainOrderPrint", {
          businessId: shop.businessId,
          ticketId: ticket,
          products: [{ productId: soup._id, quantity: 2 }],
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(fake.jobs).toHaveLength(1);
    expect(textOf(fake.jobs[0]!).split("Pumpkin soup")).toHaveLength(2);
  });
});

describe("POST /api/sales/{id}/print and /api/orders/{id}/print: receipts", () => {
  it("sends the receipt to the network receipt printer: total, lines, the M-Pesa reference, the change", async () => {
    const shop = await registerBusiness(t.app);
    const kitchen = await fakePrinter();
    const receipts = await fakePrinter();
    await addNetworkPrinter(shop, "kitchen", kitchen.port);
    await addNetworkPrinter(shop, "receipt", receipts.port);
    const p = await newProduct(t.app, shop, shop.businessId, { name: "Tusker 500ml", sellingprice: 22500 });
    const sale = await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 2 }], 45000, {
      payments: [
        { method: "Cash", amount: 20000, tendered: 50000 },
        { method: "M-Pesa", amount: 25000, reference: "QGH7XYZ12A" },
      ],
    });
    const res = await api(t.app, shop.token).post(`/api/sales/${sale._id}/print`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printStatus: "sent", printerError: null });
    expect(kitchen.jobs).toHaveLength(0);
    expect(receipts.jobs).toHaveLength(1);
    expectEscPosDocument(receipts.jobs[0]!);
    const text = textOf(receipts.jobs[0]!);
    for (const s of [
      shop.businessName,
      `Receipt #${sale.saleNumber}`,
      "Tusker 500ml",
      "2 x 225.00",
      "TOTAL",
      "KES 450.00",
      "M-Pesa QGH7XYZ12A",
      "250.00",
      "Cash tendered",
      "500.00",
      "Change",
      "300.00",
    ])
      expect(text, s).toContain(s);
    expect(text).toMatch(/TOTAL\s+KES 450\.00/);
  });

  it("a credit order prints as a wholesale order with the balance owing; a voided sale says so", async () => {
    const shop = await registerBusiness(t.app);
    const receipts = await fakePrinter();
    await addNetworkPrinter(shop, "receipt", receipts.port);
    const p = await newProduct(t.app, shop, shop.businessId, {
      name: "Maize bag",
      sellingprice: 400000,
      wholesalePrice: 350000,
    });
    const order = await soldOnCredit(
      t.app,
      shop,
      shop.businessId,
      { productId: p._id, quantity: 1, total: 350000 },
      { base: "/api/orders", down: 100000, customerName: "Kiprop Farm", customerPhone: "0700111222" },
    );
    expect((await api(t.app, shop.token).post(`/api/orders/${order._id}/print`)).json().printStatus).toBe("sent");
    const text = textOf(receipts.jobs[0]!);
    for (const s of [
      `Wholesale order #${order.saleNumber}`,
      "3,500.00",
      "Balance owing",
      "2,500.00",
      "Customer: Kiprop Farm 0700111222",
    ])
      expect(text, s).toContain(s);
    const sale = await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 400000);
    await api(t.app, shop.token).del(`/api/sales/${sale._id}`);
    expect((await api(t.app, shop.token).post(`/api/sales/${sale._id}/print`)).json().printStatus).toBe("sent");
    expect(textOf(receipts.jobs[1]!)).toContain("*** VOIDED ***");
  });

  it("with no network receipt printer it answers browser and sends nothing; a receipt printer that is off: failed, still 200", async () => {
    const shop = await registerBusiness(t.app);
    const kitchen = await fakePrinter();
    await addNetworkPrinter(shop, "kitchen", kitchen.port);
    await api(t.app, shop.token).post("/api/printers", {
      businessId: shop.businessId,
      name: "Till",
      kind: "browser",
      role: "receipt",
    });
    const p = await newProduct(t.app, shop, shop.businessId);
    const sale = await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    expect((await api(t.app, shop.token).post(`/api/sales/${sale._id}/print`)).json()).toEqual({
      printStatus: "browser",
      printerError: null,
    });
    expect(kitchen.jobs).toHaveLength(0);
    const off = await fakePrinter();
    await off.stop();
    await addNetworkPrinter(shop, "receipt", off.port);
    const res = await api(t.app, shop.token).post(`/api/sales/${sale._id}/print`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      printStatus: "failed",
      printerError: expect.stringContaining(`127.0.0.1:${off.port}`),
    });
  });
});
