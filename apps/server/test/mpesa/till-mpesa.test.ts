import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  client,
  countRows,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { invoiceBody, newClient } from "../factories/money.ts";
import { newProduct, sell } from "../factories/sales.ts";
import { c2bTokenOf } from "../factories/till-mpesa.ts";
import { FAKE_MPESA, startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { createTillMpesaDeps, registerC2bForBusinesses } from "../../src/modules/mpesa/mpesa.public.ts";

const PUBLIC_URL = "https://duka.example.com";
const TOKEN = "till-token-0123456789abcdefghijklmnopqrstuv";

let t: TestApp;
let daraja: FakeDaraja;
let owner: Owner;

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({
    tillMpesa: {
      darajaBaseUrl: daraja.url,
      publicUrl: PUBLIC_URL,
      callbackToken: TOKEN,
      credentialsKey: "credentials-key-for-tests-0123456789abcdef",
    },
  });
});
afterAll(async () => {
  await t.close();
  await daraja.close();
});

const credentials = (businessId: string) => ({
  businessId,
  kind: "paybill",
  shortcode: FAKE_MPESA.shortcode,
  passkey: FAKE_MPESA.passkey,
  consumerKey: FAKE_MPESA.consumerKey,
  consumerSecret: FAKE_MPESA.consumerSecret,
});

beforeEach(async () => {
  owner = await registerBusiness(t.app);
  const res = await client(t.app, owner.token).put("/api/mpesa/settings", credentials(owner.businessId));
  expect(res.statusCode, res.body).toBe(200);
});

const api = (token = owner.token) => client(t.app, token);
const push = (phone = "0712345678", amount = 25_000, token = owner.token) =>
  api(token).post("/api/mpesa/stk", { businessId: owner.businessId, phone, amount });
const read = (id: string) => api().get(`/api/mpesa/payments/${id}`);
/** Daraja calls the till back. */
const callBack = (body: unknown, token = TOKEN) => client(t.app).post(`/api/lipa/stk/${token}`, body);
const pushOf = (checkout: number) => daraja.pushes.at(checkout)!;
/** Ages a push past the query delay (by the server's clock), so the next read asks Daraja (STK Query). */
const age = (id: string) =>
  t.database.pool.query("UPDATE mpesa_payments SET created_at = $2, updated_at = $2 WHERE id = $1", [
    id,
    new Date(Date.now() - 60_000),
  ]);
/** The business's own C2B token (its confirmation URL's secret). */
const c2bToken = async (businessId = owner.businessId) => (await c2bTokenOf(t.database, businessId))!;
const confirm = async (body: Record<string, unknown>, businessId = owner.businessId, token?: string) =>
  client(t.app).post(`/api/lipa/c2b/${token ?? (await c2bToken(businessId))}/${businessId}/confirmation`, body);

describe("the business's M-Pesa credentials", () => {
  it("are stored encrypted and never returned; only the owner sets them", async () => {
    const res = await api().get(`/api/mpesa/settings?businessId=${owner.businessId}`);
    expect(res.json()).toMatchObject({ configured: true, kind: "paybill", shortcodeHint: "****379" });
    for (const secret of [FAKE_MPESA.passkey, FAKE_MPESA.consumerKey, FAKE_MPESA.consumerSecret, FAKE_MPESA.shortcode])
      expect(res.body).not.toContain(secret);
    const { rows } = await t.database.pool.query("SELECT sealed FROM mpesa_credentials WHERE business_id = $1", [
      owner.businessId,
    ]);
    expect(rows[0].sealed).toMatch(/^v1\./);
    for (const secret of [FAKE_MPESA.passkey, FAKE_MPESA.consumerKey, FAKE_MPESA.consumerSecret, FAKE_MPESA.shortcode])
      expect(rows[0].sealed).not.toContain(secret);
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    expect((await api(staff.token).put("/api/mpesa/settings", credentials(owner.businessId))).statusCode).toBe(403);
    expect((await api(staff.token).get(`/api/mpesa/settings?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });

  it("C2B registration sends the confirmation and validation URLs with the business's own token", async () => {
    const res = await api().post("/api/mpesa/c2b/register", { businessId: owner.businessId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().c2bRegisteredAt).not.toBeNull();
    expect(daraja.registrations.at(-1)).toEqual({
      shortcode: FAKE_MPESA.shortcode,
      responseType: "Completed",
      confirmationUrl: `${PUBLIC_URL}/api/lipa/c2b/${await c2bToken()}/${owner.businessId}/confirmation`,
      validationUrl: `${PUBLIC_URL}/api/lipa/c2b/${await c2bToken()}/${owner.businessId}/validation`,
    });
  });

  it("the command (npm run mpesa:register-c2b) registers a business's URLs, and says which have no credentials", async () => {
    const deps = createTillMpesaDeps(
      t.database.db,
      {
        darajaBaseUrl: daraja.url,
        publicUrl: PUBLIC_URL,
        callbackToken: TOKEN,
        credentialsKey: "credentials-key-for-tests-0123456789abcdef",
      },
      { warn: () => undefined, error: () => undefined },
    );
    const other = await registerBusiness(t.app);
    const results = await registerC2bForBusinesses(deps, [owner.businessId, other.businessId]);
    expect(results).toEqual([
      { businessId: owner.businessId, ok: true, message: expect.stringMatching(/^registered at /) },
      { businessId: other.businessId, ok: false, message: "no M-Pesa credentials" },
    ]);
    expect(daraja.registrations.at(-1)!.confirmationUrl).toContain(owner.businessId);
  });

  it("payment credentials are the owner's alone: support is refused (403) even under the owner's support access, nothing changes, and the owner's log shows the attempt", async () => {
    const support = await signInSupport(t.app, t.database);
    const sealed = async () =>
      (
        await t.database.pool.query("SELECT sealed, updated_at FROM mpesa_credentials WHERE business_id = $1", [
          owner.businessId,
        ])
      ).rows;
    const before = await sealed();
    const registrations = daraja.registrations.length;
    const log = async () =>
      (await api().get(`/api/businesses/${owner.businessId}/supportAccess/actions`)).json().items as {
        method: string;
        path: string;
        statusCode: number;
        grantId: string | null;
        username: string;
      }[];
    const theirs = { ...credentials(owner.businessId), consumerKey: "support-key", consumerSecret: "support-secret" };
    for (const granted of [false, true]) {
      if (granted)
        expect((await api().post(`/api/businesses/${owner.businessId}/supportAccess`, { hours: 1 })).statusCode).toBe(
          201,
        );
      const put = await api(support.token).put("/api/mpesa/settings", theirs);
      expect(put.statusCode, put.body).toBe(403);
      expect(put.json().error.code).toBe("FORBIDDEN");
      const register = await api(support.token).post("/api/mpesa/c2b/register", { businessId: owner.businessId });
      expect(register.statusCode, register.body).toBe(403);
    }
    expect(await sealed()).toEqual(before);
    expect(daraja.registrations.length).toBe(registrations);
    const attempts = (await log()).filter((a) => a.username === support.username);
    expect(
      attempts.map((a) => `${a.method} ${a.path} ${a.statusCode} ${a.grantId ? "granted" : "no grant"}`).sort(),
    ).toEqual([
      "POST /api/mpesa/c2b/register 403 granted",
      "POST /api/mpesa/c2b/register 403 no grant",
      "PUT /api/mpesa/settings 403 granted",
      "PUT /api/mpesa/settings 403 no grant",
    ]);
    // Reading whether M-Pesa is set up stays open to support (nothing secret is ever returned).
    expect((await api(support.token).get(`/api/mpesa/settings?businessId=${owner.businessId}`)).statusCode).toBe(200);
  });

  it("a business without credentials is told M-Pesa is not set up", async () => {
    const other = await registerBusiness(t.app);
    const res = await client(t.app, other.token).post("/api/mpesa/stk", {
      businessId: other.businessId,
      phone: "0712345678",
      amount: 10_000,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("NOT_CONFIGURED");
  });
});

describe("STK push from the checkout", () => {
  it("pushes whole shillings to 2547..., then a success callback confirmed by STK Query marks it paid with its code", async () => {
    const res = await push("0712345678", 25_000);
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    expect(payment).toMatchObject({ status: "pending", amount: 25_000, source: "stk", receipt: null });
    const sent = pushOf(-1);
    expect(sent.body).toMatchObject({
      Amount: 250,
      PhoneNumber: "254712345678",
      BusinessShortCode: FAKE_MPESA.shortcode,
      CallBackURL: `${PUBLIC_URL}/api/lipa/stk/${TOKEN}`,
    });
    await callBack(daraja.callbackBody(sent, 0));
    const after = (await read(payment._id)).json();
    expect(after).toMatchObject({ status: "confirmed", receipt: expect.stringMatching(/^FAKE\d+/), failure: null });
  });

  it.each([
    [1032, "cancelled"],
    [1037, "unreachable"],
    [2001, "wrong_pin"],
    [17, "duplicate"],
  ])("result %i fails the payment as %s", async (code, failure) => {
    const payment = (await push()).json();
    await callBack(daraja.callbackBody(pushOf(-1), code));
    expect((await read(payment._id)).json()).toMatchObject({
      status: "failed",
      resultCode: code,
      failure,
      receipt: null,
    });
  });

  it("without a callback, the till's poll asks Daraja (STK Query) and only a confirmed result marks it paid", async () => {
    const payment = (await push()).json();
    await age(payment._id);
    const queries = () => daraja.requests.filter((r) => r.path === "/mpesa/stkpushquery/v1/query").length;
    const before = queries();
    expect((await read(payment._id)).json().status).toBe("pending"); // Daraja: still processing
    expect(queries()).toBe(before + 1);
    daraja.settle(pushOf(-1).checkoutRequestId, 0);
    // Polled again at once: not asked again (at most one query per 5 s per payment).
    expect((await read(payment._id)).json().status).toBe("pending");
    expect(queries()).toBe(before + 1);
    await age(payment._id);
    expect((await read(payment._id)).json()).toMatchObject({ status: "confirmed", receipt: null });
  });

  it("a sale paid by a payment the query confirmed takes its M-Pesa code when Daraja's callback comes late", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 25_000 });
    const payment = (await push("0712345678", 25_000)).json();
    daraja.settle(pushOf(-1).checkoutRequestId, 0);
    await age(payment._id);
    expect((await read(payment._id)).json()).toMatchObject({ status: "confirmed", receipt: null });
    const sale = await sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 25_000, {
      payments: [{ method: "M-Pesa", amount: 25_000, mpesaPaymentId: payment._id }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().payments[0].reference).toBeNull();

    await callBack(daraja.callbackBody(pushOf(-1), 0));
    const receipt = (await read(payment._id)).json().receipt as string;
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    const after = (await api().get(`/api/sales/${sale.json()._id}`)).json();
    expect(after.payments).toEqual([expect.objectContaining({ method: "M-Pesa", amount: 25_000, reference: receipt })]);
  });

  it("a callback for another amount, an unknown request, or without the token changes nothing", async () => {
    const payment = (await push("0712345678", 25_000)).json();
    const sent = pushOf(-1);
    const wrongAmount = daraja.forgedCallbackBody({ ...sent, amount: 1 }, 0);
    await callBack(wrongAmount);
    const unknown = daraja.forgedCallbackBody({ ...sent, checkoutRequestId: "ws_CO_unknown" }, 0);
    await callBack(unknown);
    await callBack(daraja.forgedCallbackBody(sent, 0), "wrong-token-0123456789abcdefghijklmnop");
    const { rows } = await t.database.pool.query("SELECT status, receipt, raw FROM mpesa_payments WHERE id = $1", [
      payment._id,
    ]);
    expect(rows[0]).toEqual({ status: "pending", receipt: null, raw: null });
  });

  it("a forged success is not believed: Daraja's query decides", async () => {
    const payment = (await push()).json();
    const sent = pushOf(-1);
    daraja.settle(sent.checkoutRequestId, 1032); // what really happened on the phone
    await callBack(daraja.forgedCallbackBody(sent, 0));
    expect((await read(payment._id)).json()).toMatchObject({ status: "failed", failure: "cancelled" });
  });

  it("a sale records the confirmed STK payment with its code; the payment cannot pay a second sale", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 25_000 });
    const payment = (await push("0712345678", 25_000)).json();
    const lines = [{ productId: product._id, quantity: 1 }];
    const mpesa = { payments: [{ method: "M-Pesa", amount: 25_000, mpesaPaymentId: payment._id }] };
    // Not confirmed yet: refused, nothing sold.
    const early = await sell(t.app, owner, owner.businessId, lines, 25_000, mpesa);
    expect(early.statusCode, early.body).toBe(409);
    await callBack(daraja.callbackBody(pushOf(-1), 0));
    const sale = await sell(t.app, owner, owner.businessId, lines, 25_000, mpesa);
    expect(sale.statusCode, sale.body).toBe(201);
    const receipt = (await read(payment._id)).json().receipt;
    expect(sale.json().payments[0]).toMatchObject({ method: "M-Pesa", amount: 25_000, reference: receipt });
    expect((await read(payment._id)).json().saleId).toBe(sale.json()._id);
    expect((await sell(t.app, owner, owner.businessId, lines, 25_000, mpesa)).statusCode).toBe(409);
  });
});

describe("C2B: payments customers make to the paybill or till", () => {
  it("stores a confirmation once per TransID with its raw payload, and lists it unclaimed for its amount", async () => {
    const body = daraja.c2bBody({ amount: 300, firstName: "Achieng", billRef: "" });
    expect((await confirm(body)).json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    await confirm(body);
    await confirm(body);
    const { rows } = await t.database.pool.query(
      "SELECT raw FROM mpesa_payments WHERE business_id = $1 AND receipt = $2",
      [owner.businessId, body.TransID],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].raw).toMatchObject({ TransID: body.TransID, MSISDN: "2547 ***** 126" });
    const listed = (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&amount=30000`)).json();
    expect(listed).toEqual([
      expect.objectContaining({
        receipt: body.TransID,
        amount: 30_000,
        firstName: "Achieng",
        maskedPhone: "2547 ***** 126",
      }),
    ]);
    expect((await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&amount=29900`)).json()).toEqual([]);
  });

  it("ignores a confirmation without the token, for another shortcode, or of a fraction of a shilling", async () => {
    const before = await countRows(t.database, "mpesa_payments");
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, "wrong-token-0123456789abcdefghijklmnop");
    await confirm({ ...daraja.c2bBody({ amount: 100 }), BusinessShortCode: "600000" });
    await confirm({ ...daraja.c2bBody({ amount: 100 }), TransAmount: "100.50" });
    expect(await countRows(t.database, "mpesa_payments")).toBe(before);
    const validation = await client(t.app).post(`/api/lipa/c2b/${await c2bToken()}/${owner.businessId}/validation`, {
      ...daraja.c2bBody({ amount: 100 }),
      BusinessShortCode: "600000",
    });
    expect(validation.json().ResultCode).toBe("C2B00015");
  });

  it("ignores a confirmation whose TransTime is in 2099 or 1990; one of now or yesterday is stored", async () => {
    const before = await countRows(t.database, "mpesa_payments");
    for (const at of [new Date(Date.UTC(2099, 5, 1, 9)), new Date(Date.UTC(1990, 5, 1, 9))]) {
      const res = await confirm(daraja.c2bBody({ amount: 100, at }));
      expect(res.statusCode, res.body).toBe(200);
      const validation = await client(t.app).post(
        `/api/lipa/c2b/${await c2bToken()}/${owner.businessId}/validation`,
        daraja.c2bBody({ amount: 100, at }),
      );
      expect(validation.json().ResultCode).not.toBe("0");
    }
    expect(await countRows(t.database, "mpesa_payments")).toBe(before);
    await confirm(daraja.c2bBody({ amount: 100 }));
    await confirm(daraja.c2bBody({ amount: 100, at: new Date(Date.now() - 86_400_000) }));
    expect(await countRows(t.database, "mpesa_payments")).toBe(before + 2);
  });

  it("each business has its own token: another business's token, or the installation's, is ignored", async () => {
    const other = await registerBusiness(t.app);
    const saved = await api(other.token).put("/api/mpesa/settings", credentials(other.businessId));
    expect(saved.statusCode, saved.body).toBe(200);
    const mine = await c2bToken();
    const theirs = await c2bToken(other.businessId);
    expect(mine).toMatch(/^[0-9a-f]{48}$/);
    expect(theirs).not.toBe(mine);
    const before = await countRows(t.database, "mpesa_payments");
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, theirs);
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, TOKEN);
    expect(await countRows(t.database, "mpesa_payments")).toBe(before);
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, mine);
    expect(await countRows(t.database, "mpesa_payments")).toBe(before + 1);
  });

  it("the owner rotates the token: Daraja gets the new URLs, the old token is ignored, the new one works", async () => {
    const old = await c2bToken();
    const registrations = daraja.registrations.length;
    const res = await api().post("/api/mpesa/settings/rotateC2bToken", { businessId: owner.businessId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().c2bRegisteredAt).not.toBeNull();
    const fresh = await c2bToken();
    expect(fresh).not.toBe(old);
    expect(daraja.registrations.length).toBe(registrations + 1);
    expect(daraja.registrations.at(-1)!.confirmationUrl).toBe(
      `${PUBLIC_URL}/api/lipa/c2b/${fresh}/${owner.businessId}/confirmation`,
    );
    const before = await countRows(t.database, "mpesa_payments");
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, old);
    expect(await countRows(t.database, "mpesa_payments")).toBe(before);
    await confirm(daraja.c2bBody({ amount: 100 }), owner.businessId, fresh);
    expect(await countRows(t.database, "mpesa_payments")).toBe(before + 1);
    // The owner's alone: staff and support are refused, nothing changes.
    const support = await signInSupport(t.app, t.database);
    expect(
      (await api(support.token).post("/api/mpesa/settings/rotateC2bToken", { businessId: owner.businessId }))
        .statusCode,
    ).toBe(403);
    expect(await c2bToken()).toBe(fresh);
  });

  it("matches a paybill account number naming a sale or a customer's phone", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 10_000 });
    const sale = (await sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 10_000)).json();
    const bySale = daraja.c2bBody({ amount: 100, billRef: `s${sale.saleNumber}` });
    await confirm(bySale);
    const listed = (
      await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${bySale.TransID}`)
    ).json();
    expect(listed[0].matched).toEqual({ kind: "sale", id: sale._id, label: `Sale #${sale.saleNumber}` });
    const unknown = daraja.c2bBody({ amount: 100, billRef: "NOTHING" });
    await confirm(unknown);
    expect(
      (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${unknown.TransID}`)).json()[0]
        .matched,
    ).toBeNull();
  });

  /** A credit sale of `total` cents (one product at that price), to Baraka. */
  async function creditSale(total: number) {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: total });
    const res = await sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], total, {
      payments: [{ method: "Credit", amount: total }],
      customerName: "Baraka",
      customerPhone: "0700111222",
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; saleNumber: number };
  }
  const saleNow = async (id: string) => (await api().get(`/api/sales/${id}`)).json();

  it("a paybill payment naming a credit sale pays it once: Partial, in the cash book with its code, and no till can claim it", async () => {
    const sale = await creditSale(30_000);
    const body = daraja.c2bBody({ amount: 100, billRef: `S${sale.saleNumber}` });
    expect((await confirm(body)).json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    await confirm(body); // Daraja repeats a confirmation: nothing more

    const paid = await saleNow(sale._id);
    expect(paid).toMatchObject({ balance: 20_000, creditStatus: "Partial", creditPaymentMethod: "M-Pesa" });
    expect(paid.paymentTransactions).toEqual([
      expect.objectContaining({ amountPaid: 10_000, paymentMethod: "M-Pesa", recordedBy: "M-Pesa paybill" }),
    ]);
    const { rows: book } = await t.database.pool.query(
      "SELECT kind, direction, method, amount, reference, actor_name FROM money_movements WHERE business_id = $1 AND kind = 'credit_repayment'",
      [owner.businessId],
    );
    expect(book).toEqual([
      {
        kind: "credit_repayment",
        direction: "in",
        method: "M-Pesa",
        amount: 10000,
        reference: body.TransID,
        actor_name: "M-Pesa paybill",
      },
    ]);
    const { rows } = await t.database.pool.query("SELECT sale_id, claimed_by FROM mpesa_payments WHERE receipt = $1", [
      body.TransID,
    ]);
    expect(rows).toEqual([{ sale_id: sale._id, claimed_by: "M-Pesa paybill" }]);
    expect(
      (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${body.TransID}`)).json(),
    ).toEqual([]);

    // The rest, paid the same way, clears it.
    await confirm(daraja.c2bBody({ amount: 200, billRef: `${sale.saleNumber}` }));
    expect(await saleNow(sale._id)).toMatchObject({ balance: 0, creditStatus: "Cleared", clearedBy: "M-Pesa paybill" });
  });

  it("a paybill payment with a customer's phone as the account pays their credit sales, oldest first; more than they owe only waits", async () => {
    const older = await creditSale(30_000);
    const newer = await creditSale(5_000);
    const body = daraja.c2bBody({ amount: 320, billRef: "0700 111 222" });
    await confirm(body);
    expect(await saleNow(older._id)).toMatchObject({ balance: 0, creditStatus: "Cleared" });
    expect(await saleNow(newer._id)).toMatchObject({ balance: 3_000, creditStatus: "Partial" });
    const { rows: book } = await t.database.pool.query(
      "SELECT amount, reference FROM money_movements WHERE business_id = $1 AND kind = 'credit_repayment' ORDER BY amount DESC",
      [owner.businessId],
    );
    expect(book).toEqual([
      { amount: 30_000, reference: body.TransID },
      { amount: 2_000, reference: body.TransID },
    ]);

    const tooMuch = daraja.c2bBody({ amount: 31, billRef: "0700111222" });
    await confirm(tooMuch);
    expect(await saleNow(newer._id)).toMatchObject({ balance: 3_000 });
    const listed = (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}`)).json();
    expect(listed).toEqual([
      expect.objectContaining({
        receipt: tooMuch.TransID,
        matched: expect.objectContaining({ kind: "customer", label: "Baraka" }),
      }),
    ]);
  });

  it("a paybill payment naming an open invoice is recorded on it with its code; one more than it owes only waits", async () => {
    const client = await newClient(t.app, owner, owner.businessId);
    const created = await api().post("/api/invoices", invoiceBody(owner.businessId, client._id, 116_000));
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json() as { _id: string; number: string; seq: number };
    const readInvoice = async () => (await api().get(`/api/invoices/${invoice._id}`)).json();

    const tooMuch = daraja.c2bBody({ amount: 1161, billRef: invoice.number });
    await confirm(tooMuch);
    expect(await readInvoice()).toMatchObject({ amountPaid: 0, balance: 116_000 });

    const part = daraja.c2bBody({ amount: 500, billRef: invoice.number.toLowerCase() });
    await confirm(part);
    await confirm(part); // repeated by Daraja: recorded once
    expect(await readInvoice()).toMatchObject({ amountPaid: 50_000, balance: 66_000, status: "Partial" });
    const { rows: book } = await t.database.pool.query(
      "SELECT kind, method, amount, reference, actor_name FROM money_movements WHERE business_id = $1 AND kind = 'invoice_payment'",
      [owner.businessId],
    );
    expect(book).toEqual([
      {
        kind: "invoice_payment",
        method: "M-Pesa",
        amount: 50_000,
        reference: part.TransID,
        actor_name: "M-Pesa paybill",
      },
    ]);
    // Taken: not offered to a till, and no sale can claim it.
    const unclaimed = (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}`)).json() as {
      receipt: string;
    }[];
    expect(unclaimed.map((p) => p.receipt)).toEqual([tooMuch.TransID]);
  });

  it("a paybill payment naming a wholesale credit order pays the order (orders share the sale numbers)", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 20_000, wholesalePrice: 20_000 });
    const res = await api().post("/api/orders", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 1 }],
      payments: [{ method: "Credit", amount: 20_000 }],
      customerName: "Otieno Traders",
      customerPhone: "0711000222",
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { _id: string; saleNumber: number };
    const body = daraja.c2bBody({ amount: 50, billRef: `${order.saleNumber}` });
    expect((await confirm(body)).json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
    expect((await api().get(`/api/orders/${order._id}`)).json()).toMatchObject({
      balance: 15_000,
      creditStatus: "Partial",
    });
    const { rows } = await t.database.pool.query("SELECT sale_id FROM mpesa_payments WHERE receipt = $1", [
      body.TransID,
    ]);
    expect(rows).toEqual([{ sale_id: order._id }]);
  });

  it("when paying what the account number names fails, the confirmation is still kept and waits to be claimed", async () => {
    const sale = await creditSale(800_000);
    // A fault in the credit payment's write, for this amount only (this file's own database).
    await t.database.pool.query(`
      CREATE FUNCTION fail_777700() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'injected fault'; END $$;
      CREATE TRIGGER fail_777700 BEFORE INSERT ON credit_payments
        FOR EACH ROW WHEN (NEW.amount = 777700) EXECUTE FUNCTION fail_777700();`);
    try {
      const body = daraja.c2bBody({ amount: 7777, billRef: `S${sale.saleNumber}` });
      expect((await confirm(body)).json()).toEqual({ ResultCode: "0", ResultDesc: "Accepted" });
      expect(await saleNow(sale._id)).toMatchObject({ balance: 800_000, creditStatus: "Pending" });
      const listed = (
        await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${body.TransID}`)
      ).json();
      expect(listed).toEqual([
        expect.objectContaining({ amount: 777_700, matched: expect.objectContaining({ kind: "sale" }) }),
      ]);
    } finally {
      await t.database.pool.query("DROP TRIGGER fail_777700 ON credit_payments; DROP FUNCTION fail_777700();");
    }
  });

  it("a paybill payment more than a sale owes, or naming a voided or cash sale, changes no sale: it waits, labelled", async () => {
    const owing = await creditSale(30_000);
    const tooMuch = daraja.c2bBody({ amount: 301, billRef: `S${owing.saleNumber}` });
    await confirm(tooMuch);
    expect(await saleNow(owing._id)).toMatchObject({ balance: 30_000, creditStatus: "Pending" });

    const voided = await creditSale(5_000);
    const del = await api().del(`/api/sales/${voided._id}?reason=wrong`);
    expect(del.statusCode, del.body).toBe(200);
    await confirm(daraja.c2bBody({ amount: 50, billRef: `S${voided.saleNumber}` }));

    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 4_000 });
    const cash = (await sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 4_000)).json();
    const forCash = daraja.c2bBody({ amount: 40, billRef: `S${cash.saleNumber}` });
    await confirm(forCash);
    expect(await saleNow(cash._id)).toMatchObject({ balance: 0, paymentStatus: "Paid" });

    const listed = (await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}`)).json() as {
      receipt: string;
      matched: { label: string } | null;
    }[];
    expect(listed.find((p) => p.receipt === tooMuch.TransID)?.matched?.label).toBe(`Sale #${owing.saleNumber}`);
    expect(listed.find((p) => p.receipt === forCash.TransID)?.matched?.label).toBe(`Sale #${cash.saleNumber}`);
    expect(listed).toHaveLength(3);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM money_movements WHERE business_id = $1 AND kind = 'credit_repayment'",
      [owner.businessId],
    );
    expect(rows[0].n).toBe(0);
  });

  it("two tills claiming one payment at once: exactly one sale gets it, the other records nothing", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5_000, quantity: 10 });
    const body = daraja.c2bBody({ amount: 50 });
    await confirm(body);
    const [payment] = (
      await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${body.TransID}`)
    ).json();
    const salesBefore = await countRows(t.database, "sales");
    const attempts = await Promise.all(
      Array.from({ length: 4 }, () =>
        sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 5_000, {
          payments: [{ method: "M-Pesa", amount: 5_000, mpesaPaymentId: payment._id }],
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await countRows(t.database, "sales")).toBe(salesBefore + 1);
    const won = attempts.find((r) => r.statusCode === 201)!.json();
    expect(won.payments[0].reference).toBe(body.TransID);
    expect((await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&amount=5000`)).json()).toEqual([]);
    const { rows } = await t.database.pool.query("SELECT quantity FROM products WHERE id = $1", [product._id]);
    expect(Number(rows[0].quantity)).toBe(9);
  });

  it("a payment of another amount cannot be claimed", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5_000 });
    const body = daraja.c2bBody({ amount: 49 });
    await confirm(body);
    const [payment] = (
      await api().get(`/api/mpesa/unclaimed?businessId=${owner.businessId}&receipt=${body.TransID}`)
    ).json();
    const res = await sell(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 5_000, {
      payments: [{ method: "M-Pesa", amount: 5_000, mpesaPaymentId: payment._id }],
    });
    expect(res.statusCode).toBe(409);
  });
});
