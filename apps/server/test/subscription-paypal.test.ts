import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { client, countRows, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "./helpers.ts";
import { startFakePaypal, type FakePaypal } from "./fakes/fake-paypal.ts";
import { createPlan, subscribeBusiness } from "./subscription-fixtures.ts";

const PRICE = 2_500; // USD 25.00

let t: TestApp;
let paypal: FakePaypal;
let plan: { _id: string; billingCycle?: unknown };
let owner: Owner;
let sub: { _id: string };

beforeAll(async () => {
  paypal = await startFakePaypal();
  t = await createTestApp({ paypal: paypal.config() });
  const support = (await signInSupport(t.app, t.database)).token;
  plan = await createPlan(t.app, support, { name: "PayPal plan", price: PRICE, currency: "USD", billingCycle: "quarterly" });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan, "paypal");
});

/** What the page sends after a capture (spec section 7): status "success" whatever happened. */
const pay = (transactionId: string, over: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  client(t.app, owner.token).post(`/api/subscriptions/${sub._id}/pay`, { amount: PRICE, paymentMethod: "paypal", transactionId, currency: "USD", status: "success", ...over }, headers);
const view = async () => (await client(t.app, owner.token).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const payments = () => countRows(t.database, `subscription_payments WHERE subscription_id = '${sub._id}'`);

describe("PayPal payments are verified with PayPal", () => {
  it("a forged 'success' with an id PayPal does not know activates nothing and records nothing", async () => {
    const res = await pay("FORGED123456789");
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("PayPal has no payment with that id. Nothing was recorded.");
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
    // The server did ask PayPal (OAuth, then the capture).
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["POST /v1/oauth2/token", "GET /v2/payments/captures/FORGED123456789"]));
  });

  it("a real capture for another subscription, for another amount, or not completed is refused", async () => {
    const other = paypal.addCapture({ status: "COMPLETED", currency: "USD", value: "25.00", customId: "someone-else" });
    expect((await pay(other)).json().error.message).toMatch(/not for this subscription/);
    const cheap = paypal.addCapture({ status: "COMPLETED", currency: "USD", value: "0.01", customId: sub._id });
    expect((await pay(cheap)).json().error.message).toBe("PayPal captured USD 0.01, but USD 25.00 is due. Nothing was recorded.");
    const declined = paypal.addCapture({ status: "DECLINED", currency: "USD", value: "25.00", customId: sub._id });
    expect((await pay(declined)).json().error.message).toBe("PayPal reports this payment as DECLINED. Nothing was recorded.");
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
  });

  it("a completed capture for this subscription: success, active, next billing one quarter on", async () => {
    const captureId = paypal.addCapture({ status: "COMPLETED", currency: "USD", value: "25.00", customId: sub._id });
    const res = await pay(captureId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "active", paymentMethod: "paypal", latestPayment: { status: "success", transactionId: captureId, amount: PRICE, currency: "USD", resultDesc: "PayPal capture COMPLETED" } });
    const start = new Date(body.startDate);
    const next = new Date(body.nextBillingDate);
    expect((next.getUTCFullYear() - start.getUTCFullYear()) * 12 + next.getUTCMonth() - start.getUTCMonth()).toBe(3);
  });

  it("the same capture sent twice is recorded once", async () => {
    const captureId = paypal.addCapture({ status: "COMPLETED", currency: "USD", value: "25.00", customId: sub._id });
    const first = await pay(captureId);
    const second = await pay(captureId);
    expect(second.statusCode).toBe(200);
    expect(second.json().nextBillingDate).toBe(first.json().nextBillingDate);
    expect(await payments()).toBe(1);
  });

  it("a PENDING capture is recorded pending; asking PayPal again settles it", async () => {
    const captureId = paypal.addCapture({ status: "PENDING", currency: "USD", value: "25.00", customId: sub._id });
    const res = await pay(captureId, { status: "pending" });
    expect(res.json()).toMatchObject({ status: "pending", latestPayment: { status: "pending", transactionId: captureId } });
    const paymentId = res.json().latestPayment._id;
    expect((await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/query`)).json().status).toBe("pending");
    paypal.setStatus(captureId, "COMPLETED");
    expect((await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/query`)).json().status).toBe("success");
    expect((await view()).status).toBe("active");
  });

  it("the amount and currency sent must be the plan's", async () => {
    const captureId = paypal.addCapture({ status: "COMPLETED", currency: "USD", value: "25.00", customId: sub._id });
    expect((await pay(captureId, { amount: 100 })).statusCode).toBe(409);
    expect((await pay(captureId, { currency: "KES" })).json().error.fields).toEqual({ currency: "Must be USD" });
    expect(await payments()).toBe(0);
  });
});
