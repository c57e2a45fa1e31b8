import pg from "pg";
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingDate } from "@app/shared/subscriptions/billing";
import { runBillingJob } from "../../src/modules/subscriptions/billing-job.ts";
import { client, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "../factories/app.ts";
import { startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { createPlan, payMpesa, postCallback, subscribeBusiness } from "../factories/subscriptions.ts";

const PRICE = 150_000;
const DAY = 86_400_000;

let t: TestApp;
let daraja: FakeDaraja;
let support: string;
let plan: { _id: string };

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({ mpesa: daraja.config(), subscriptionGraceDays: 7 });
  support = (await signInSupport(t.app, t.database)).token;
  plan = await createPlan(t.app, support, { name: "Renewing", price: PRICE });
});
afterAll(async () => {
  await t.close();
  await daraja.close();
});

/** An owner whose business is paid up by M-Pesa (auto-renew on, phone kept). */
async function paidUp(): Promise<{ owner: Owner; subId: string; next: Date }> {
  const owner = await registerBusiness(t.app);
  const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
  await payMpesa(t.app, owner.token, sub._id, PRICE, "0722000111");
  await postCallback(t.app, daraja.callbackBody(daraja.pushes.at(-1)!, 0), daraja.pushes.at(-1)!);
  const view = await subscriptionOf(owner);
  expect(view.status).toBe("active");
  return { owner, subId: sub._id, next: new Date(view.nextBillingDate) };
}
const subscriptionOf = async (owner: Owner) =>
  (await client(t.app, support).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const accountActive = async (owner: Owner) =>
  (await t.database.pool.query("SELECT account_active FROM businesses WHERE id = $1", [owner.businessId])).rows[0]
    .account_active;
const run = (now: Date) => runBillingJob(t.app.billing, now);

describe("the renewal job", () => {
  it("does nothing to a subscription before its billing date", async () => {
    const { owner, next } = await paidUp();
    const pushes = daraja.pushes.length;
    await run(new Date(next.getTime() - 60_000));
    expect((await subscriptionOf(owner)).status).toBe("active");
    expect(daraja.pushes.length).toBe(pushes);
  });

  it("on the billing date an auto-renew M-Pesa subscription gets an STK push to its phone and is past due until paid", async () => {
    const { owner, subId, next } = await paidUp();
    const result = await run(new Date(next.getTime() + 60_000));
    expect(result).toMatchObject({ renewalsRequested: expect.any(Number) });
    expect(result!.renewalsRequested).toBeGreaterThanOrEqual(1);
    const push = daraja.pushes.at(-1)!;
    expect(push).toMatchObject({ phone: "254722000111", amount: 1500 });
    const due = await subscriptionOf(owner);
    expect(due).toMatchObject({ status: "past_due", latestPayment: { status: "pending", createdBy: "auto-renew" } });
    // Paid by the callback: active again, and the billing day is kept (start + 2 months).
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    const renewed = await subscriptionOf(owner);
    expect(renewed.status).toBe("active");
    expect(renewed.nextBillingDate).toBe(billingDate(new Date(renewed.startDate), "monthly", 2).toISOString());
    expect(new Date(renewed.startDate).getTime()).toBeLessThan(next.getTime());
    expect(await accountActive(owner)).toBe(true);
    // Running again at the same moment asks nothing more.
    const pushes = daraja.pushes.length;
    await run(new Date(next.getTime() + 60_000));
    expect(daraja.pushes.length).toBe(pushes);
    void subId;
  });

  it("without auto-renew it only marks the subscription past due", async () => {
    const { owner, subId, next } = await paidUp();
    await client(t.app, owner.token).patch(`/api/subscriptions/${subId}/auto-renew`, { autoRenew: false });
    const pushes = daraja.pushes.length;
    await run(new Date(next.getTime() + 60_000));
    expect((await subscriptionOf(owner)).status).toBe("past_due");
    expect(daraja.pushes.length).toBe(pushes);
    expect(await accountActive(owner)).toBe(true); // still in the grace period
  });

  it("a renewal push nobody answers is settled by the job's query: 1037 fails it", async () => {
    const { owner, next } = await paidUp();
    const dueAt = new Date(next.getTime() + 60_000);
    await run(dueAt);
    const push = daraja.pushes.at(-1)!;
    // Still on the phone: the next run's query says processing, nothing changes.
    await run(new Date(dueAt.getTime() + 5 * 60_000));
    expect((await subscriptionOf(owner)).latestPayment.status).toBe("pending");
    daraja.settle(push.checkoutRequestId, 1037);
    await run(new Date(dueAt.getTime() + 10 * 60_000));
    expect(await subscriptionOf(owner)).toMatchObject({
      status: "past_due",
      latestPayment: { status: "failed", resultDesc: "DS timeout user cannot be reached" },
    });
    const queries = daraja.requests.filter(
      (r) =>
        r.path === "/mpesa/stkpushquery/v1/query" &&
        (r.body as { CheckoutRequestID?: string }).CheckoutRequestID === push.checkoutRequestId,
    );
    // Each run asked Daraja (the push was made in real time, so even the first run's "now" finds it stale).
    expect(queries.length).toBeGreaterThanOrEqual(2);
  });
});

describe("lapse and recovery", () => {
  it("after the grace period the business becomes inactive; its owner is refused; paying makes it active again", async () => {
    const { owner, subId, next } = await paidUp();
    await client(t.app, owner.token).patch(`/api/subscriptions/${subId}/auto-renew`, { autoRenew: false });
    await run(new Date(next.getTime() + 60_000));
    // Six days into the grace period: still active.
    await run(new Date(next.getTime() + 6 * DAY));
    expect(await accountActive(owner)).toBe(true);
    const lapsed = await run(new Date(next.getTime() + 7 * DAY + 60_000));
    expect(lapsed!.lapsed).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(owner)).status).toBe("expired");
    expect(await accountActive(owner)).toBe(false);
    const refused = await client(t.app, owner.token).get(`/api/products?businessId=${owner.businessId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("ACCOUNT_INACTIVE");
    expect((await client(t.app, owner.token).get("/api/businesses")).json()[0].accountActive).toBe(false);

    // The owner can still see the subscription and pay it (M-Pesa), and the payment switches the account back on.
    expect((await client(t.app, owner.token).get("/api/subscriptions")).json().items[0].status).toBe("expired");
    const pay = await payMpesa(t.app, owner.token, subId, PRICE, "0722000111");
    expect(pay.statusCode).toBe(200);
    await postCallback(t.app, daraja.callbackBody(daraja.pushes.at(-1)!, 0), daraja.pushes.at(-1)!);
    const back = await subscriptionOf(owner);
    expect(back.status).toBe("active");
    // After an expiry the schedule starts again from the payment.
    expect(new Date(back.startDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await accountActive(owner)).toBe(true);
    expect((await client(t.app, owner.token).get(`/api/products?businessId=${owner.businessId}`)).statusCode).toBe(200);
  });

  it("a free plan rolls on without payment", async () => {
    const free = await createPlan(t.app, support, { name: "Free", price: 0, billingCycle: "quarterly" });
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, free);
    expect(sub.status).toBe("active");
    const next = new Date(sub.nextBillingDate as string);
    await run(new Date(next.getTime() + 200 * DAY));
    const rolled = await subscriptionOf(owner);
    expect(rolled.status).toBe("active");
    expect(new Date(rolled.nextBillingDate).getTime()).toBeGreaterThan(next.getTime() + 200 * DAY);
    expect(rolled.nextBillingDate).toBe(billingDate(new Date(rolled.startDate), "quarterly", 4).toISOString());
  });

  it("one run at a time across processes: while another holds the lock, a run skips and changes nothing", async () => {
    const { owner, next } = await paidUp();
    const other = new pg.Client({ connectionString: t.database.pool.options.connectionString ?? inject("adminUrl") });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock(7461338214)");
      expect(await run(new Date(next.getTime() + 30 * DAY))).toBeNull();
      expect((await subscriptionOf(owner)).status).toBe("active");
      await other.query("SELECT pg_advisory_unlock(7461338214)");
      expect(await run(new Date(next.getTime() + 60_000))).not.toBeNull();
      expect((await subscriptionOf(owner)).status).toBe("past_due");
    } finally {
      await other.end();
    }
  });
});
