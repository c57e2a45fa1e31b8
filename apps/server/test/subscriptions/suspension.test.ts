import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBillingJob } from "../../src/modules/subscriptions/billing-job.ts";
import { client, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "../factories/app.ts";
import { startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { startFakePaypal, type FakePaypal } from "../fakes/fake-paypal.ts";
import { createPlan, payMpesa, postCallback, subscribeBusiness } from "../factories/subscriptions.ts";

/**
 * Issue 18, item 3: why an account is inactive is recorded (lapsed: its subscription ran out;
 * suspended: support switched it off). A payment lifts only a lapse. Money that arrives for a
 * subscription support cancelled is recorded and flagged for refund, and never brings it back.
 */
const PRICE = 150_000;
const DAY = 86_400_000;

let t: TestApp;
let daraja: FakeDaraja;
let paypal: FakePaypal;
let support: string;
let plan: { _id: string };
let usdPlan: { _id: string; billingCycle?: unknown };

beforeAll(async () => {
  [daraja, paypal] = await Promise.all([startFakeDaraja(), startFakePaypal()]);
  t = await createTestApp({ mpesa: daraja.config(), paypal: paypal.config(), subscriptionGraceDays: 7 });
  support = (await signInSupport(t.app, t.database)).token;
  plan = await createPlan(t.app, support, { name: "Suspension plan", price: PRICE });
  usdPlan = await createPlan(t.app, support, { name: "Suspension USD", price: 1_000, currency: "USD" });
});
afterAll(async () => {
  await t.close();
  await Promise.all([daraja.close(), paypal.close()]);
});

const business = async (owner: Owner) =>
  (await client(t.app, support).get("/api/businesses")).json().find((b: { _id: string }) => b._id === owner.businessId);
const subscriptionOf = async (owner: Owner) =>
  (await client(t.app, support).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const setActive = (owner: Owner, accountActive: boolean) =>
  client(t.app, support).patch(`/api/businesses/${owner.businessId}`, { accountActive });
/** Pays the subscription by M-Pesa and lets Daraja report success. */
async function payByMpesa(owner: Owner, subId: string) {
  expect((await payMpesa(t.app, owner.token, subId, PRICE)).statusCode).toBe(200);
  const push = daraja.pushes.at(-1)!;
  await postCallback(t.app, daraja.callbackBody(push, 0), push);
}
/** A business whose paid subscription ran out: the renewal job lapsed it. */
async function lapsedBusiness(): Promise<{ owner: Owner; subId: string }> {
  const owner = await registerBusiness(t.app);
  const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
  await payByMpesa(owner, sub._id);
  await client(t.app, owner.token).patch(`/api/subscriptions/${sub._id}/auto-renew`, { autoRenew: false });
  const next = new Date((await subscriptionOf(owner)).nextBillingDate).getTime();
  await runBillingJob(t.app.billing, new Date(next + 60_000));
  await runBillingJob(t.app.billing, new Date(next + 8 * DAY));
  expect((await subscriptionOf(owner)).status).toBe("expired");
  return { owner, subId: sub._id };
}

describe("why an account is inactive", () => {
  it("a business starts active; the renewal job's lapse says lapsed; support's switch says suspended", async () => {
    const fresh = await registerBusiness(t.app);
    expect(await business(fresh)).toMatchObject({ accountActive: true, inactiveReason: null });
    const { owner } = await lapsedBusiness();
    expect(await business(owner)).toMatchObject({ accountActive: false, inactiveReason: "lapsed" });
    expect((await setActive(fresh, false)).json()).toMatchObject({ accountActive: false, inactiveReason: "suspended" });
    // The owner reads the reason too (their page says why).
    expect((await client(t.app, fresh.token).get("/api/businesses")).json()[0]).toMatchObject({
      inactiveReason: "suspended",
    });
  });

  it("a payment lifts a lapse", async () => {
    const { owner, subId } = await lapsedBusiness();
    await payByMpesa(owner, subId);
    expect(await business(owner)).toMatchObject({ accountActive: true, inactiveReason: null });
  });

  it("a business support suspended stays suspended when its owner pays any plan; support lifts it", async () => {
    const owner = await registerBusiness(t.app);
    expect((await setActive(owner, false)).statusCode).toBe(200);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
    await payByMpesa(owner, sub._id);
    expect((await subscriptionOf(owner)).status).toBe("active"); // the payment counts for the subscription...
    expect(await business(owner)).toMatchObject({ accountActive: false, inactiveReason: "suspended" }); // ...not the suspension
    const refused = await client(t.app, owner.token).get(`/api/products?businessId=${owner.businessId}`);
    expect(refused.json().error.code).toBe("ACCOUNT_INACTIVE");
    expect((await setActive(owner, true)).json()).toMatchObject({ accountActive: true, inactiveReason: null });
  });

  it("support suspending a lapsed business makes it suspended: a later payment does not lift it", async () => {
    const { owner, subId } = await lapsedBusiness();
    await setActive(owner, false);
    expect((await business(owner)).inactiveReason).toBe("suspended");
    await payByMpesa(owner, subId);
    expect(await business(owner)).toMatchObject({ accountActive: false, inactiveReason: "suspended" });
  });

  it("a lapse does not overwrite a suspension", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
    await payByMpesa(owner, sub._id);
    await client(t.app, owner.token).patch(`/api/subscriptions/${sub._id}/auto-renew`, { autoRenew: false });
    await setActive(owner, false);
    const next = new Date((await subscriptionOf(owner)).nextBillingDate).getTime();
    await runBillingJob(t.app.billing, new Date(next + 60_000));
    await runBillingJob(t.app.billing, new Date(next + 8 * DAY));
    expect(await business(owner)).toMatchObject({ accountActive: false, inactiveReason: "suspended" });
  });
});

describe("money for a cancelled subscription", () => {
  it("a late M-Pesa success is recorded and flagged for refund; the subscription stays cancelled and the business inactive", async () => {
    const { owner, subId } = await lapsedBusiness();
    expect((await payMpesa(t.app, owner.token, subId, PRICE)).statusCode).toBe(200);
    const push = daraja.pushes.at(-1)!;
    const cancelled = await client(t.app, support).del(`/api/subscriptions/${subId}`);
    expect(cancelled.json()).toMatchObject({ deleted: false, subscription: { status: "cancelled" } });
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    const now = await subscriptionOf(owner);
    expect(now.status).toBe("cancelled");
    expect(now.latestPayment).toMatchObject({
      status: "success",
      transactionId: expect.stringMatching(/^FAKE/),
      refund: { reason: "subscription_cancelled", refundedAt: null },
    });
    expect(await business(owner)).toMatchObject({ accountActive: false, inactiveReason: "lapsed" });
  });

  it("a verified PayPal capture for a cancelled subscription is recorded and flagged (409 PAYMENT_FLAGGED_FOR_REFUND), never reactivating it", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, usdPlan, "paypal");
    const first = paypal.addOrder({ currency: "USD", value: "10.00", customId: sub._id });
    const pay = (o: { orderId: string; captureId: string }) =>
      client(t.app, owner.token).post(`/api/subscriptions/${sub._id}/pay`, {
        amount: 1_000,
        paymentMethod: "paypal",
        transactionId: o.captureId,
        providerOrderId: o.orderId,
        currency: "USD",
        status: "success",
      });
    expect((await pay(first)).statusCode).toBe(200);
    await client(t.app, support).del(`/api/subscriptions/${sub._id}`);
    const late = paypal.addOrder({ currency: "USD", value: "10.00", customId: sub._id });
    const res = await pay(late);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("PAYMENT_FLAGGED_FOR_REFUND");
    // A retry of the same capture answers the same, and records it once.
    expect((await pay(late)).json().error.code).toBe("PAYMENT_FLAGGED_FOR_REFUND");
    const now = await subscriptionOf(owner);
    expect(now.status).toBe("cancelled");
    expect(now.latestPayment).toMatchObject({
      transactionId: late.captureId,
      status: "success",
      refund: { reason: "subscription_cancelled" },
    });
    // A forged capture is still refused and records nothing.
    const forged = await pay({ orderId: "NOSUCHORDER", captureId: "NOSUCHCAPTURE" });
    expect(forged.statusCode).toBe(409);
    expect(forged.json().error.code).toBe("CONFLICT");
  });

  it("support lists the payments due a refund and marks one refunded; owners read the flag but cannot mark it", async () => {
    const { owner, subId } = await lapsedBusiness();
    await payMpesa(t.app, owner.token, subId, PRICE);
    const push = daraja.pushes.at(-1)!;
    await client(t.app, support).del(`/api/subscriptions/${subId}`);
    await postCallback(t.app, daraja.callbackBody(push, 0), push);

    const due = (await client(t.app, support).get("/api/subscriptions/payments?refund=due")).json();
    const mine = due.items.filter((p: { subscription: { _id: string } }) => p.subscription._id === subId);
    expect(mine).toHaveLength(1);
    expect(due.items.every((p: { refund: { refundedAt: unknown } | null }) => p.refund && !p.refund.refundedAt)).toBe(
      true,
    );
    const paymentId = mine[0]._id;
    const byOwner = await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/refunded`, {
      note: "Sent back",
    });
    expect(byOwner.statusCode).toBe(403);
    const marked = await client(t.app, support).post(`/api/subscriptions/payments/${paymentId}/refunded`, {
      note: "Reversed on M-Pesa, ref QWE123",
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().refund).toMatchObject({
      reason: "subscription_cancelled",
      refundedAt: expect.any(String),
      refundedBy: expect.stringMatching(/^support_/),
      note: "Reversed on M-Pesa, ref QWE123",
    });
    // Twice is refused; a payment that was never flagged cannot be marked.
    expect(
      (await client(t.app, support).post(`/api/subscriptions/payments/${paymentId}/refunded`, { note: "x" }))
        .statusCode,
    ).toBe(409);
    const after = (await client(t.app, support).get("/api/subscriptions/payments?refund=due")).json();
    expect(after.items.some((p: { _id: string }) => p._id === paymentId)).toBe(false);
    const refunded = (await client(t.app, support).get("/api/subscriptions/payments?refund=refunded")).json();
    expect(refunded.items.some((p: { _id: string }) => p._id === paymentId)).toBe(true);
  });
});
