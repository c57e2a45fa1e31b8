import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "../factories/app.ts";
import { startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { startFakePaypal, type FakePaypal } from "../fakes/fake-paypal.ts";
import { createPlan, payMpesa, postCallback, subscribeBusiness } from "../factories/subscriptions.ts";

/**
 * Issue 18, item 1: a payment stays bound to the plan, cycle and amount it was asked for. Pay
 * the KES 100 plan, switch the still-pending subscription to the KES 50,000 plan, then let the
 * KES 100 payment succeed: the subscription must not be active on the dear plan. Switching while
 * a payment is pending is refused (409 PAYMENT_PENDING); a payment that no longer covers the
 * subscription's plan is recorded, flagged for refund, and activates nothing.
 */
let t: TestApp;
let daraja: FakeDaraja;
let paypal: FakePaypal;
let support: string;
type PlanRef = { _id: string; billingCycle?: unknown };
let cheap: PlanRef;
let dear: PlanRef;
let cheapUsd: PlanRef;
let dearUsd: PlanRef;

beforeAll(async () => {
  [daraja, paypal] = await Promise.all([startFakeDaraja(), startFakePaypal()]);
  t = await createTestApp({ mpesa: daraja.config(), paypal: paypal.config() });
  support = (await signInSupport(t.app, t.database)).token;
  cheap = await createPlan(t.app, support, { name: "Kiosk", price: 10_000 });
  dear = await createPlan(t.app, support, { name: "Enterprise", price: 5_000_000 });
  cheapUsd = await createPlan(t.app, support, { name: "Kiosk USD", price: 100, currency: "USD" });
  dearUsd = await createPlan(t.app, support, { name: "Enterprise USD", price: 50_000, currency: "USD" });
});
afterAll(async () => {
  await t.close();
  await Promise.all([daraja.close(), paypal.close()]);
});

/** Makes every pending payment of a business older than the M-Pesa in-flight window (a push nobody answered yet). */
async function ageing(owner: Owner) {
  await t.database.pool.query(
    "UPDATE subscription_payments SET created_at = created_at - interval '10 minutes' WHERE business_id = $1",
    [owner.businessId],
  );
}
const subscribeTo = (owner: Owner, plan: PlanRef, paymentMethod: "mpesa" | "paypal" = "mpesa") =>
  client(t.app, owner.token).post("/api/subscriptions/subscribe", {
    businessId: owner.businessId,
    planId: plan._id,
    billingCycle: plan.billingCycle ?? "monthly",
    paymentMethod,
  });
const view = async (owner: Owner) =>
  (await client(t.app, owner.token).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const paymentsOf = async (owner: Owner) =>
  (await client(t.app, owner.token).get(`/api/subscriptions/payments?businessId=${owner.businessId}`)).json().items;

describe("M-Pesa: pay the cheap plan, switch to the dear one, then the cheap payment succeeds", () => {
  it("switching plan while the payment is pending is refused with PAYMENT_PENDING, and the success activates the cheap plan", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, cheap);
    expect((await payMpesa(t.app, owner.token, sub._id, 10_000)).statusCode).toBe(200);
    const push = daraja.pushes.at(-1)!;
    expect(push.amount).toBe(100);
    await ageing(owner);

    const switched = await subscribeTo(owner, dear);
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error.code).toBe("PAYMENT_PENDING");
    expect((await view(owner)).plan._id).toBe(cheap._id);

    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    const now = await view(owner);
    expect(now).toMatchObject({ status: "active", plan: { _id: cheap._id }, amountDue: 10_000 });
    expect(now.latestPayment).toMatchObject({ status: "success", amount: 10_000, refund: null });
  });

  it("a payment whose plan is no longer the subscription's (changed under it) is recorded, flagged for refund, and activates nothing", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, cheap);
    await payMpesa(t.app, owner.token, sub._id, 10_000);
    const push = daraja.pushes.at(-1)!;
    // As if a plan switch had slipped past the check: the subscription names the dear plan now.
    await t.database.pool.query("UPDATE subscriptions SET plan_id = $1 WHERE id = $2", [dear._id, sub._id]);
    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    const now = await view(owner);
    expect(now.status).toBe("pending");
    expect(now.latestPayment).toMatchObject({
      status: "success",
      amount: 10_000,
      refund: { reason: "plan_not_covered", refundedAt: null },
    });
  });

  it("a plan whose price rose after the payment was asked is not covered by it: flagged, not active", async () => {
    const owner = await registerBusiness(t.app);
    const rising = await createPlan(t.app, support, { name: "Rising", price: 20_000 });
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, rising);
    await payMpesa(t.app, owner.token, sub._id, 20_000);
    const push = daraja.pushes.at(-1)!;
    const plan = (await client(t.app, support).get(`/api/subscriptions/plans?q=Rising`)).json().items[0];
    const { _id, createdAt, isActive, subscriptionCount, ...body } = plan;
    void _id;
    void createdAt;
    void isActive;
    void subscriptionCount;
    expect(
      (await client(t.app, support).put(`/api/subscriptions/plans/${rising._id}`, { ...body, price: 30_000 }))
        .statusCode,
    ).toBe(200);
    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    const now = await view(owner);
    expect(now.status).toBe("pending");
    expect(now.latestPayment.refund).toMatchObject({ reason: "plan_not_covered" });
  });

  it("each payment shows the plan, cycle and amount it was asked for, even after the subscription's plan changed (issue 20, item 7)", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, cheap);
    await payMpesa(t.app, owner.token, sub._id, 10_000);
    const push = daraja.pushes.at(-1)!;
    daraja.settle(push.checkoutRequestId, 1032);
    await postCallback(t.app, daraja.callbackBody(push, 1032), push);
    // The attempt failed, so switching is allowed: the same subscription now names the dear plan.
    expect((await subscribeTo(owner, dear)).statusCode).toBe(201);
    await payMpesa(t.app, owner.token, sub._id, 5_000_000);
    const [second, first] = await paymentsOf(owner);
    expect(first).toMatchObject({
      status: "failed",
      amount: 10_000,
      billingCycle: "monthly",
      plan: { _id: cheap._id, name: "Kiosk" },
    });
    expect(second).toMatchObject({ status: "pending", amount: 5_000_000, plan: { _id: dear._id, name: "Enterprise" } });
    // The subscription itself names its current plan.
    expect(first.subscription.plan).toMatchObject({ _id: dear._id });
  });
});

describe("PayPal: a PENDING capture for the cheap plan, completed after a switch", () => {
  it("the switch is refused while the capture is pending; when PayPal completes it the cheap plan is active", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, cheapUsd, "paypal");
    const order = paypal.addOrder({ currency: "USD", value: "1.00", customId: sub._id, captureStatus: "PENDING" });
    const paid = await client(t.app, owner.token).post(`/api/subscriptions/${sub._id}/pay`, {
      amount: 100,
      paymentMethod: "paypal",
      transactionId: order.captureId,
      providerOrderId: order.orderId,
      currency: "USD",
      status: "success",
    });
    expect(paid.json().latestPayment).toMatchObject({ status: "pending", amount: 100 });
    await ageing(owner);

    const switched = await subscribeTo(owner, dearUsd, "paypal");
    expect(switched.statusCode).toBe(409);
    expect(switched.json().error.code).toBe("PAYMENT_PENDING");

    paypal.setCaptureStatus(order.orderId, "COMPLETED");
    const settled = await client(t.app, owner.token).post(
      `/api/subscriptions/payments/${paid.json().latestPayment._id}/query`,
    );
    expect(settled.json()).toMatchObject({ status: "success", plan: { _id: cheapUsd._id } });
    expect(await view(owner)).toMatchObject({ status: "active", plan: { _id: cheapUsd._id }, amountDue: 100 });
  });
});
