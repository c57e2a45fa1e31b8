import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import type { ProductSupplyLog, SupplyTransfer } from "@app/shared/supplies/supply-logs";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, expectLedgerBalanced, ledgerOf, newProduct, quantityOf, statusCounts } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";

/**
 * Receiving goods: POST /api/supplyrecord/transferSupplyToStock/{id} moves units from the supply
 * store into stock through the ledger, sets the weighted average cost, never more than received,
 * idempotent and safe when sent in parallel. And the logs it feeds.
 */
let t: TestApp;
let owner: Owner;
let supplierId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  supplierId = (await newSupplier(t.app, owner, owner.businessId, { name: "Stock Supplier" }))._id;
});
afterAll(() => t.close());

const asOwner = () => api(t.app, owner.token);
const transfer = (id: string, products: { productId: string; quantity: number }[], headers?: Record<string, string>) =>
  asOwner().post(`/api/supplyrecord/transferSupplyToStock/${id}`, { products }, headers);
const buyingPriceOf = async (productId: string) =>
  (await asOwner().get(`/api/products/${productId}`)).json().buyingPrice;

describe("POST /api/supplyrecord/transferSupplyToStock/{id}", () => {
  it("moves part of a delivery into stock through the ledger and sets the weighted average cost", async () => {
    // 10 on the shelf at KES 50.00.
    const soap = await newProduct(t.app, owner, owner.businessId, { quantity: 10, buyingPrice: 5000 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: soap._id, quantity: 40, unitCost: 7000 }],
      commodities: [],
    });
    // Received into the supply store: the shelf does not change yet.
    expect(await quantityOf(t.app, owner, soap._id)).toBe(10);
    expect(supply.products[0]).toMatchObject({ quantity: 40, transferred: 0, remaining: 40, totalCost: 280000 });

    const res = await transfer(supply._id, [{ productId: soap._id, quantity: 30 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SupplyRecord).products[0]).toMatchObject({ transferred: 30, remaining: 10 });
    expect(await quantityOf(t.app, owner, soap._id)).toBe(40);
    // (10 x 50.00 + 30 x 70.00) / 40 = 65.00
    expect(await buyingPriceOf(soap._id)).toBe(6500);
    const ledger = await ledgerOf(t.database, soap._id);
    expect(ledger.at(-1)).toMatchObject({ reason: "supply", delta: 30, refType: "supply", refId: supply._id });
    await expectLedgerBalanced(t.database, owner.businessId);

    // The rest, later: (40 x 65.00 + 10 x 70.00) / 50 = 66.00
    expect((await transfer(supply._id, [{ productId: soap._id, quantity: 10 }])).statusCode).toBe(200);
    expect(await buyingPriceOf(soap._id)).toBe(6600);
    const log: SupplyTransfer[] = (await asOwner().get(`/api/supplyrecord/transfer/quantity/${supply._id}`)).json();
    expect(log.map((l) => [l.quantity, l.costBefore, l.costAfter, l.quantityAfter])).toEqual([
      [10, 6500, 6600, 50],
      [30, 5000, 6500, 40],
    ]);
  });

  it("rounds the average half up to the whole cent", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 1, buyingPrice: 100 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 2, unitCost: 101 }],
      commodities: [],
    });
    expect((await transfer(supply._id, [{ productId: p._id, quantity: 2 }])).statusCode).toBe(200);
    expect(await buyingPriceOf(p._id)).toBe(101); // 302 / 3 = 100.67
  });

  it("refuses more than is left in the supply store (422 SUPPLY_TRANSFER_EXCEEDS), moving nothing", async () => {
    const a = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const b = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [
        { productId: a._id, quantity: 5, unitCost: 100 },
        { productId: b._id, quantity: 5, unitCost: 100 },
      ],
      commodities: [],
    });
    expect((await transfer(supply._id, [{ productId: a._id, quantity: 3 }])).statusCode).toBe(200);
    const other = await newProduct(t.app, owner, owner.businessId);
    const before = await databaseFingerprint(t.database);
    const res = await transfer(supply._id, [
      { productId: b._id, quantity: 5 },
      { productId: a._id, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("SUPPLY_TRANSFER_EXCEEDS");
    expect(res.json().error.fields[a._id]).toContain("Only 2");
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // Bad input and products that are not on the supply change nothing either.
    expect((await transfer(supply._id, [{ productId: other._id, quantity: 1 }])).statusCode).toBe(404);
    expect((await transfer(supply._id, [{ productId: a._id, quantity: 0 }])).statusCode).toBe(400);
    expect((await transfer(supply._id, [{ productId: a._id, quantity: -2 }])).statusCode).toBe(400);
    expect((await transfer(supply._id, [])).statusCode).toBe(400);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("a retry with the same Idempotency-Key moves the units once", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 10, unitCost: 100 }],
      commodities: [],
    });
    const key = { "idempotency-key": `transfer-${supply._id}` };
    const first = await transfer(supply._id, [{ productId: p._id, quantity: 4 }], key);
    const again = await transfer(supply._id, [{ productId: p._id, quantity: 4 }], key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await quantityOf(t.app, owner, p._id)).toBe(4);
    const reused = await transfer(supply._id, [{ productId: p._id, quantity: 5 }], key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("parallel transfers of one supply never move more than it holds, and the ledger stays whole", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 7, buyingPrice: 1000 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 20, unitCost: 2000 }],
      commodities: [],
    });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => transfer(supply._id, [{ productId: p._id, quantity: 3 }])),
    );
    expect(statusCounts(results)).toEqual({ 200: 6, 422: 6 });
    const after = (await asOwner().get(`/api/supplyrecord/${supply._id}`)).json() as SupplyRecord;
    expect(after.products[0]).toMatchObject({ transferred: 18, remaining: 2 });
    expect(await quantityOf(t.app, owner, p._id)).toBe(25);
    await expectLedgerBalanced(t.database, owner.businessId);
    const moved = (await ledgerOf(t.database, p._id)).filter((m) => m.reason === "supply");
    expect(moved.map((m) => m.delta)).toEqual([3, 3, 3, 3, 3, 3]);
    // Each step averaged the shelf with the new units: 7 at 10.00, then +3 at 20.00 six times -> 25 units.
    const log: SupplyTransfer[] = (await asOwner().get(`/api/supplyrecord/transfer/quantity/${supply._id}`)).json();
    expect(log).toHaveLength(6);
    expect(await buyingPriceOf(p._id)).toBe(log[0]!.costAfter);
  });

  it("parallel transfers of two supplies of the same products, in opposite orders, neither deadlock nor lose units", async () => {
    const x = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const y = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const lines = [
      { productId: x._id, quantity: 50, unitCost: 100 },
      { productId: y._id, quantity: 50, unitCost: 100 },
    ];
    const s1 = await newSupply(t.app, owner, owner.businessId, supplierId, { products: lines, commodities: [] });
    const s2 = await newSupply(t.app, owner, owner.businessId, supplierId, { products: lines, commodities: [] });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_v, i) =>
        transfer(
          i % 2 ? s1._id : s2._id,
          i % 4 < 2
            ? [
                { productId: x._id, quantity: 5 },
                { productId: y._id, quantity: 5 },
              ]
            : [
                { productId: y._id, quantity: 5 },
                { productId: x._id, quantity: 5 },
              ],
        ),
      ),
    );
    expect(statusCounts(results)).toEqual({ 200: 10 });
    expect(await quantityOf(t.app, owner, x._id)).toBe(50);
    expect(await quantityOf(t.app, owner, y._id)).toBe(50);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("the till's catalog sees the new quantity", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 2 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 12, unitCost: 100 }],
      commodities: [],
    });
    await transfer(supply._id, [{ productId: p._id, quantity: 8 }]);
    const catalog = (await asOwner().get(`/api/products/catalog?businessId=${owner.businessId}`)).json();
    expect(catalog.quantities[catalog.ids.indexOf(p._id)]).toBe(10);
  });

  it("a product archived since the delivery cannot receive stock (409)", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 1 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 3, unitCost: 100 }],
      commodities: [],
    });
    await t.database.pool.query("UPDATE products SET archived_at = now(), active = false WHERE id = $1", [p._id]);
    const res = await transfer(supply._id, [{ productId: p._id, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect((await asOwner().get(`/api/supplyrecord/${supply._id}`)).json().products[0].transferred).toBe(0);
  });

  it("staff need the Supplies area to move stock; another business's supply is 404", async () => {
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 0 });
    const supply = await newSupply(t.app, owner, owner.businessId, supplierId, {
      products: [{ productId: p._id, quantity: 3, unitCost: 100 }],
      commodities: [],
    });
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const clerk = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Clerk", viewSupplies: true });
    const body = { products: [{ productId: p._id, quantity: 1 }] };
    const url = `/api/supplyrecord/transferSupplyToStock/${supply._id}`;
    expect((await api(t.app, cashier.token).post(url, body)).statusCode).toBe(403);
    expect((await api(t.app, clerk.token).post(url, body)).statusCode).toBe(200);
    const stranger = await registerBusiness(t.app);
    expect((await api(t.app, stranger.token).post(url, body)).statusCode).toBe(404);
  });
});

describe("GET /api/supplyrecord/log/quantity/{productId}", () => {
  it("lists every delivery of a product with its unit cost, what moved and what is left", async () => {
    const shop = await registerBusiness(t.app);
    const sA = await newSupplier(t.app, shop, shop.businessId, { name: "Log A" });
    const sB = await newSupplier(t.app, shop, shop.businessId, { name: "Log B" });
    const p = await newProduct(t.app, shop, shop.businessId, { quantity: 0, buyingPrice: 0 });
    const first = await newSupply(t.app, shop, shop.businessId, sA._id, {
      suppliedAt: "2026-01-05T08:00:00.000Z",
      products: [{ productId: p._id, quantity: 10, unitCost: 900 }],
      commodities: [],
    });
    await newSupply(t.app, shop, shop.businessId, sB._id, {
      suppliedAt: "2026-02-05T08:00:00.000Z",
      products: [{ productId: p._id, quantity: 6, unitCost: 1000 }],
      commodities: [],
    });
    await api(t.app, shop.token).post(`/api/supplyrecord/transferSupplyToStock/${first._id}`, {
      products: [{ productId: p._id, quantity: 4 }],
    });
    const log: ProductSupplyLog = (await api(t.app, shop.token).get(`/api/supplyrecord/log/quantity/${p._id}`)).json();
    expect(log.entries.map((e) => [e.supplierName, e.quantity, e.unitCost, e.transferred, e.remaining])).toEqual([
      ["Log B", 6, 1000, 0, 6],
      ["Log A", 10, 900, 4, 6],
    ]);
    expect(log).toMatchObject({ totalReceived: 16, totalTransferred: 4, inSupplyStore: 12 });
    expect(log.product).toMatchObject({ quantity: 4, buyingPrice: 900 });
    expect((await api(t.app, owner.token).get(`/api/supplyrecord/log/quantity/${p._id}`)).statusCode).toBe(404);
  });
});
