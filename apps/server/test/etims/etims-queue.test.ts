import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { oscuDateTime } from "@app/shared/etims/oscu";
import type { EtimsProof } from "@app/shared/etims/proof";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { ETIMS_DETAILS as ETIMS, queueSettled, seedEtims, until } from "../factories/etims.ts";
import { newProduct, sold } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";

// Issue 30, items 3-5: products registered with KRA (saveItem), and every sale, order, invoice
// and credit note sent through the durable outbox to KRA's saveTrnsSalesOsdc by the job runner,
// against the fake KRA (which checks every field and keeps gapless receipt numbers).

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
// No test sends KRA a malformed request (a refusal a test provokes is checked and cleared there).
afterEach(() => expect(kra.rejected).toEqual([]));

const api = () => client(t.app, owner.token);
const takeRejections = () => kra.rejected.splice(0).map((r) => `${r.fn} ${r.resultCd} ${r.reason}`);
const product = (over: Record<string, unknown> = {}) =>
  newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10_000, ...ETIMS, ...over });
const sell = (productId: string, quantity = 1, over: Record<string, unknown> = {}) =>
  sold(t.app, owner, owner.businessId, [{ productId, quantity }], 5000 * quantity, over);

type SaleRow = {
  id: string;
  sale_number: number;
  etims_state: string;
  etims_proof: EtimsProof | null;
  etims_error: string | null;
};
const salesOf = async (): Promise<SaleRow[]> =>
  (
    await t.database.pool.query<SaleRow>(
      "SELECT id, sale_number, etims_state, etims_proof, etims_error FROM sales WHERE business_id = $1 ORDER BY sale_number",
      [owner.businessId],
    )
  ).rows;

const settled = (ms = 30_000) => queueSettled(t.database, owner.businessId, ms);
const productRow = async (id: string) =>
  (await api().get(`/api/products/${id}`)).json() as {
    etimsRegistered: boolean;
    etimsItemCode: string | null;
    etimsError: string | null;
  };
/** The sales KRA received (saveTrnsSalesOsdc bodies), in the order they arrived. */
const salesSent = () =>
  kra.requests.filter((r) => r.path.endsWith("/saveTrnsSalesOsdc") && (r.body as { tin?: string })?.tin === pin);

describe("products registered with KRA (saveItem)", () => {
  it("registers a product saved with its eTIMS details under the item code the specification derives", async () => {
    const p = await product();
    await settled();
    const row = await productRow(p._id);
    expect(row).toMatchObject({ etimsRegistered: true, etimsError: null });
    expect(row.etimsItemCode).toMatch(/^KE2BOU\d{7}$/);
    expect(kra.branch(pin).items.get(row.etimsItemCode!)).toMatchObject({
      itemClsCd: "5020230100",
      itemNm: p.name,
      dftPrc: 50,
    });
    // Changing its name registers it again, under the same code.
    expect((await api().put(`/api/products/${p._id}`, { name: `${p.name} 2` })).statusCode).toBe(200);
    await settled();
    const again = await productRow(p._id);
    expect(again).toMatchObject({ etimsRegistered: true, etimsItemCode: row.etimsItemCode });
    expect(kra.branch(pin).items.get(row.etimsItemCode!)).toMatchObject({ itemNm: `${p.name} 2` });
  });

  it("flags a product KRA refuses with KRA's reason; it is listed among those to complete", async () => {
    const p = await product({ etimsItemClass: "1234567890" });
    await settled();
    expect(takeRejections()).toEqual(["saveItem 910 itemClsCd: not a KRA item classification"]);
    const row = await productRow(p._id);
    expect(row.etimsRegistered).toBe(false);
    expect(row.etimsError).toMatch(/KRA refused the data sent/);
    const missing = await api().get(`/api/etims/products/missing?businessId=${owner.businessId}`);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().items).toEqual([
      expect.objectContaining({ _id: p._id, etimsError: expect.stringMatching(/KRA 910/) }),
    ]);
    // The owner fixes it in bulk: KRA registers it.
    const fill = await api().post("/api/etims/products/fill", {
      businessId: owner.businessId,
      productIds: [p._id],
      details: { etimsItemClass: "5059690800" },
    });
    expect(fill.json()).toEqual({ updated: 1 });
    await settled();
    expect(await productRow(p._id)).toMatchObject({ etimsRegistered: true, etimsError: null });
    expect((await api().get(`/api/etims/products/missing?businessId=${owner.businessId}`)).json().total).toBe(0);
  });

  it("needs no eTIMS details from a business that has not connected eTIMS, and sends nothing", async () => {
    const other = await registerBusiness(t.app);
    const p = await newProduct(t.app, other, other.businessId, { sellingprice: 5000 });
    const sale = await sold(t.app, other, other.businessId, [{ productId: p._id, quantity: 1 }], 5000);
    expect(sale.etimsState).toBe("not_required");
    const queued = await t.database.pool.query("SELECT * FROM etims_outbox WHERE business_id = $1", [other.businessId]);
    expect(queued.rows).toEqual([]);
  });
});

describe("sales sent to KRA through the queue (saveTrnsSalesOsdc)", () => {
  it("signs 200 sales from 8 tills at once with KRA numbers 1..200, no gap or repeat, in the queue's order", async () => {
    const p = await product();
    const tills = Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 25; i++) await sell(p._id);
    });
    await Promise.all(tills);
    await settled(100_000);
    const rows = await salesOf();
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.etims_state !== "signed")).toEqual([]);
    const numbers = (key: "curRcptNo" | "invcNo" | "totRcptNo") =>
      rows.map((r) => r.etims_proof![key]).sort((a, b) => a - b);
    const oneTo200 = Array.from({ length: 200 }, (_, i) => i + 1);
    expect(numbers("curRcptNo")).toEqual(oneTo200);
    expect(numbers("invcNo")).toEqual(oneTo200);
    expect(numbers("totRcptNo")).toEqual(oneTo200);
    // Each sent once, in the outbox's order (our invoice numbers rise with it).
    const sent = salesSent().map((r) => (r.body as { invcNo: number }).invcNo);
    expect(sent).toEqual(oneTo200);
    const { rows: order } = await t.database.pool.query(
      "SELECT invc_no FROM etims_outbox WHERE business_id = $1 AND kind = 'sale' ORDER BY id",
      [owner.businessId],
    );
    expect(order.map((r) => r.invc_no)).toEqual(oneTo200);
    const device = kra.device(pin)!;
    expect(rows[0]!.etims_proof).toMatchObject({ sdcId: device.sdcId, mrcNo: device.mrcNo });
    expect(rows[0]!.etims_proof!.rcptSign).toMatch(/^[A-Z2-7]{16}$/);
    // The sale's read shape carries KRA's proof.
    const read = await api().get(`/api/sales/${rows[0]!.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ etimsState: "signed", etimsProof: rows[0]!.etims_proof });
    const summary = await api().get(`/api/etims/summary?businessId=${owner.businessId}`);
    expect(summary.json()).toEqual({
      connected: true,
      pending: 0,
      failed: 0,
      overdue: 0,
      oldestPendingAt: null,
      purchasesToConfirm: 0,
    });
  }, 180_000);

  it("sends an invoice, then a credit note against it (R, its invoice number, KRA's refund reason)", async () => {
    const p = await product();
    const clientRes = await api().post("/api/clients", {
      businessId: owner.businessId,
      companyName: "Acme Kenya Ltd",
      kraPin: "P051234567X",
    });
    expect(clientRes.statusCode, clientRes.body).toBe(201);
    const invoiceRes = await api().post("/api/invoices", {
      businessId: owner.businessId,
      clientId: clientRes.json()._id,
      lines: [{ productId: p._id, quantity: 3, unitPrice: 5000 }],
    });
    expect(invoiceRes.statusCode, invoiceRes.body).toBe(201);
    const invoice = invoiceRes.json();
    await settled();
    const signedInvoice = (await api().get(`/api/invoices/${invoice._id}?businessId=${owner.businessId}`)).json();
    expect(signedInvoice).toMatchObject({ etimsState: "signed", etimsProof: { invcNo: 1, curRcptNo: 1 } });
    const noteRes = await api().post(`/api/invoices/${invoice._id}/creditNotes`, {
      reason: "Two bottles broken",
      lines: [{ lineNo: 1, quantity: 2 }],
      etimsRefundReason: "03",
    });
    expect(noteRes.statusCode, noteRes.body).toBe(201);
    await settled();
    const { rows } = await t.database.pool.query(
      "SELECT etims_state, etims_proof FROM sales_documents WHERE business_id = $1 AND type = 'credit_note'",
      [owner.businessId],
    );
    expect(rows[0]).toMatchObject({ etims_state: "signed", etims_proof: { invcNo: 2, curRcptNo: 1, totRcptNo: 2 } });
    const credit = salesSent().at(-1)!.body as Record<string, unknown>;
    expect(credit).toMatchObject({ rcptTyCd: "R", orgInvcNo: 1, rfdRsnCd: "03", totAmt: 100, custTin: "P051234567X" });
  });

  it("keeps selling while KRA is down; the queue waits, says why, and drains in order when KRA is back", async () => {
    const p = await product();
    await settled();
    kra.setDown(true);
    const started = Date.now();
    for (let i = 0; i < 6; i++) await sell(p._id);
    expect(Date.now() - started).toBeLessThan(5_000); // the till never waits for KRA
    expect((await salesOf()).map((r) => r.etims_state)).toEqual(Array(6).fill("pending"));
    await until(async () => {
      const q = (await api().get(`/api/etims/queue?businessId=${owner.businessId}`)).json();
      return q.items[0]?.errorCode === "network";
    });
    const queue = (await api().get(`/api/etims/queue?businessId=${owner.businessId}`)).json();
    expect(queue.summary).toMatchObject({ connected: true, pending: 6, failed: 0, overdue: 0 });
    expect(queue.items.map((i: { label: string }) => i.label)).toEqual(
      (await salesOf()).map((r) => `Sale ${r.sale_number}`),
    );
    expect(queue.items[0].error).toMatch(/not working at the moment/);
    const whileDown = salesSent().length;
    expect(whileDown).toBeGreaterThan(0); // the head was tried (and answered 503)
    kra.setDown(false);
    await settled();
    const rows = await salesOf();
    expect(rows.map((r) => r.etims_state)).toEqual(Array(6).fill("signed"));
    // In the order sold: sale numbers and KRA's numbers rise together, each sent once.
    expect(rows.map((r) => r.etims_proof!.curRcptNo)).toEqual([1, 2, 3, 4, 5, 6]);
    // The head was tried again under its own number; nothing was sent twice once KRA took it.
    const afterBack = salesSent().slice(whileDown);
    expect(afterBack.map((r) => (r.body as { invcNo: number }).invcNo)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(salesSent().map((r) => (r.body as { invcNo: number }).invcNo))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(kra.branch(pin).sales.size).toBe(6);
  });

  it("marks a sale KRA cannot take failed with the reason; the owner fixes the product and retries it", async () => {
    const good = await product();
    const bare = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 100 });
    const refused = await product({ etimsItemClass: "1234567890" });
    await settled();
    takeRejections();
    await sell(good._id);
    const noDetails = await sell(bare._id);
    const kraRefused = await sell(refused._id);
    await sell(good._id);
    await settled();
    expect(takeRejections()).toEqual(["saveItem 910 itemClsCd: not a KRA item classification"]);
    const rows = await salesOf();
    expect(rows.map((r) => r.etims_state)).toEqual(["signed", "failed", "failed", "signed"]);
    expect(rows[1]!.etims_error).toMatch(/has no eTIMS details yet/);
    expect(rows[2]!.etims_error).toMatch(/KRA refused to register .*KRA 910/);
    // A refused sale's invoice number went to the next: KRA's numbers have no gap.
    expect([rows[0]!.etims_proof!.invcNo, rows[3]!.etims_proof!.invcNo]).toEqual([1, 2]);
    const queue = (await api().get(`/api/etims/queue?businessId=${owner.businessId}`)).json();
    expect(queue.summary).toMatchObject({ pending: 0, failed: 3 }); // two sales and the product
    const item = (refId: string) => queue.items.find((i: { refId: string }) => i.refId === refId);
    expect(item(noDetails._id)).toMatchObject({ state: "failed", errorCode: "details" });
    expect(item(kraRefused._id)).toMatchObject({ state: "failed", errorCode: "910" });

    // Fixing the products, then retrying each sale: both signed, numbers 3 and 4.
    expect((await api().put(`/api/products/${bare._id}`, ETIMS)).statusCode).toBe(200);
    expect((await api().put(`/api/products/${refused._id}`, { etimsItemClass: "5059690800" })).statusCode).toBe(200);
    await settled();
    for (const s of [noDetails, kraRefused]) {
      const retry = await api().post(`/api/etims/queue/${s._id}/retry`, { businessId: owner.businessId });
      expect(retry.statusCode, retry.body).toBe(200);
    }
    await settled();
    const after = await salesOf();
    expect(after.map((r) => r.etims_state)).toEqual(["signed", "signed", "signed", "signed"]);
    expect(after.map((r) => r.etims_proof!.curRcptNo).sort()).toEqual([1, 2, 3, 4]);
    // A retry of what is not failed is refused.
    const again = await api().post(`/api/etims/queue/${noDetails._id}/retry`, {
      businessId: owner.businessId,
    });
    expect(again.statusCode).toBe(404);
  });

  it("sends offline sales when they sync, dated when they were made", async () => {
    const p = await product();
    const at = new Date(Date.now() - 90 * 60_000);
    // The till's outbox sends it later, with the device's time and its Idempotency-Key.
    const synced = await sold(
      t.app,
      owner,
      owner.businessId,
      [{ productId: p._id, quantity: 2 }],
      10_000,
      { offlineAt: at.toISOString() },
      { "Idempotency-Key": randomBytes(16).toString("hex") },
    );
    await settled();
    const [row] = await salesOf();
    expect(row).toMatchObject({ id: synced._id, etims_state: "signed" });
    expect(synced.etimsState).toBe("pending"); // as it arrived: queued in its own transaction
    const body = salesSent().at(-1)!.body as { cfmDt: string; totAmt: number };
    expect(body).toMatchObject({ cfmDt: oscuDateTime(at), totAmt: 100 });
  });

  it("is the owner's: staff and other businesses cannot read the queue or retry", async () => {
    const other = await registerBusiness(t.app);
    const res = await client(t.app, other.token).get(`/api/etims/queue?businessId=${owner.businessId}`);
    expect(res.statusCode).toBe(403);
    const retry = await client(t.app, other.token).post(`/api/etims/queue/${randomUUID()}/retry`, {
      businessId: owner.businessId,
    });
    expect(retry.statusCode).toBe(403);
  });
});
