import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { darajaPassword } from "@app/shared/subscriptions/mpesa";
import {
  client,
  countRows,
  createTestApp,
  registerBusiness,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { FAKE_MPESA, startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { createPlan, payMpesa, postCallback, subscribeBusiness } from "../factories/subscriptions.ts";

const CALLBACK_URL = "https://duka.example.com/api/subscriptions/mpesa/callback";
const PRICE = 150_000; // KES 1,500

let t: TestApp;
let daraja: FakeDaraja;
let support: string;
let plan: { _id: string };
let owner: Owner;
let sub: { _id: string };

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({ mpesa: daraja.config(CALLBACK_URL) });
  support = (await signInSupport(t.app, t.database)).token;
  plan = await createPlan(t.app, support, { name: "M-Pesa plan", price: PRICE });
});
afterAll(async () => {
  await t.close();
  await daraja.close();
});
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
});

const view = async (token = owner.token) =>
  (await client(t.app, token).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const lastPush = () => daraja.pushes.at(-1)!;

describe("the STK push", () => {
  it("asks Daraja with the password rule, the 2547/2541 number, whole shillings and the callback URL; the payment is pending", async () => {
    const res = await payMpesa(t.app, owner.token, sub._id, PRICE, "0110345678");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: sub._id,
      status: "pending",
      latestPayment: {
        status: "pending",
        amount: PRICE,
        currency: "KES",
        paymentMethod: "mpesa",
        phone: "0110345678",
        transactionId: null,
      },
    });
    const body = lastPush().body;
    expect(body).toMatchObject({
      BusinessShortCode: "174379",
      TransactionType: "CustomerPayBillOnline",
      Amount: 1500,
      PartyA: "254110345678",
      PartyB: "174379",
      PhoneNumber: "254110345678",
      CallBackURL: `${CALLBACK_URL}/${FAKE_MPESA.callbackToken}`,
      TransactionDesc: "Subscription",
    });
    expect(String(body.AccountReference).length).toBeLessThanOrEqual(12);
    expect(body.Timestamp).toMatch(/^\d{14}$/);
    expect(body.Password).toBe(darajaPassword(FAKE_MPESA.shortcode, FAKE_MPESA.passkey, String(body.Timestamp)));
    // The bearer token came from Daraja's OAuth with the consumer key and secret.
    const oauth = daraja.requests.filter((r) => r.path.startsWith("/oauth/v1/generate"));
    expect(oauth.length).toBeGreaterThanOrEqual(1);
  });

  it("reuses the OAuth token for later calls", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    const before = daraja.requests.filter((r) => r.path.startsWith("/oauth")).length;
    const other = await registerBusiness(t.app);
    const otherSub = await subscribeBusiness(t.app, other.token, other.businessId, plan);
    await payMpesa(t.app, other.token, otherSub._id, PRICE);
    expect(daraja.requests.filter((r) => r.path.startsWith("/oauth")).length).toBe(before);
  });

  it("refuses a wrong amount, a bad phone and a second request while the first is on the phone", async () => {
    const wrong = await payMpesa(t.app, owner.token, sub._id, 100_000);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.message).toBe("The amount due is KES 1,500.00.");
    const phone = await payMpesa(t.app, owner.token, sub._id, PRICE, "0812345678");
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.fields).toHaveProperty("phone");
    expect(await countRows(t.database, `subscription_payments WHERE subscription_id = '${sub._id}'`)).toBe(0);
    const pushes = daraja.pushes.length;
    expect((await payMpesa(t.app, owner.token, sub._id, PRICE)).statusCode).toBe(200);
    const again = await payMpesa(t.app, owner.token, sub._id, PRICE);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/Complete it on the phone/);
    expect(daraja.pushes.length).toBe(pushes + 1);
  });

  it("an Idempotency-Key retry returns the first payment and sends no second push", async () => {
    const key = { "idempotency-key": `pay-${sub._id}` };
    const first = await payMpesa(t.app, owner.token, sub._id, PRICE, "0712345678", key);
    const pushes = daraja.pushes.length;
    const retry = await payMpesa(t.app, owner.token, sub._id, PRICE, "0712345678", key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().latestPayment._id).toBe(first.json().latestPayment._id);
    expect(daraja.pushes.length).toBe(pushes);
    expect(await countRows(t.database, `subscription_payments WHERE subscription_id = '${sub._id}'`)).toBe(1);
  });

  it("when Daraja refuses the push the payment is failed with its words (502) and the subscription stays pending", async () => {
    daraja.refuseNextPush("System is busy. Please try again in few minutes.");
    const res = await payMpesa(t.app, owner.token, sub._id, PRICE);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: "PAYMENT_PROVIDER_ERROR",
      message: expect.stringContaining("System is busy"),
    });
    expect(await view()).toMatchObject({
      status: "pending",
      latestPayment: { status: "failed", resultDesc: expect.stringContaining("System is busy") },
    });
    // A failed attempt does not block the next one.
    expect((await payMpesa(t.app, owner.token, sub._id, PRICE)).statusCode).toBe(200);
  });
});

describe("the callback", () => {
  it("ResultCode 0: the payment succeeds with the receipt, the subscription is active and the business active", async () => {
    await t.database.pool.query(
      "UPDATE businesses SET account_active = false, inactive_reason = 'lapsed' WHERE id = $1",
      [owner.businessId],
    );
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    const res = await postCallback(t.app, daraja.callbackBody(lastPush(), 0), lastPush());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    const now = await view();
    expect(now).toMatchObject({
      status: "active",
      mpesaPhone: "0712345678",
      latestPayment: {
        status: "success",
        transactionId: expect.stringMatching(/^FAKE/),
        resultDesc: "The service request is processed successfully.",
      },
    });
    expect(new Date(now.startDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const business = (await client(t.app, owner.token).get("/api/businesses")).json()[0];
    expect(business.accountActive).toBe(true);
  });

  it("the same callback twice records once: one payment, one cycle", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    const body = daraja.callbackBody(lastPush(), 0);
    await postCallback(t.app, body, lastPush());
    const once = await view();
    expect((await postCallback(t.app, body, lastPush())).statusCode).toBe(200);
    const twice = await view();
    expect(twice.nextBillingDate).toBe(once.nextBillingDate);
    const { rows } = await t.database.pool.query("SELECT status, cycles_paid FROM subscriptions WHERE id = $1", [
      sub._id,
    ]);
    expect(rows).toEqual([{ status: "active", cycles_paid: 1 }]);
    expect(
      await countRows(t.database, `subscription_payments WHERE subscription_id = '${sub._id}' AND status = 'success'`),
    ).toBe(1);
  });

  it("1032 (cancelled by the customer): the payment fails with Daraja's words and nothing is activated", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    await postCallback(t.app, daraja.callbackBody(lastPush(), 1032), lastPush());
    expect(await view()).toMatchObject({
      status: "pending",
      latestPayment: { status: "failed", resultDesc: "Request cancelled by user", transactionId: null },
    });
    // A success callback after the failure changes nothing: the first word stands.
    await postCallback(t.app, daraja.callbackBody(lastPush(), 0), lastPush());
    expect((await view()).latestPayment.status).toBe("failed");
  });

  it("other codes fail with their description too (1: insufficient balance)", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    await postCallback(t.app, daraja.callbackBody(lastPush(), 1), lastPush());
    expect((await view()).latestPayment).toMatchObject({
      status: "failed",
      resultDesc: "The balance is insufficient for the transaction.",
    });
  });

  it("a callback is matched by CheckoutRequestID only: an unknown one is acknowledged and records nothing", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    const forged = daraja.callbackBody({ ...lastPush(), checkoutRequestId: "ws_CO_00000000000000000000" }, 0);
    expect((await postCallback(t.app, forged, lastPush())).statusCode).toBe(200);
    expect(await view()).toMatchObject({ status: "pending", latestPayment: { status: "pending" } });
    // A malformed body is the uniform 400.
    expect((await postCallback(t.app, { Body: {} }, lastPush())).statusCode).toBe(400);
  });

  it("a success callback for another amount than asked is not a success (and not a failure: it is ignored)", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    await postCallback(t.app, daraja.callbackBody({ ...lastPush(), amount: 1 }, 0), lastPush());
    expect(await view()).toMatchObject({ status: "pending", latestPayment: { status: "pending" } });
  });
});

describe("no callback: the query fallback", () => {
  it("while the customer has not answered the query says processing and the payment stays pending", async () => {
    const paid = await payMpesa(t.app, owner.token, sub._id, PRICE);
    const res = await client(t.app, owner.token).post(
      `/api/subscriptions/payments/${paid.json().latestPayment._id}/query`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "pending" });
    const query = daraja.requests.filter((r) => r.path === "/mpesa/stkpushquery/v1/query").at(-1)!;
    expect(query.body).toMatchObject({ BusinessShortCode: "174379", CheckoutRequestID: lastPush().checkoutRequestId });
  });

  it("timeout (1037): the query reports it and the payment fails with Daraja's words", async () => {
    const paid = await payMpesa(t.app, owner.token, sub._id, PRICE);
    daraja.settle(lastPush().checkoutRequestId, 1037);
    const res = await client(t.app, owner.token).post(
      `/api/subscriptions/payments/${paid.json().latestPayment._id}/query`,
    );
    expect(res.json()).toMatchObject({ status: "failed", resultDesc: "DS timeout user cannot be reached" });
    expect((await view()).status).toBe("pending");
  });

  it("ResultCode 0 from the query activates; a late callback then adds the receipt and nothing else", async () => {
    const paid = await payMpesa(t.app, owner.token, sub._id, PRICE);
    const paymentId = paid.json().latestPayment._id;
    daraja.settle(lastPush().checkoutRequestId, 0);
    const res = await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/query`);
    expect(res.json()).toMatchObject({ status: "success", transactionId: null });
    expect((await view()).status).toBe("active");
    await postCallback(t.app, daraja.callbackBody(lastPush(), 0), lastPush());
    const after = (await client(t.app, owner.token).get(`/api/subscriptions/payments/${paymentId}`)).json();
    expect(after).toMatchObject({ status: "success", transactionId: expect.stringMatching(/^FAKE/) });
    const { rows } = await t.database.pool.query("SELECT cycles_paid FROM subscriptions WHERE id = $1", [sub._id]);
    expect(rows[0].cycles_paid).toBe(1);
  });

  it("payments of another business cannot be read or queried; staff cannot either", async () => {
    const paid = await payMpesa(t.app, owner.token, sub._id, PRICE);
    const id = paid.json().latestPayment._id;
    const stranger = await registerBusiness(t.app);
    expect((await client(t.app, stranger.token).get(`/api/subscriptions/payments/${id}`)).statusCode).toBe(404);
    expect((await client(t.app, stranger.token).post(`/api/subscriptions/payments/${id}/query`)).statusCode).toBe(404);
    expect((await client(t.app, support).get(`/api/subscriptions/payments/${id}`)).statusCode).toBe(200);
  });
});

describe("deleting payments", () => {
  it("support deletes a failed attempt; pending and successful payments are kept; owners cannot delete", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    const pendingId = (await view()).latestPayment._id;
    expect((await client(t.app, support).del(`/api/subscriptions/payments/${pendingId}`)).statusCode).toBe(409);
    await postCallback(t.app, daraja.callbackBody(lastPush(), 1032), lastPush());
    expect((await client(t.app, owner.token).del(`/api/subscriptions/payments/${pendingId}`)).statusCode).toBe(403);
    expect((await client(t.app, support).del(`/api/subscriptions/payments/${pendingId}`)).statusCode).toBe(204);
    expect(await countRows(t.database, `mpesa_stk_requests WHERE payment_id = '${pendingId}'`)).toBe(0);

    await payMpesa(t.app, owner.token, sub._id, PRICE);
    await postCallback(t.app, daraja.callbackBody(lastPush(), 0), lastPush());
    const successId = (await view()).latestPayment._id;
    const refused = await client(t.app, support).del(`/api/subscriptions/payments/${successId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/success payment is part of the accounts/);
  });

  it("an active subscription is not charged again by M-Pesa", async () => {
    await payMpesa(t.app, owner.token, sub._id, PRICE);
    await postCallback(t.app, daraja.callbackBody(lastPush(), 0), lastPush());
    const res = await payMpesa(t.app, owner.token, sub._id, PRICE);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/is paid until/);
  });
});
