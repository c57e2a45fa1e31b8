import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBillingDeps } from "../../src/modules/subscriptions/billing-deps.ts";
import { recordPaypalCapture } from "../../src/modules/subscriptions/paypal-payments.ts";
import { planById } from "../../src/modules/subscriptions/plans.service.ts";
import {
  client,
  countRows,
  createTestApp,
  registerBusiness,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { startFakePaypal, type FakeOrder, type FakePaypal } from "../fakes/fake-paypal.ts";
import { createPlan, subscribeBusiness } from "../factories/subscriptions.ts";

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
  plan = await createPlan(t.app, support, {
    name: "PayPal plan",
    price: PRICE,
    currency: "USD",
    billingCycle: "quarterly",
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan, "paypal");
});

/** What the page sends after a capture (spec section 7, with the order id): status "success" whatever happened. */
const pay = (
  ids: { orderId: string; captureId: string },
  over: Record<string, unknown> = {},
  headers?: Record<string, string>,
) =>
  client(t.app, owner.token).post(
    `/api/subscriptions/${sub._id}/pay`,
    {
      amount: PRICE,
      paymentMethod: "paypal",
      transactionId: ids.captureId,
      providerOrderId: ids.orderId,
      currency: "USD",
      status: "success",
      ...over,
    },
    headers,
  );
const view = async () =>
  (await client(t.app, owner.token).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const payments = () => countRows(t.database, `subscription_payments WHERE subscription_id = '${sub._id}'`);
/** An order PayPal holds for this subscription at its price, captured and COMPLETED unless told otherwise. */
const paidOrder = (over: Partial<FakeOrder> = {}) =>
  paypal.addOrder({ currency: "USD", value: "25.00", customId: sub._id, ...over });
const refused = async (res: Awaited<ReturnType<typeof pay>>, message: string) => {
  expect(res.statusCode).toBe(409);
  expect(res.json().error.message).toBe(`${message} Nothing was recorded.`);
};

describe("PayPal payments are verified with PayPal's Orders API", () => {
  it("a completed capture of this subscription's order: success, active, next billing one quarter on", async () => {
    const order = paidOrder();
    const res = await pay(order);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: "active",
      paymentMethod: "paypal",
      latestPayment: {
        status: "success",
        transactionId: order.captureId,
        amount: PRICE,
        currency: "USD",
        resultDesc: "PayPal capture COMPLETED",
      },
    });
    const start = new Date(body.startDate);
    const next = new Date(body.nextBillingDate);
    expect((next.getUTCFullYear() - start.getUTCFullYear()) * 12 + next.getUTCMonth() - start.getUTCMonth()).toBe(3);
    // The server read the order with its own token; the Payments API is not what it believes.
    const calls = paypal.requests.map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain(`GET /v2/checkout/orders/${order.orderId}`);
    expect(calls.filter((c) => c.includes("/v2/payments/"))).toEqual([]);
    expect(
      paypal.requests.find((r) => r.path === `/v2/checkout/orders/${order.orderId}`)!.headers.authorization,
    ).toMatch(/^Bearer fake-paypal-token-/);
    expect(
      await countRows(
        t.database,
        `subscription_payments WHERE provider_order_id = '${order.orderId}' AND transaction_id = '${order.captureId}'`,
      ),
    ).toBe(1);
  });

  it("a forged 'success' naming an order or a capture PayPal does not know activates nothing and records nothing", async () => {
    await refused(
      await pay({ orderId: "FORGED123456789", captureId: "FORGED987654321" }),
      "PayPal has no order with that id.",
    );
    await refused(
      await pay({ orderId: paidOrder().orderId, captureId: "FORGED987654321" }),
      "PayPal has no payment with that id in that order.",
    );
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
    expect(paypal.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["POST /v1/oauth2/token", "GET /v2/checkout/orders/FORGED123456789"]),
    );
  });

  it("a real capture named with another real order (both for this subscription) is refused", async () => {
    const a = paidOrder();
    const b = paidOrder();
    await refused(
      await pay({ orderId: a.orderId, captureId: b.captureId }),
      "PayPal has no payment with that id in that order.",
    );
    // Approved but never captured: no capture of it can be named.
    await refused(
      await pay({ orderId: paidOrder({ captureStatus: null }).orderId, captureId: a.captureId }),
      "PayPal has no payment with that id in that order.",
    );
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
  });

  it("an order for another subscription, for another amount or currency is refused", async () => {
    await refused(
      await pay(paidOrder({ customId: "someone-else" })),
      "That PayPal payment is not for this subscription.",
    );
    await refused(await pay(paidOrder({ value: "0.01" })), "PayPal captured USD 0.01, but USD 25.00 is due.");
    await refused(await pay(paidOrder({ value: "25.000" })), "PayPal captured USD 25.000, but USD 25.00 is due.");
    await refused(await pay(paidOrder({ currency: "EUR" })), "PayPal captured EUR 25.00, but USD 25.00 is due.");
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
  });

  it("an order that is not COMPLETED, or a capture that is declined, is refused", async () => {
    await refused(await pay(paidOrder({ status: "VOIDED" })), "PayPal reports this order as VOIDED.");
    await refused(
      await pay(paidOrder({ status: "PAYER_ACTION_REQUIRED", captureStatus: "PENDING" })),
      "PayPal reports this order as PAYER_ACTION_REQUIRED.",
    );
    await refused(await pay(paidOrder({ captureStatus: "DECLINED" })), "PayPal reports this payment as DECLINED.");
    expect(await payments()).toBe(0);
    expect((await view()).status).toBe("pending");
  });

  it("the order id must look like PayPal's: it goes into PayPal's URL path", async () => {
    const order = paidOrder();
    const before = paypal.requests.length;
    for (const orderId of ["..", "../../v1/oauth2/token", "A B", ""])
      expect((await pay({ ...order, orderId })).statusCode).toBe(400);
    expect((await pay({ captureId: order.captureId } as never)).statusCode).toBe(400);
    expect(paypal.requests.length).toBe(before);
    expect(await payments()).toBe(0);
  });

  it("the same capture sent twice is recorded once", async () => {
    const order = paidOrder();
    const first = await pay(order);
    const second = await pay(order);
    expect(second.statusCode).toBe(200);
    expect(second.json().nextBillingDate).toBe(first.json().nextBillingDate);
    expect(await payments()).toBe(1);
  });

  it("a PENDING capture is recorded pending; asking PayPal again reads the order and settles it", async () => {
    const order = paidOrder({ captureStatus: "PENDING" });
    const res = await pay(order, { status: "pending" });
    expect(res.json()).toMatchObject({
      status: "pending",
      latestPayment: { status: "pending", transactionId: order.captureId },
    });
    const paymentId = res.json().latestPayment._id;
    const query = async () =>
      (await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/query`)).json();
    expect((await query()).status).toBe("pending");
    paypal.setCaptureStatus(order.orderId, "COMPLETED");
    expect(await query()).toMatchObject({ status: "success", resultDesc: "PayPal capture COMPLETED" });
    expect((await view()).status).toBe("active");
    expect(paypal.requests.filter((r) => r.method === "GET").map((r) => r.path)).toEqual(
      expect.arrayContaining([`/v2/checkout/orders/${order.orderId}`]),
    );
  });

  it("a PENDING capture that PayPal then declines settles failed and activates nothing", async () => {
    const order = paidOrder({ captureStatus: "PENDING" });
    const paymentId = (await pay(order)).json().latestPayment._id;
    paypal.setCaptureStatus(order.orderId, "DECLINED");
    const settled = (await client(t.app, owner.token).post(`/api/subscriptions/payments/${paymentId}/query`)).json();
    expect(settled).toMatchObject({ status: "failed", resultDesc: "PayPal reports this payment as DECLINED." });
    expect((await view()).status).toBe("pending");
  });

  it("the amount and currency sent must be the plan's", async () => {
    const order = paidOrder();
    expect((await pay(order, { amount: 100 })).statusCode).toBe(409);
    expect((await pay(order, { currency: "KES" })).json().error.fields).toEqual({ currency: "Must be USD" });
    expect(await payments()).toBe(0);
  });

  it("a verified capture for a subscription support cancelled is recorded and flagged for refund, never reactivating it", async () => {
    const support = (await signInSupport(t.app, t.database)).token;
    const first = paidOrder();
    expect((await pay(first)).statusCode).toBe(200);
    const cancelled = await client(t.app, support).del(`/api/subscriptions/${sub._id}`);
    expect(cancelled.json()).toMatchObject({ deleted: false, subscription: { status: "cancelled" } });
    const late = paidOrder();
    const res = await pay(late);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "PAYMENT_FLAGGED_FOR_REFUND",
      message: expect.stringMatching(/^This subscription was cancelled, so the PayPal payment was not applied/),
    });
    expect(await payments()).toBe(2);
    expect(await view()).toMatchObject({
      status: "cancelled",
      latestPayment: { transactionId: late.captureId, refund: { reason: "subscription_cancelled" } },
    });
  });

  it("cancelled after the route's check but before recording: under the subscription's row lock it is flagged, not applied", async () => {
    const support = (await signInSupport(t.app, t.database)).token;
    expect((await pay(paidOrder())).statusCode).toBe(200);
    const before = (await view()).nextBillingDate;
    await client(t.app, support).del(`/api/subscriptions/${sub._id}`);
    const warnings: object[] = [];
    const deps = createBillingDeps(
      t.database.db,
      { paypal: paypal.config() },
      { info: () => undefined, warn: (o) => warnings.push(o), error: () => undefined },
    );
    const order = paidOrder();
    const charge = {
      businessId: owner.businessId,
      subscriptionId: sub._id,
      plan: (await planById(t.database.db, plan._id))!,
      createdBy: "test",
      ...order,
    };
    await recordPaypalCapture(deps, charge);
    expect(warnings).toEqual([{ subscriptionId: sub._id, orderId: order.orderId, captureId: order.captureId }]);
    expect(await payments()).toBe(2);
    expect(await view()).toMatchObject({
      status: "cancelled",
      nextBillingDate: before,
      latestPayment: { status: "success", refund: { reason: "subscription_cancelled" } },
    });
  });
});
