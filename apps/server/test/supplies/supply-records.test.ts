import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import type { CommodityLogEntry, SupplyAnalysis, SupplyQuantityValue } from "@app/shared/supplies/supply-logs";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";

/**
 * Supply records: GET/POST /api/supplyrecord, GET/PUT/DELETE /api/supplyrecord/{id}, the PATCH routes
 * of product and commodity lines, the commodity log, quantity and value, and the analysis.
 */
let t: TestApp;
let owner: Owner;
let supplierId: string;
let flour: { _id: string; name: string };
let sugar: { _id: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  supplierId = (await newSupplier(t.app, owner, owner.businessId, { name: "Unga Millers" }))._id;
  flour = await newProduct(t.app, owner, owner.businessId, { name: "Flour 2kg", quantity: 0 });
  sugar = await newProduct(t.app, owner, owner.businessId, { name: "Sugar 1kg", quantity: 0 });
});
afterAll(() => t.close());

const asOwner = () => api(t.app, owner.token);
const delivery = (over: Record<string, unknown> = {}) => ({
  businessId: owner.businessId,
  supplierId,
  products: [
    { productId: flour._id, quantity: 10, unitCost: 15000 },
    { productId: sugar._id, quantity: 20, unitCost: 12000 },
  ],
  commodities: [{ name: "Diesel", unit: "litres", quantity: 5, unitCost: 18000 }],
  ...over,
});

describe("POST /api/supplyrecord", () => {
  it("records two products and a commodity, half paid: the rest on credit (Partial)", async () => {
    const res = await asOwner().post("/api/supplyrecord", {
      ...delivery(),
      amountPaid: 240000,
      paymentMethod: "M-Pesa",
      receivedBy: "Kamau",
      notes: "Invoice 4471",
    });
    expect(res.statusCode, res.body).toBe(201);
    const s: SupplyRecord = res.json();
    expect(s).toMatchObject({
      supplier: { _id: supplierId, name: "Unga Millers" },
      total: 480000,
      amountPaid: 240000,
      balance: 240000,
      creditAmount: 240000,
      creditStatus: "Partial",
      paymentMethod: "M-Pesa",
      receivedBy: "Kamau",
      notes: "Invoice 4471",
    });
    expect(s.products.map((p) => [p.name, p.quantity, p.totalCost, p.remaining])).toEqual([
      ["Flour 2kg", 10, 150000, 10],
      ["Sugar 1kg", 20, 240000, 20],
    ]);
    expect(s.commodities).toEqual([expect.objectContaining({ name: "Diesel", unit: "litres", totalCost: 90000 })]);
    expect(s.payments).toEqual([expect.objectContaining({ amount: 240000, method: "M-Pesa", atDelivery: true })]);
  });

  it("a delivery paid in full is not on credit; one paid nothing is Pending; numbers follow each other", async () => {
    const paid = await newSupply(t.app, owner, owner.businessId, supplierId, {
      commodities: [{ name: "Bags", quantity: 2, unitCost: 500 }],
      amountPaid: 1000,
      paymentMethod: "Cash",
    });
    expect(paid).toMatchObject({ balance: 0, creditAmount: 0, creditStatus: null });
    const owed = await newSupply(t.app, owner, owner.businessId, supplierId);
    expect(owed).toMatchObject({ creditStatus: "Pending", balance: 100, paymentMethod: null, payments: [] });
    expect(owed.supplyNumber).toBe(paid.supplyNumber + 1);
  });

  it("refuses negative quantities or costs, overpayment, another business's product or supplier; nothing saved", async () => {
    const other = await registerBusiness(t.app);
    const theirProduct = await newProduct(t.app, other, other.businessId);
    const theirSupplier = await newSupplier(t.app, other, other.businessId);
    const before = await databaseFingerprint(t.database);
    const bad = [
      delivery({ products: [{ productId: flour._id, quantity: -1, unitCost: 100 }] }),
      delivery({ products: [{ productId: flour._id, quantity: 1, unitCost: -100 }] }),
      delivery({ products: [{ productId: flour._id, quantity: 1.5, unitCost: 100 }] }),
      delivery({ commodities: [{ name: "Fuel", quantity: 0, unitCost: 100 }] }),
      delivery({ products: [], commodities: [] }),
      delivery({ amountPaid: 99_999_999, paymentMethod: "Cash" }),
      delivery({ amountPaid: 100 }),
      delivery({ amountPaid: 100, paymentMethod: "Cheque" }),
    ];
    for (const body of bad) {
      const res = await asOwner().post("/api/supplyrecord", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    const foreignProduct = await asOwner().post(
      "/api/supplyrecord",
      delivery({ products: [{ productId: theirProduct._id, quantity: 1, unitCost: 100 }] }),
    );
    expect(foreignProduct.statusCode).toBe(404);
    expect(foreignProduct.body).not.toContain(theirProduct.name);
    expect((await asOwner().post("/api/supplyrecord", delivery({ supplierId: theirSupplier._id }))).statusCode).toBe(
      404,
    );
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("a retry with the same Idempotency-Key records the delivery once", async () => {
    const key = { "idempotency-key": "supply-once-12345" };
    const body = delivery({ products: [{ productId: flour._id, quantity: 1, unitCost: 100 }], commodities: [] });
    const [a, b] = await Promise.all([
      asOwner().post("/api/supplyrecord", body, key),
      asOwner().post("/api/supplyrecord", body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()._id).toBe(b.json()._id);
  });
});

describe("GET /api/supplyrecord/products", () => {
  it("finds live products by name for Supplies staff who have no Inventory area", async () => {
    const clerk = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Clerk", viewSupplies: true });
    expect((await api(t.app, clerk.token).get(`/api/products?businessId=${owner.businessId}`)).statusCode).toBe(403);
    const res = await api(t.app, clerk.token).get(`/api/supplyrecord/products?businessId=${owner.businessId}&q=flour`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ _id: flour._id, name: "Flour 2kg", unit: "pcs" })]);
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    expect(
      (await api(t.app, cashier.token).get(`/api/supplyrecord/products?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
  });
});

describe("GET /api/supplyrecord", () => {
  it("lists newest first, by supplier, credit, open and status, or number", async () => {
    const shop = await registerBusiness(t.app);
    const s1 = await newSupplier(t.app, shop, shop.businessId, { name: "First Co" });
    const s2 = await newSupplier(t.app, shop, shop.businessId, { name: "Second Co" });
    const a = await newSupply(t.app, shop, shop.businessId, s1._id); // Pending
    const b = await newSupply(t.app, shop, shop.businessId, s2._id, { amountPaid: 100, paymentMethod: "Cash" }); // paid
    const c = await newSupply(t.app, shop, shop.businessId, s2._id, {
      commodities: [{ name: "X", quantity: 1, unitCost: 1000 }],
      amountPaid: 400,
      paymentMethod: "Cash",
    }); // Partial
    const ids = async (q: string) =>
      (await api(t.app, shop.token).get(`/api/supplyrecord?businessId=${shop.businessId}&${q}`))
        .json()
        .items.map((s: SupplyRecord) => s._id);
    expect(await ids("")).toEqual([c._id, b._id, a._id]);
    expect(await ids(`supplierId=${s2._id}`)).toEqual([c._id, b._id]);
    expect(await ids("credit=true")).toEqual([c._id, a._id]);
    expect(await ids("open=false")).toEqual([b._id]);
    expect(await ids("creditStatus=Partial")).toEqual([c._id]);
    expect(await ids(`q=${b.supplyNumber}`)).toEqual([b._id]);
    expect(await ids("q=first")).toEqual([a._id]);
    expect(
      (await api(t.app, shop.token).get(`/api/supplyrecord?businessId=${shop.businessId}&open=maybe`)).statusCode,
    ).toBe(400);
  });
});

describe("editing a supply", () => {
  it("PUT changes when it arrived, who received it and its notes", async () => {
    const s = await newSupply(t.app, owner, owner.businessId, supplierId);
    const res = await asOwner().put(`/api/supplyrecord/${s._id}`, {
      suppliedAt: "2026-03-01T06:30:00.000Z",
      receivedBy: "Achieng",
      notes: "Late truck",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      suppliedAt: "2026-03-01T06:30:00.000Z",
      receivedBy: "Achieng",
      notes: "Late truck",
    });
    expect((await asOwner().put(`/api/supplyrecord/${s._id}`, {})).statusCode).toBe(400);
  });

  it("PATCH a product line: quantity not below what is in stock, unit cost only before any is in stock", async () => {
    const s = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: flour._id, quantity: 10, unitCost: 1000 }],
      commodities: [],
      amountPaid: 3000,
      paymentMethod: "Cash",
    });
    const patch = (body: object, productId = flour._id) =>
      asOwner().send("PATCH", `/api/supplyrecord/${s._id}/product/${productId}`, body);
    const cheaper = await patch({ unitCost: 900, quantity: 12 });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json()).toMatchObject({ total: 10800, amountPaid: 3000, balance: 7800, creditStatus: "Partial" });
    await asOwner().post(`/api/supplyrecord/transferSupplyToStock/${s._id}`, {
      products: [{ productId: flour._id, quantity: 5 }],
    });
    const below = await patch({ quantity: 4 });
    expect(below.statusCode).toBe(422);
    expect(below.json().error.fields.quantity).toBe("At least 5");
    expect((await patch({ unitCost: 800 })).statusCode).toBe(409);
    expect((await patch({ quantity: 5 })).json()).toMatchObject({ total: 4500, balance: 1500 });
    expect((await patch({ quantity: 6 }, sugar._id)).statusCode).toBe(404);
    expect((await patch({ quantity: -6 })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
  });

  it("a line above the money limit is 400 naming the field, never a 500, by POST or PATCH; nothing saved", async () => {
    // The largest unit cost (1e11 cents) times the most units (1e9) is 1e20 cents: beyond bigint.
    const huge = { quantity: 1_000_000_000, unitCost: 100_000_000_000 };
    const before = await databaseFingerprint(t.database);
    const created = await asOwner().post("/api/supplyrecord", {
      ...delivery(),
      products: [{ productId: flour._id, ...huge }],
      commodities: [],
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(Object.keys(created.json().error.fields)).toEqual(["products"]);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    const s = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: flour._id, quantity: 10, unitCost: 1000 }],
    });
    const commodityId = s.commodities[0]!._id;
    const lineBefore = await databaseFingerprint(t.database);
    for (const [kind, id] of [
      ["product", flour._id],
      ["commodity", commodityId],
    ] as const) {
      const res = await asOwner().send("PATCH", `/api/supplyrecord/${s._id}/${kind}/${id}`, huge);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(["unitCost"]);
    }
    expect(await databaseFingerprint(t.database)).toEqual(lineBefore);
  });

  it("PATCH a commodity line, and the total follows", async () => {
    const s = await newSupply(t.app, owner, owner.businessId, supplierId, {
      commodities: [{ name: "Fuel", unit: "litres", quantity: 10, unitCost: 20000 }],
    });
    const commodityId = s.commodities[0]!._id;
    const res = await asOwner().send("PATCH", `/api/supplyrecord/${s._id}/commodity/${commodityId}`, {
      name: "Petrol",
      quantity: 12,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 240000, balance: 240000, creditStatus: "Pending" });
    expect(res.json().commodities[0]).toMatchObject({ name: "Petrol", unit: "litres", quantity: 12 });
    // A total below what was already paid is refused.
    await asOwner().post(`/api/supplyrecord/${s._id}/payments`, { amountPaid: 150000, paymentMethod: "Cash" });
    const tooLow = await asOwner().send("PATCH", `/api/supplyrecord/${s._id}/commodity/${commodityId}`, {
      quantity: 5,
    });
    expect(tooLow.statusCode).toBe(422);
    expect(tooLow.json().error.message).toContain("KES 1,500.00 has already been paid");
    expect(
      (await asOwner().send("PATCH", `/api/supplyrecord/${s._id}/commodity/${flour._id}`, { quantity: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await asOwner().send("PATCH", `/api/supplyrecord/${s._id}/commodity/${commodityId}`, { unitCost: -1 }))
        .statusCode,
    ).toBe(400);
  });

  it("DELETE removes a supply entered by mistake; not once part is in stock or paid for later", async () => {
    const mistake = await newSupply(t.app, owner, owner.businessId, supplierId, {
      amountPaid: 50,
      paymentMethod: "Cash",
    });
    expect((await asOwner().del(`/api/supplyrecord/${mistake._id}`)).json()).toEqual({ deleted: true });
    expect((await asOwner().get(`/api/supplyrecord/${mistake._id}`)).statusCode).toBe(404);
    // The cash book keeps the delivery payment and its reversal: the supply nets to nothing.
    const { rows } = await t.database.pool.query(
      `SELECT direction, amount::int AS amount, correction FROM money_movements
        WHERE business_id = $1 AND source_area = 'supplies' AND source_id = $2 ORDER BY seq`,
      [owner.businessId, mistake._id],
    );
    expect(rows).toEqual([
      { direction: "out", amount: 50, correction: null },
      { direction: "in", amount: 50, correction: "deleted" },
    ]);

    const moved = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: sugar._id, quantity: 2, unitCost: 100 }],
    });
    await asOwner().post(`/api/supplyrecord/transferSupplyToStock/${moved._id}`, {
      products: [{ productId: sugar._id, quantity: 1 }],
    });
    expect((await asOwner().del(`/api/supplyrecord/${moved._id}`)).statusCode).toBe(409);
    const paid = await newSupply(t.app, owner, owner.businessId, supplierId);
    await asOwner().post(`/api/supplyrecord/${paid._id}/payments`, { amountPaid: 50, paymentMethod: "Cash" });
    expect((await asOwner().del(`/api/supplyrecord/${paid._id}`)).statusCode).toBe(409);
  });
});

describe("the supply logs and the analysis", () => {
  it("commodity log, quantity and value, and spend by supplier, product and month", async () => {
    const shop = await registerBusiness(t.app);
    const a = await newSupplier(t.app, shop, shop.businessId, { name: "Analysis A" });
    const b = await newSupplier(t.app, shop, shop.businessId, { name: "Analysis B" });
    const p = await newProduct(t.app, shop, shop.businessId, { name: "Rice 5kg", quantity: 0 });
    const first = await newSupply(t.app, shop, shop.businessId, a._id, {
      suppliedAt: "2026-01-10T09:00:00.000Z",
      products: [{ productId: p._id, quantity: 10, unitCost: 50000 }],
      commodities: [{ name: "Fuel", unit: "litres", quantity: 4, unitCost: 20000 }],
    });
    await newSupply(t.app, shop, shop.businessId, a._id, {
      suppliedAt: "2026-02-10T09:00:00.000Z",
      products: [{ productId: p._id, quantity: 5, unitCost: 52000 }],
      commodities: [],
    });
    await newSupply(t.app, shop, shop.businessId, b._id, {
      suppliedAt: "2026-02-20T09:00:00.000Z",
      commodities: [{ name: "Fuel", unit: "litres", quantity: 1, unitCost: 21000 }],
    });
    const get = async (url: string) => (await api(t.app, shop.token).get(url)).json();

    const commodities: CommodityLogEntry[] = await get(`/api/supplyrecord/commodity/${a._id}`);
    expect(commodities.map((c) => [c.supplyNumber, c.name, c.quantity, c.totalCost])).toEqual([
      [first.supplyNumber, "Fuel", 4, 80000],
    ]);

    const all: SupplyQuantityValue = await get(`/api/supplyrecord/supply/quantity/value?businessId=${shop.businessId}`);
    expect(all.products).toEqual([
      { productId: p._id, name: "Rice 5kg", unit: "pcs", quantity: 15, value: 760000, transferred: 0 },
    ]);
    expect(all.commodities).toEqual([{ name: "Fuel", unit: "litres", quantity: 5, value: 101000 }]);
    expect(all).toMatchObject({ totalQuantity: 20, totalValue: 861000 });
    const one: SupplyQuantityValue = await get(
      `/api/supplyrecord/supply/quantity/value?businessId=${shop.businessId}&supplierId=${a._id}&supplyId=${first._id}`,
    );
    expect(one.totalValue).toBe(580000);
    const ofB: SupplyQuantityValue = await get(
      `/api/supplyrecord/supply/quantity/value?businessId=${shop.businessId}&supplierId=${b._id}`,
    );
    expect(ofB).toMatchObject({ products: [], totalValue: 21000 });

    const analysis: SupplyAnalysis = await get(
      `/api/supplyrecord/analysis?businessId=${shop.businessId}&from=2026-01-01&to=2026-02-28&bucket=month`,
    );
    expect(analysis).toMatchObject({ total: 861000, commodities: 101000 });
    expect(analysis.bySupplier.map((s) => [s.name, s.supplies, s.total])).toEqual([
      ["Analysis A", 2, 840000],
      ["Analysis B", 1, 21000],
    ]);
    expect(analysis.byProduct).toEqual([
      { productId: p._id, name: "Rice 5kg", quantity: 15, total: 760000, averageUnitCost: 50667 },
    ]);
    expect(analysis.periods.map((x) => [x.period, x.total, x.suppliers.length])).toEqual([
      ["2026-01-01", 580000, 1],
      ["2026-02-01", 281000, 2],
    ]);
    const january: SupplyAnalysis = await get(
      `/api/supplyrecord/analysis?businessId=${shop.businessId}&from=2026-01-01&to=2026-01-31`,
    );
    expect(january.total).toBe(580000);
    const bad = await api(t.app, shop.token).get(
      `/api/supplyrecord/analysis?businessId=${shop.businessId}&from=2026-02-01&to=2026-01-01`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
