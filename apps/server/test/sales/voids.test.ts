import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, expectLedgerBalanced, ledgerOf, newProduct, quantityOf, sold, statusCounts } from "../factories/sales.ts";

/**
 * Voiding a sale (DELETE /api/sales/{id}), the void sales (GET .../voidsales/salesvoid/this/ask),
 * restoring (POST .../voidsales/restore/{id}), correcting and deleting a void sale.
 */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(() => t.close());

const o = () => api(t.app, owner.token);
const ids = (list: Sale[]) => list.map((s) => s._id);
const voidList = async () => {
  const res = await o().get(`/api/sales/voidsales/salesvoid/this/ask?businessId=${owner.businessId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Sale[];
};
const saleList = async () => (await o().get(`/api/sales?businessId=${owner.businessId}&limit=1000`)).json() as Sale[];

async function saleOf(quantity: number, stock = 10) {
  const p = await newProduct(t.app, owner, owner.businessId, {
    name: `Rice ${crypto.randomUUID().slice(0, 4)}`,
    sellingprice: 1000,
    quantity: stock,
  });
  const sale = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity }], quantity * 1000);
  return { p, sale };
}

describe("DELETE /api/sales/{id}: void", () => {
  it("moves the sale to the void sales with who, when and why, and returns its stock through the ledger", async () => {
    const { p, sale } = await saleOf(3);
    const manager = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager" });
    const res = await api(t.app, manager.token).del(
      `/api/sales/${sale._id}?deletedBy=someone-else&paymentStatus=Paid&reason=${encodeURIComponent("Customer changed mind")}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const voided = res.json() as Sale;
    // Who voided it is the signed-in user, whatever the query says.
    expect(voided).toMatchObject({
      _id: sale._id,
      status: "voided",
      deletedBy: manager.username,
      voidReason: "Customer changed mind",
      amount: 3000,
    });
    expect(Date.parse(voided.deletedAt!)).not.toBeNaN();
    expect(await quantityOf(t.app, owner, p._id)).toBe(10);
    expect((await ledgerOf(t.database, p._id)).slice(1)).toEqual([
      { reason: "sale", delta: -3, refType: "sale", refId: sale._id },
      { reason: "void", delta: 3, refType: "sale", refId: sale._id },
    ]);
    expect(ids(await saleList())).not.toContain(sale._id);
    expect(await voidList()).toContainEqual(voided);
    expect((await o().get(`/api/sales/${sale._id}`)).json().status).toBe("voided");
  });

  it("a sale already voided: 409 and nothing written; an Idempotency-Key retry returns the first result", async () => {
    const { p, sale } = await saleOf(2);
    const key = { "idempotency-key": `void-${sale._id}` };
    const first = await o().del(`/api/sales/${sale._id}`, key);
    expect(first.statusCode).toBe(200);
    const before = await databaseFingerprint(t.database);
    const retry = await o().del(`/api/sales/${sale._id}`, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const again = await o().del(`/api/sales/${sale._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain(`#${sale.saleNumber}`);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect(await quantityOf(t.app, owner, p._id)).toBe(10);
  });

  it("lists the void sales most recently voided first, only this business's and only retail", async () => {
    const a = await saleOf(1);
    const b = await saleOf(1);
    await o().del(`/api/sales/${b.sale._id}`);
    await o().del(`/api/sales/${a.sale._id}`);
    const order = await o().post("/api/orders", {
      businessId: owner.businessId,
      products: [{ productId: a.p._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 8000 }],
    });
    await o().del(`/api/orders/${order.json()._id}`);
    const other = await registerBusiness(t.app);
    const theirs = await newProduct(t.app, other, other.businessId);
    const foreign = await sold(t.app, other, other.businessId, [{ productId: theirs._id, quantity: 1 }], 10000);
    await api(t.app, other.token).del(`/api/sales/${foreign._id}`);
    const list = await voidList();
    expect(ids(list).slice(0, 2)).toEqual([a.sale._id, b.sale._id]);
    expect(ids(list)).not.toContain(order.json()._id);
    expect(ids(list)).not.toContain(foreign._id);
    expect(list.every((s) => s.status === "voided" && s.channel === "retail")).toBe(true);
    expect((await o().get("/api/sales/voidsales/salesvoid/this/ask")).statusCode).toBe(400);
  });
});

describe("POST /api/sales/voidsales/restore/{id}", () => {
  it("brings the sale back to the sales list and takes its stock again", async () => {
    const { p, sale } = await saleOf(4);
    await o().del(`/api/sales/${sale._id}?reason=oops`);
    const res = await o().post(`/api/sales/voidsales/restore/${sale._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: sale._id,
      status: "completed",
      deletedBy: null,
      deletedAt: null,
      voidReason: null,
      saleNumber: sale.saleNumber,
      amount: 4000,
    });
    expect(await quantityOf(t.app, owner, p._id)).toBe(6);
    expect((await ledgerOf(t.database, p._id)).map((m) => [m.reason, m.delta])).toEqual([
      ["adjustment", 10],
      ["sale", -4],
      ["void", 4],
      ["restore", -4],
    ]);
    expect(ids(await saleList())).toContain(sale._id);
    expect(ids(await voidList())).not.toContain(sale._id);
    await expectLedgerBalanced(t.database, owner.businessId);
  });

  it("is refused with 409 naming the product when its stock is gone, and nothing changes", async () => {
    const { p, sale } = await saleOf(3, 5);
    await o().del(`/api/sales/${sale._id}`);
    await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 4 }], 4000);
    const before = await databaseFingerprint(t.database);
    const res = await o().post(`/api/sales/voidsales/restore/${sale._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(p.name);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect(await quantityOf(t.app, owner, p._id)).toBe(1);
    expect(ids(await voidList())).toContain(sale._id);
  });

  it("a sale that is not voided: 409", async () => {
    const { sale } = await saleOf(1);
    const before = await databaseFingerprint(t.database);
    expect((await o().post(`/api/sales/voidsales/restore/${sale._id}`)).statusCode).toBe(409);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});

describe("PUT and DELETE /api/sales/voidsales/{id}", () => {
  it("PUT corrects the reason of a void sale; a blank reason is 400 and a live sale 409, with nothing written", async () => {
    const { sale } = await saleOf(1);
    await o().del(`/api/sales/${sale._id}?reason=typo`);
    const res = await o().put(`/api/sales/voidsales/${sale._id}`, { reason: "  Rang up twice  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "voided", voidReason: "Rang up twice" });
    expect((await voidList()).find((s) => s._id === sale._id)?.voidReason).toBe("Rang up twice");
    const live = await saleOf(1);
    const before = await databaseFingerprint(t.database);
    for (const body of [{ reason: "   " }, {}, { reason: "x".repeat(501) }])
      expect((await o().put(`/api/sales/voidsales/${sale._id}`, body)).statusCode).toBe(400);
    expect((await o().put(`/api/sales/voidsales/${live.sale._id}`, { reason: "no" })).statusCode).toBe(409);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("DELETE takes only a voided sale off the void sales; it is kept (never erased) and its stock stays where the void put it", async () => {
    const { p, sale } = await saleOf(2);
    const live = await saleOf(1);
    const before = await databaseFingerprint(t.database);
    expect((await o().del(`/api/sales/voidsales/${live.sale._id}`)).statusCode).toBe(409);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    await o().del(`/api/sales/${sale._id}`);
    const res = await o().del(`/api/sales/voidsales/${sale._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ hidden: true });
    expect((await o().get(`/api/sales/${sale._id}`)).json()).toMatchObject({ status: "voided" });
    expect(ids(await voidList())).not.toContain(sale._id);
    expect(await quantityOf(t.app, owner, p._id)).toBe(10);
    expect((await o().del(`/api/sales/voidsales/${sale._id}`)).statusCode).toBe(409);
    await expectLedgerBalanced(t.database, owner.businessId);
  });
});

describe("voids at the same moment", () => {
  it("concurrent voids of one sale: one succeeds, the others get 409, stock is returned once", async () => {
    const { p, sale } = await saleOf(3);
    const results = await Promise.all(Array.from({ length: 8 }, () => o().del(`/api/sales/${sale._id}`)));
    expect(statusCounts(results)).toEqual({ 200: 1, 409: 7 });
    expect(await quantityOf(t.app, owner, p._id)).toBe(10);
    expect((await ledgerOf(t.database, p._id)).filter((m) => m.reason === "void")).toHaveLength(1);
  });

  it("concurrent restores of one sale: one succeeds, the others get 409, stock is taken once", async () => {
    const { p, sale } = await saleOf(3);
    await o().del(`/api/sales/${sale._id}`);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => o().post(`/api/sales/voidsales/restore/${sale._id}`)),
    );
    expect(statusCounts(results)).toEqual({ 200: 1, 409: 7 });
    expect(await quantityOf(t.app, owner, p._id)).toBe(7);
    await expectLedgerBalanced(t.database, owner.businessId);
  });
});
