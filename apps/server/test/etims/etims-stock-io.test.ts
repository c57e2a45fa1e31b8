import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oscuDate } from "@app/shared/etims/oscu";
import { addBusiness, client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { ETIMS_DETAILS as ETIMS, openOutboxRows, queueSettled, seedEtims, until } from "../factories/etims.ts";
import { newProduct, sold } from "../factories/sales.ts";
import { newSupplier, newSupply } from "../factories/supplies.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";

// Issue 30 item 7: every stock ledger movement of a product KRA knows, of a business connected to
// eTIMS, reported to KRA by the queue in batches (insertStockIO), then each product's remaining
// quantity (saveStockMaster), against the fake KRA (which checks every field, the codes of class
// 12 and the lines' arithmetic).

let t: TestApp;
let kra: FakeEtims;
let owner: Owner;
let pin: string;

beforeAll(async () => {
  kra = await startFakeEtims();
  t = await createTestApp({ etims: { baseUrl: kra.url, timeoutMs: 1_000, retryBaseMs: 300 } }, { jobs: true });
});
afterAll(async () => {
  await t.close();
  await kra.close();
});
beforeEach(async () => {
  kra.setDown(false);
  owner = await registerBusiness(t.app);
  pin = await seedEtims(t.app, kra, owner);
  kra.rejected.length = 0;
});
afterEach(() => expect(kra.rejected).toEqual([]));

const api = () => client(t.app, owner.token);
const product = (over: Record<string, unknown> = {}) =>
  newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10, ...ETIMS, ...over });
const adjust = async (productId: string, delta: number) => {
  const res = await api().post(`/api/products/${productId}/stock`, { note: "counted", delta });
  expect(res.statusCode, res.body).toBe(200);
};

const openCount = (businessId = owner.businessId) => openOutboxRows(t.database, businessId);
const settled = () => queueSettled(t.database, owner.businessId);
const itemCodeOf = async (productId: string) =>
  ((await api().get(`/api/products/${productId}`)).json() as { etimsItemCode: string }).etimsItemCode;

type Report = { sarNo: number; sarTyCd: string; regTyCd: string; itemList: Record<string, unknown>[] } & Record<
  string,
  unknown
>;
/** The stock reports KRA holds, in the order it took them. */
const reports = () => [...kra.branch(pin).stockIo.values()] as Report[];
/** The reports taken since `n` were. */
const since = (n: number) => reports().slice(n);
const stockOf = (itemCd: string) => kra.branch(pin).stock.get(itemCd);

describe("stock movements to KRA (insertStockIO, saveStockMaster)", () => {
  it("reports a supply received, an adjustment, a transfer and a sale, each with the remaining quantities", async () => {
    const a = await product();
    const b = await product({ sellingprice: 12_050 });
    await settled();
    const [codeA, codeB] = [await itemCodeOf(a._id), await itemCodeOf(b._id)];
    // The opening stock: an adjustment in (06), entered by staff (M).
    const opening = reports();
    expect(opening.map((r) => [r.sarTyCd, r.regTyCd, r.itemList.map((l) => [l.itemCd, l.qty])])).toEqual([
      ["06", "M", [[codeA, 10]]],
      ["06", "M", [[codeB, 10]]],
    ]);
    expect([stockOf(codeA), stockOf(codeB)]).toEqual([10, 10]);

    // A supply of both, received into stock: one purchase report (02) with two lines.
    const supplier = await newSupplier(t.app, owner, owner.businessId);
    const supply = await newSupply(t.app, owner, owner.businessId, supplier._id, {
      products: [
        { productId: a._id, quantity: 5, unitCost: 3000 },
        { productId: b._id, quantity: 3, unitCost: 9000 },
      ],
      commodities: [],
    });
    const received = await api().post(`/api/supplyrecord/transferSupplyToStock/${supply._id}`, {
      products: [
        { productId: a._id, quantity: 5 },
        { productId: b._id, quantity: 3 },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    await settled();
    const { rows: supplied } = await t.database.pool.query<{ at: Date }>(
      "SELECT created_at AS at FROM stock_movements WHERE business_id = $1 AND reason = 'supply' LIMIT 1",
      [owner.businessId],
    );
    const [purchase] = since(opening.length) as [Report];
    expect(since(opening.length)).toHaveLength(1);
    const item = kra.branch(pin).items.get(codeB)!;
    expect(purchase).toMatchObject({
      tin: pin,
      bhfId: "00",
      sarNo: 3,
      orgSarNo: 0,
      regTyCd: "M",
      custTin: null,
      sarTyCd: "02",
      ocrnDt: oscuDate(new Date(supplied[0]!.at)),
      totItemCnt: 2,
      totTaxblAmt: 5 * 50 + 3 * 120.5,
      totAmt: 5 * 50 + 3 * 120.5,
      regrId: "duka-pos",
      modrId: "duka-pos",
    });
    // One line per movement, in the ledger's order (a supply's lines go in product id order).
    expect(purchase.itemList.map((l) => l.itemSeq)).toEqual([1, 2]);
    const lineOf = (code: string) => purchase.itemList.find((l) => l.itemCd === code);
    expect(lineOf(codeA)).toMatchObject({ pkgUnitCd: "BO", qtyUnitCd: "U", qty: 5, pkg: 5, prc: 50 });
    expect(lineOf(codeB)).toMatchObject({
      itemClsCd: "5020230100",
      qty: 3,
      prc: 120.5,
      splyAmt: 361.5,
      totDcAmt: 0,
      taxblAmt: 361.5,
      totAmt: 361.5,
      taxTyCd: item.taxTyCd,
    });
    expect([stockOf(codeA), stockOf(codeB)]).toEqual([15, 13]);

    // A count that found 2 fewer: an adjustment out (16), 2 sent positive.
    await adjust(a._id, -2);
    await settled();
    expect(since(opening.length + 1).map((r) => [r.sarNo, r.sarTyCd, r.regTyCd, r.itemList[0]!.qty])).toEqual([
      [4, "16", "M", 2],
    ]);
    expect(stockOf(codeA)).toBe(13);

    // A transfer to another business of the owner (not connected: it reports nothing): out (13).
    const branch = await addBusiness(t.app, owner);
    const moved = await api().post("/api/businesses/products/transfer", {
      businessId: owner.businessId,
      toBusinessId: branch.businessId,
      products: [{ productId: b._id, quantity: 4 }],
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await settled();
    expect(
      since(opening.length + 2).map((r) => [r.sarNo, r.sarTyCd, r.itemList.map((l) => [l.itemCd, l.qty])]),
    ).toEqual([[5, "13", [[codeB, 4]]]]);
    expect(stockOf(codeB)).toBe(9);
    expect(await openCount(branch.businessId)).toBe(0);

    // A sale of both: signed, then one sale report (11) written by the system (A).
    await sold(
      t.app,
      owner,
      owner.businessId,
      [
        { productId: a._id, quantity: 3 },
        { productId: b._id, quantity: 1 },
      ],
      3 * 5000 + 12_050,
    );
    await settled();
    const sale = since(opening.length + 3);
    expect(sale.map((r) => [r.sarNo, r.sarTyCd, r.regTyCd])).toEqual([[6, "11", "A"]]);
    expect(sale[0]!.itemList.map((l) => `${String(l.itemCd)} ${String(l.qty)}`).sort()).toEqual(
      [`${codeA} 3`, `${codeB} 1`].sort(),
    );
    expect([stockOf(codeA), stockOf(codeB)]).toEqual([10, 8]);
    // Stock reports stay out of the owner's "Not yet signed by KRA" list and counts.
    const queue = await api().get(`/api/etims/queue?businessId=${owner.businessId}`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items).toEqual([]);
  });

  it("KRA down, then back: every movement reported once, in order, in as few reports as their types allow", async () => {
    const p = await product({ quantity: 50 });
    await settled();
    const code = await itemCodeOf(p._id);
    const before = reports().length;
    kra.setDown(true);
    for (const delta of [-1, -2, -3, 4, -5]) await adjust(p._id, delta);
    await until(async () => {
      const { rows } = await t.database.pool.query<{ n: number }>(
        "SELECT max(attempts)::int AS n FROM etims_outbox WHERE business_id = $1 AND kind = 'stock' AND state = 'queued'",
        [owner.businessId],
      );
      return (rows[0]!.n ?? 0) >= 2;
    });
    kra.setDown(false);
    await settled();
    const sent = since(before);
    // The reports' numbers follow on, none twice; their lines are the movements in their order.
    expect(sent.map((r) => r.sarNo)).toEqual(sent.map((_, i) => before + 1 + i));
    expect(sent.flatMap((r) => r.itemList.map((l) => `${r.sarTyCd}:${String(l.qty)}`))).toEqual([
      "16:1",
      "16:2",
      "16:3",
      "06:4",
      "16:5",
    ]);
    // Consecutive movements of one type share a report (at least the three outs after the first).
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(stockOf(code)).toBe(50 - 1 - 2 - 3 + 4 - 5);
  });

  it("a report KRA already holds (its answer lost) is done on KRA's 994, and the quantity is sent again", async () => {
    const p = await product();
    await settled();
    const code = await itemCodeOf(p._id);
    kra.setDown(true);
    await adjust(p._id, 7);
    await until(async () => {
      const { rows } = await t.database.pool.query<{ sar_no: number | null; attempts: number }>(
        "SELECT sar_no, attempts FROM etims_outbox WHERE business_id = $1 AND kind = 'stock' AND state <> 'done'",
        [owner.businessId],
      );
      return rows.length === 1 && rows[0]!.sar_no !== null && rows[0]!.attempts >= 1;
    });
    const { rows } = await t.database.pool.query<{ sar_no: number }>(
      "SELECT sar_no FROM etims_outbox WHERE business_id = $1 AND kind = 'stock' AND state <> 'done'",
      [owner.businessId],
    );
    // KRA took it, but its answer never reached us.
    kra.branch(pin).stockIo.set(rows[0]!.sar_no, { sarNo: rows[0]!.sar_no, itemList: [] });
    kra.setDown(false);
    await settled();
    expect(kra.rejected.splice(0).map((r) => `${r.fn} ${r.resultCd}`)).toEqual(["insertStockIO 994"]);
    expect(stockOf(code)).toBe(17);
    const { rows: done } = await t.database.pool.query(
      "SELECT state FROM etims_outbox WHERE business_id = $1 AND kind = 'stock'",
      [owner.businessId],
    );
    expect(done.map((r) => r.state)).toEqual(["done", "done"]);
  });

  it("queues nothing for a business not connected, nor for a product without its eTIMS details", async () => {
    const other = await registerBusiness(t.app);
    const theirs = await newProduct(t.app, other, other.businessId, { sellingprice: 5000, quantity: 5, ...ETIMS });
    const res = await client(t.app, other.token).post(`/api/products/${theirs._id}/stock`, { note: "x", delta: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const plain = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 5 });
    await adjust(plain._id, 3);
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM etims_outbox WHERE (business_id = $1 OR business_id = $2) AND kind = 'stock'",
      [other.businessId, owner.businessId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("a report KRA refuses is failed with KRA's reason; the queue goes on", async () => {
    const p = await product();
    await settled();
    const code = await itemCodeOf(p._id);
    kra.failNext({ kind: "result", resultCd: "910", resultMsg: "Request parameter error" });
    await adjust(p._id, -1);
    await settled();
    const { rows } = await t.database.pool.query<{ state: string; error_code: string; error: string; sar_no: null }>(
      "SELECT state, error_code, error, sar_no FROM etims_outbox WHERE business_id = $1 AND kind = 'stock' ORDER BY id",
      [owner.businessId],
    );
    expect(rows.at(-1)).toMatchObject({ state: "failed", error_code: "910", sar_no: null });
    expect(rows.at(-1)!.error).toMatch(/Request parameter error/);
    expect(stockOf(code)).toBe(10);
    // The next movement goes.
    await adjust(p._id, -2);
    await settled();
    expect(reports().at(-1)).toMatchObject({ sarTyCd: "16", itemList: [expect.objectContaining({ qty: 2 })] });
    expect(stockOf(code)).toBe(7);
    // The refused report is counted as refused (and listed: next test); nothing waits.
    const summary = await api().get(`/api/etims/summary?businessId=${owner.businessId}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ pending: 0, failed: 1 });
  });

  it("a refused report is on the owner's list with KRA's reason; Retry sends it again, KRA's stock stays ours; another business can neither see nor retry it", async () => {
    const p = await product({ name: "Soda 500ml" });
    await settled();
    const code = await itemCodeOf(p._id);
    kra.failNext({ kind: "result", resultCd: "910", resultMsg: "Request parameter error" });
    await adjust(p._id, -1);
    await settled();
    const { rows } = await t.database.pool.query<{ id: string; created_at: Date }>(
      "SELECT id, created_at FROM stock_movements WHERE business_id = $1 AND product_id = $2 AND delta = -1",
      [owner.businessId, p._id],
    );
    const movement = rows[0]!;
    const queue = await api().get(`/api/etims/queue?businessId=${owner.businessId}`);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toMatchObject({ summary: { connected: true, pending: 0, failed: 1, overdue: 0 } });
    expect(queue.json().items).toEqual([
      expect.objectContaining({
        kind: "stock",
        refId: movement.id,
        label: "Soda 500ml",
        stock: { product: "Soda 500ml", reason: "adjustment", delta: -1, movedAt: movement.created_at.toISOString() },
        state: "failed",
        errorCode: "910",
        error: expect.stringMatching(/Request parameter error/),
      }),
    ]);
    // A later movement goes meanwhile: KRA holds 7.
    await adjust(p._id, -2);
    await settled();
    expect(stockOf(code)).toBe(7);

    // Another business: not on its list, and its retry is 404; the report stays refused.
    const other = await registerBusiness(t.app);
    await seedEtims(t.app, kra, other);
    const theirs = client(t.app, other.token);
    const theirQueue = await theirs.get(`/api/etims/queue?businessId=${other.businessId}`);
    expect(theirQueue.statusCode, theirQueue.body).toBe(200);
    expect(theirQueue.json().items).toEqual([]);
    const foreign = await theirs.post(`/api/etims/queue/${movement.id}/retry`, { businessId: other.businessId });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const across = await theirs.post(`/api/etims/queue/${movement.id}/retry`, { businessId: owner.businessId });
    expect(across.statusCode, across.body).toBe(403);
    const { rows: still } = await t.database.pool.query<{ state: string }>(
      "SELECT state FROM etims_outbox WHERE business_id = $1 AND kind = 'stock' AND ref_id = $2",
      [owner.businessId, movement.id],
    );
    expect(still[0]!.state).toBe("failed");

    // The owner's retry: reported again (16, 1) and accepted; KRA's remaining quantity is still 7, not 9.
    const before = reports().length;
    const retry = await api().post(`/api/etims/queue/${movement.id}/retry`, { businessId: owner.businessId });
    expect(retry.statusCode, retry.body).toBe(200);
    await settled();
    expect(since(before)).toEqual([
      expect.objectContaining({ sarTyCd: "16", itemList: [expect.objectContaining({ itemCd: code, qty: 1 })] }),
    ]);
    expect(stockOf(code)).toBe(7);
    const after = await api().get(`/api/etims/queue?businessId=${owner.businessId}`);
    expect(after.json()).toMatchObject({ summary: { failed: 0 }, items: [] });
  });
});
