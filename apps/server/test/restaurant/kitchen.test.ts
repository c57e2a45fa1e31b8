import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptainOrderPrint } from "@app/shared/restaurant/kitchen";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct, rowsOf, sold, statusCounts } from "../factories/sales.ts";

/** Captain order prints (POST/GET /api/captainOrderPrint): the kitchen gets only what changed on a ticket. */
let t: TestApp;
let owner: Owner;
let other: Owner;
let rice: { _id: string; name: string };
let beans: { _id: string; name: string };
let chai: { _id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
  rice = await newProduct(t.app, owner, owner.businessId, { name: "Pilau rice" });
  beans = await newProduct(t.app, owner, owner.businessId, { name: "Githeri" });
  chai = await newProduct(t.app, owner, owner.businessId, { name: "Chai" });
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
const print = (
  ticketId: string,
  products: { productId: string; quantity: number }[],
  over: object = {},
  token = owner.token,
) => api(t.app, token).post("/api/captainOrderPrint", { businessId: owner.businessId, ticketId, products, ...over });
const printed = async (...args: Parameters<typeof print>): Promise<CaptainOrderPrint> => {
  const res = await print(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().print;
};
const change = (c: CaptainOrderPrint["changes"][number]) => [c.change, c.name, c.quantity, c.previousQuantity];

describe("POST /api/captainOrderPrint", () => {
  it("the first print sends every line as new, with the table; without a kitchen printer it is printed at the till", async () => {
    const section = (
      await o().post("/api/sections", { businessId: owner.businessId, name: "Terrace", tables: [{ name: "T4" }] })
    ).json();
    const ticket = randomUUID();
    const p = await printed(
      ticket,
      [
        { productId: rice._id, quantity: 2 },
        { productId: beans._id, quantity: 1 },
      ],
      { sectionId: section._id, tableId: section.tables[0]._id, note: "No chilli" },
    );
    expect(p).toMatchObject({
      ticketId: ticket,
      businessId: owner.businessId,
      printNumber: 1,
      saleId: null,
      sectionName: "Terrace",
      tableName: "T4",
      note: "No chilli",
      printedBy: owner.username,
      printStatus: "browser",
      printerError: null,
    });
    expect(p.changes.map(change)).toEqual([
      ["new", "Pilau rice", 2, 0],
      ["new", "Githeri", 1, 0],
    ]);
  });

  it("a second print after a change sends only the change: new lines, changed quantities with the previous one, cancelled lines", async () => {
    const ticket = randomUUID();
    await printed(ticket, [
      { productId: rice._id, quantity: 2 },
      { productId: beans._id, quantity: 1 },
    ]);
    const second = await printed(ticket, [
      { productId: rice._id, quantity: 3 },
      { productId: chai._id, quantity: 2 },
    ]);
    expect(second.printNumber).toBe(2);
    expect(second.changes.map(change)).toEqual([
      ["changed", "Pilau rice", 3, 2],
      ["new", "Chai", 2, 0],
      ["cancelled", "Githeri", 0, 1],
    ]);
    // A line set to 0 is cancelled too; an unchanged line is not printed again.
    const third = await printed(ticket, [
      { productId: rice._id, quantity: 3 },
      { productId: chai._id, quantity: 0 },
    ]);
    expect(third.changes.map(change)).toEqual([["cancelled", "Chai", 0, 2]]);
    // An empty ticket cancels what is left.
    const fourth = await printed(ticket, []);
    expect(fourth.changes.map(change)).toEqual([["cancelled", "Pilau rice", 0, 3]]);
  });

  it("printing again with no change answers 200 { print: null } and writes nothing", async () => {
    const ticket = randomUUID();
    await printed(ticket, [{ productId: rice._id, quantity: 1 }]);
    const before = await databaseFingerprint(t.database);
    const again = await print(ticket, [{ productId: rice._id, quantity: 1 }]);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ print: null });
    expect((await print(randomUUID(), [])).json()).toEqual({ print: null });
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("10 simultaneous prints of the same change produce exactly one print", async () => {
    const ticket = randomUUID();
    await printed(ticket, [{ productId: rice._id, quantity: 1 }]);
    const lines = [
      { productId: rice._id, quantity: 1 },
      { productId: beans._id, quantity: 2 },
    ];
    const results = await Promise.all(Array.from({ length: 10 }, () => print(ticket, lines)));
    expect(statusCounts(results)).toEqual({ 200: 9, 201: 1 });
    const list = (
      await o().get(`/api/captainOrderPrint?businessId=${owner.businessId}&ticketId=${ticket}`)
    ).json() as CaptainOrderPrint[];
    expect(list.map((p) => p.printNumber)).toEqual([1, 2]);
    expect(list[1]!.changes.map(change)).toEqual([["new", "Githeri", 2, 0]]);
  });

  it("an unknown product or another business's product is 404; malformed tickets are 400; nothing written", async () => {
    const theirs = await newProduct(t.app, other, other.businessId);
    const before = await databaseFingerprint(t.database);
    for (const productId of [randomUUID(), theirs._id])
      expect((await print(randomUUID(), [{ productId, quantity: 1 }])).statusCode).toBe(404);
    expect(
      (await print(randomUUID(), [{ productId: rice._id, quantity: 1 }], { tableId: randomUUID() })).statusCode,
    ).toBe(404);
    const bad = [
      {
        products: [
          { productId: rice._id, quantity: 1 },
          { productId: rice._id, quantity: 2 },
        ],
      },
      { products: [{ productId: rice._id, quantity: -1 }] },
      { products: [{ productId: rice._id, quantity: 1.5 }] },
      { ticketId: "table-4", products: [] },
      { products: [{ productId: rice._id, quantity: 1 }], note: "x".repeat(301) },
    ];
    for (const body of bad)
      expect(
        (await o().post("/api/captainOrderPrint", { businessId: owner.businessId, ticketId: randomUUID(), ...body }))
          .statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect((await o().post("/api/captainOrderPrint", { businessId: owner.businessId, products: [] })).statusCode).toBe(
      400,
    );
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("GET /api/captainOrderPrint", () => {
  it("a sale made with the ticketId links its prints: ?saleId= lists them in order", async () => {
    const ticket = randomUUID();
    const first = await printed(ticket, [{ productId: rice._id, quantity: 1 }]);
    const second = await printed(ticket, [{ productId: rice._id, quantity: 2 }]);
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: rice._id, quantity: 2 }], 20000, {
      ticketId: ticket,
    });
    expect(sale.ticketId).toBe(ticket);
    const res = await o().get(`/api/captainOrderPrint?businessId=${owner.businessId}&saleId=${sale._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...first, saleId: sale._id },
      { ...second, saleId: sale._id },
    ]);
    expect(
      (await o().get(`/api/captainOrderPrint?businessId=${owner.businessId}&saleId=${randomUUID()}`)).json(),
    ).toEqual([]);
  });

  it("without a filter lists the business's latest prints, newest first, never another business's", async () => {
    const theirs = await newProduct(t.app, other, other.businessId);
    await api(t.app, other.token).post("/api/captainOrderPrint", {
      businessId: other.businessId,
      ticketId: randomUUID(),
      products: [{ productId: theirs._id, quantity: 1 }],
    });
    const latest = await printed(randomUUID(), [{ productId: chai._id, quantity: 4 }]);
    const list = (await o().get(`/api/captainOrderPrint?businessId=${owner.businessId}`)).json() as CaptainOrderPrint[];
    expect(list[0]).toEqual(latest);
    expect(list.every((p) => p.businessId === owner.businessId)).toBe(true);
    expect((await o().get("/api/captainOrderPrint")).statusCode).toBe(400);
    expect((await o().get(`/api/captainOrderPrint?businessId=${owner.businessId}&saleId=nope`)).statusCode).toBe(400);
  });
});

describe("POST /api/captainOrderPrint/{id}/reprint", () => {
  it("prints the same ticket again without a new print; unknown or another business's print: 404", async () => {
    const p = await printed(randomUUID(), [{ productId: beans._id, quantity: 3 }]);
    const before = await rowsOf(t.database, "captain_order_prints", owner.businessId);
    const res = await o().post(`/api/captainOrderPrint/${p._id}/reprint`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(p);
    expect(await rowsOf(t.database, "captain_order_prints", owner.businessId)).toBe(before);
    expect((await o().post(`/api/captainOrderPrint/${randomUUID()}/reprint`)).statusCode).toBe(404);
    expect((await api(t.app, other.token).post(`/api/captainOrderPrint/${p._id}/reprint`)).statusCode).toBe(404);
  });
});

describe("who prints for the kitchen", () => {
  it("every till (Cashier, Stock Handler at the POS) prints and reads; another business 403; no session 401; nothing written when refused", async () => {
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    for (const who of [cashier, handler]) {
      const p = await printed(randomUUID(), [{ productId: rice._id, quantity: 1 }], {}, who.token);
      expect(p.printedBy).toBe(who.username);
      expect(
        (await api(t.app, who.token).get(`/api/captainOrderPrint?businessId=${owner.businessId}`)).statusCode,
      ).toBe(200);
      expect((await api(t.app, who.token).post(`/api/captainOrderPrint/${p._id}/reprint`)).statusCode).toBe(200);
    }
    const mine = await printed(randomUUID(), [{ productId: rice._id, quantity: 1 }]);
    const before = await databaseFingerprint(t.database);
    expect((await print(randomUUID(), [{ productId: rice._id, quantity: 1 }], {}, other.token)).statusCode).toBe(403);
    expect(
      (await api(t.app, other.token).get(`/api/captainOrderPrint?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await api(t.app).post("/api/captainOrderPrint", {
          businessId: owner.businessId,
          ticketId: randomUUID(),
          products: [],
        })
      ).statusCode,
    ).toBe(401);
    expect((await api(t.app).get(`/api/captainOrderPrint?businessId=${owner.businessId}`)).statusCode).toBe(401);
    expect((await api(t.app).post(`/api/captainOrderPrint/${mine._id}/reprint`)).statusCode).toBe(401);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
