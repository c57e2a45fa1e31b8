import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EtimsProof } from "@app/shared/etims/proof";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { ETIMS_DETAILS as ETIMS, queueSettled, seedEtims } from "../factories/etims.ts";
import { newProduct, sold } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";

// Issue 30: a sale KRA signed and then voided, edited or restored. KRA's receipt cannot change,
// so a credit note (R) against it cancels it, and a sale still standing is signed again as it
// now is (migration 0039's trigger, flows/etims-queue.ts), against the fake KRA, which refuses a
// credit note whose original it does not hold.

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
const product = () => newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 10_000, ...ETIMS });
const sell = (productId: string, quantity = 1) =>
  sold(t.app, owner, owner.businessId, [{ productId, quantity }], 5000 * quantity);

const settled = () => queueSettled(t.database, owner.businessId);
type Sent = {
  invcNo: number;
  orgInvcNo: number;
  rcptTyCd: string;
  rfdRsnCd: string | null;
  trdInvcNo: string;
  totAmt: number;
  itemList: { itemCd: string; qty: number; totAmt: number }[];
};
/** The receipts KRA received for this business, in order. */
const sentToKra = () =>
  kra.requests
    .filter((r) => r.path.endsWith("/saveTrnsSalesOsdc") && (r.body as { tin?: string })?.tin === pin)
    .map((r) => r.body as Sent);
const saleRow = async (id: string) =>
  (
    await t.database.pool.query<{ etims_state: string; etims_proof: EtimsProof | null; status: string }>(
      "SELECT etims_state, etims_proof, status FROM sales WHERE id = $1",
      [id],
    )
  ).rows[0]!;
const corrections = async (saleId: string) =>
  (await api().get(`/api/etims/sales/${saleId}/corrections?businessId=${owner.businessId}`)).json() as {
    items: { kind: string; state: string; proof: EtimsProof | null }[];
  };

describe("a signed sale changed afterwards", () => {
  it("voided: a credit note cancels KRA's receipt (R, its invoice number, the same lines); the sale keeps its receipt", async () => {
    const p = await product();
    const sale = await sell(p._id, 2);
    await settled();
    const signed = await saleRow(sale._id);
    expect(signed.etims_state).toBe("signed");
    expect((await api().del(`/api/sales/${sale._id}?reason=Customer returned it`)).statusCode).toBe(200);
    await settled();
    const [s, r] = sentToKra();
    expect(s).toMatchObject({ rcptTyCd: "S", orgInvcNo: 0, totAmt: 100 });
    expect(r).toMatchObject({
      rcptTyCd: "R",
      invcNo: s!.invcNo + 1,
      orgInvcNo: s!.invcNo,
      rfdRsnCd: "06",
      totAmt: 100,
      trdInvcNo: `${s!.trdInvcNo}-R${s!.invcNo}`,
    });
    expect(r!.itemList).toEqual(s!.itemList);
    expect(await saleRow(sale._id)).toMatchObject({
      status: "voided",
      etims_state: "signed",
      etims_proof: signed.etims_proof,
    });
    expect((await corrections(sale._id)).items).toEqual([
      expect.objectContaining({
        kind: "credit",
        state: "done",
        proof: expect.objectContaining({ invcNo: s!.invcNo + 1 }),
      }),
    ]);
    // Voiding is not repeated: a restore and a second void credit the new receipt, never the old one twice.
    const restored = await api().post(`/api/sales/voidsales/restore/${sale._id}`);
    expect(restored.statusCode, restored.body).toBe(200);
    await settled();
    expect((await api().del(`/api/sales/${sale._id}`)).statusCode).toBe(200);
    await settled();
    const all = sentToKra();
    expect(all.map((x) => [x.rcptTyCd, x.invcNo, x.orgInvcNo])).toEqual([
      ["S", s!.invcNo, 0],
      ["R", s!.invcNo + 1, s!.invcNo],
      ["S", s!.invcNo + 2, 0],
      ["R", s!.invcNo + 3, s!.invcNo + 2],
    ]);
    expect((await corrections(sale._id)).items.map((c) => [c.kind, c.state])).toEqual([
      ["credit", "done"],
      ["resend", "done"],
      ["credit", "done"],
    ]);
  });

  it("edited: a credit note for what KRA signed, then a receipt for the sale as it now is; the sale shows the new one", async () => {
    const p = await product();
    const sale = await sell(p._id, 3);
    await settled();
    const edit = await api().put(`/api/sales/${sale._id}`, {
      products: [{ productId: p._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 5000 }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await settled();
    const [s, r, s2] = sentToKra();
    expect(s).toMatchObject({ rcptTyCd: "S", totAmt: 150 });
    expect(r).toMatchObject({ rcptTyCd: "R", orgInvcNo: s!.invcNo, totAmt: 150 });
    expect(r!.itemList.map((l) => l.qty)).toEqual([3]);
    expect(s2).toMatchObject({ rcptTyCd: "S", invcNo: s!.invcNo + 2, orgInvcNo: 0, totAmt: 50 });
    expect(await saleRow(sale._id)).toMatchObject({
      status: "completed",
      etims_state: "signed",
      etims_proof: expect.objectContaining({ invcNo: s!.invcNo + 2 }),
    });
  });

  it("edited or voided before KRA signed it: KRA gets the sale as it is when sent, then only what follows", async () => {
    const p = await product();
    kra.setDown(true);
    const edited = await sell(p._id, 3);
    const voided = await sell(p._id, 1);
    expect(
      (
        await api().put(`/api/sales/${edited._id}`, {
          products: [{ productId: p._id, quantity: 2 }],
          payments: [{ method: "Cash", amount: 10_000 }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await api().del(`/api/sales/${voided._id}`)).statusCode).toBe(200);
    expect(await saleRow(edited._id)).toMatchObject({ etims_state: "pending" });
    kra.setDown(false);
    await settled();
    const sent = sentToKra();
    // The edited sale once, as edited; the voided one signed (its receipt may be in a customer's
    // hand) and then credited.
    expect(sent.map((x) => [x.rcptTyCd, x.totAmt, x.orgInvcNo === 0 ? 0 : "org"])).toEqual([
      ["S", 100, 0],
      ["S", 50, 0],
      ["R", 50, "org"],
    ]);
    expect(sent[2]!.orgInvcNo).toBe(sent[1]!.invcNo);
    expect(await saleRow(voided._id)).toMatchObject({ status: "voided", etims_state: "signed" });
  });

  it("a credit note KRA refuses is on the owner's list under its sale, and is sent again on retry", async () => {
    const p = await product();
    const sale = await sell(p._id, 1);
    await settled();
    kra.failNext({ kind: "result", resultCd: "910" });
    expect((await api().del(`/api/sales/${sale._id}`)).statusCode).toBe(200);
    await settled();
    const queue = await api().get(`/api/etims/queue?businessId=${owner.businessId}`);
    expect(queue.statusCode, queue.body).toBe(200);
    const item = queue.json().items.find((i: { kind: string }) => i.kind === "credit");
    expect(item).toMatchObject({ state: "failed", label: `Sale ${sale.saleNumber}`, errorCode: "910" });
    const retry = await api().post(`/api/etims/queue/${item.refId}/retry`, { businessId: owner.businessId });
    expect(retry.statusCode, retry.body).toBe(200);
    await settled();
    expect((await corrections(sale._id)).items).toEqual([expect.objectContaining({ kind: "credit", state: "done" })]);
    // Refused, then sent again under the same invoice number (KRA's sequence keeps no gap); KRA holds it once.
    const credits = sentToKra().filter((x) => x.rcptTyCd === "R");
    expect(credits.map((c) => c.invcNo)).toEqual([credits[0]!.invcNo, credits[0]!.invcNo]);
    expect([...kra.branch(pin).sales.values()].filter((x) => x.rcptTyCd === "R")).toHaveLength(1);
  });

  it("voided with KRA's refund reason 03 (Damaged): the credit note carries it, also when KRA signs the sale after the void", async () => {
    const reasons = await api().get(`/api/etims/refund-reasons?businessId=${owner.businessId}`);
    expect(reasons.statusCode, reasons.body).toBe(200);
    expect(reasons.json()).toMatchObject({
      connected: true,
      items: expect.arrayContaining([
        { code: "03", name: "Damaged" },
        { code: "06", name: "Refund" },
      ]),
    });
    const p = await product();
    const sale = await sell(p._id, 1);
    await settled();
    const res = await api().del(`/api/sales/${sale._id}?reason=Broken bottle&etimsRefundReason=03`);
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    expect(sentToKra().map((x) => [x.rcptTyCd, x.rfdRsnCd])).toEqual([
      ["S", null],
      ["R", "03"],
    ]);
    // The sale's drawer says which reason its credit note carried.
    const corrections = await api().get(`/api/etims/sales/${sale._id}/corrections?businessId=${owner.businessId}`);
    expect(corrections.statusCode, corrections.body).toBe(200);
    expect(corrections.json().items).toMatchObject([{ kind: "credit", refundReasonCd: "03", state: "done" }]);
    // Voided before KRA signed it: the reason waits on the sale for the credit note that follows the signature.
    kra.setDown(true);
    const early = await sell(p._id, 1);
    const voided = await api().del(`/api/sales/${early._id}?etimsRefundReason=01`);
    expect(voided.statusCode, voided.body).toBe(200);
    kra.setDown(false);
    await settled();
    expect(
      sentToKra()
        .slice(2)
        .map((x) => [x.rcptTyCd, x.rfdRsnCd]),
    ).toEqual([
      ["S", null],
      ["R", "01"],
    ]);
  });

  it("a refund reason KRA's list does not have is 400 and nothing is voided; a business not connected voids as ever", async () => {
    const p = await product();
    const sale = await sell(p._id, 1);
    await settled();
    const res = await api().del(`/api/sales/${sale._id}?reason=Returned&etimsRefundReason=99`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { etimsRefundReason: expect.stringMatching(/KRA has no refund reason 99/) },
    });
    expect(await saleRow(sale._id)).toMatchObject({ status: "completed", etims_state: "signed" });
    const malformed = await api().del(`/api/sales/${sale._id}?etimsRefundReason=damaged`);
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(await saleRow(sale._id)).toMatchObject({ status: "completed" });
    expect((await corrections(sale._id)).items).toEqual([]);
    expect(sentToKra().map((x) => x.rcptTyCd)).toEqual(["S"]);

    // Not connected: no list, no credit note; a reason sent anyway is not kept, and the void goes.
    const other = await registerBusiness(t.app);
    const theirs = client(t.app, other.token);
    expect((await theirs.get(`/api/etims/refund-reasons?businessId=${other.businessId}`)).json()).toEqual({
      connected: false,
      items: [],
    });
    const plain = await newProduct(t.app, other, other.businessId, { sellingprice: 5000, quantity: 5 });
    const theirSale = await sold(t.app, other, other.businessId, [{ productId: plain._id, quantity: 1 }], 5000);
    const voided = await theirs.del(`/api/sales/${theirSale._id}?etimsRefundReason=03`);
    expect(voided.statusCode, voided.body).toBe(200);
    const { rows } = await t.database.pool.query<{ etims_refund_reason: string | null }>(
      "SELECT etims_refund_reason FROM sales WHERE id = $1",
      [theirSale._id],
    );
    expect(rows[0]!.etims_refund_reason).toBeNull();
  });

  it("a sale's credit notes are read by those who see the sale in this business only", async () => {
    const p = await product();
    const sale = await sell(p._id, 1);
    await settled();
    const other = await registerBusiness(t.app);
    const res = await client(t.app, other.token).get(
      `/api/etims/sales/${sale._id}/corrections?businessId=${other.businessId}`,
    );
    expect(res.statusCode).toBe(404);
    const foreign = await client(t.app, other.token).get(
      `/api/etims/sales/${sale._id}/corrections?businessId=${owner.businessId}`,
    );
    expect(foreign.statusCode).toBe(403);
  });
});
