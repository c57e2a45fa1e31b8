import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingDate } from "@app/shared/subscriptions/billing";
import { loadConfig } from "../../src/config.ts";
import {
  ALL_FLAGS,
  addBusiness,
  client,
  countRows,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type TestApp,
} from "../factories/app.ts";
import { startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { startFakePaypal, type FakePaypal } from "../fakes/fake-paypal.ts";
import { createPlan, payMpesa, subscribeBusiness } from "../factories/subscriptions.ts";

let t: TestApp;
let daraja: FakeDaraja;
let paypal: FakePaypal;
let support: string;
let kesPlan: { _id: string; billingCycle?: unknown };
let usdPlan: { _id: string; billingCycle?: unknown };

beforeAll(async () => {
  [daraja, paypal] = await Promise.all([startFakeDaraja(), startFakePaypal()]);
  t = await createTestApp({ mpesa: daraja.config(), paypal: paypal.config() });
  support = (await signInSupport(t.app, t.database)).token;
  kesPlan = await createPlan(t.app, support, { name: "Duka Monthly", price: 150_000 });
  usdPlan = await createPlan(t.app, support, {
    name: "Duka Yearly USD",
    price: 12_000,
    currency: "USD",
    billingCycle: "yearly",
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([daraja.close(), paypal.close()]);
});

describe("subscribing a business", () => {
  it("the owner subscribes their business: pending, next billing one calendar month on, with _id", async () => {
    const owner = await registerBusiness(t.app);
    const res = await client(t.app, owner.token).post("/api/subscriptions/subscribe", {
      businessId: owner.businessId,
      planId: kesPlan._id,
      billingCycle: "monthly",
      paymentMethod: "mpesa",
    });
    expect(res.statusCode).toBe(201);
    const sub = res.json();
    expect(sub).toMatchObject({
      _id: expect.any(String),
      status: "pending",
      billingCycle: "monthly",
      autoRenew: true,
      paymentMethod: "mpesa",
      amountDue: 150_000,
      currency: "KES",
      latestPayment: null,
    });
    expect(sub.business).toEqual({ _id: owner.businessId, businessName: owner.businessName, registrationNumber: null });
    expect(sub.plan).toMatchObject({ _id: kesPlan._id, name: "Duka Monthly" });
    expect(sub.nextBillingDate).toBe(billingDate(new Date(sub.startDate), "monthly", 1).toISOString());
  });

  it("support subscribes any business; staff and other owners cannot", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    const stranger = await registerBusiness(t.app);
    const body = { businessId: owner.businessId, planId: usdPlan._id, billingCycle: "yearly", paymentMethod: "paypal" };
    expect((await client(t.app, staff.token).post("/api/subscriptions/subscribe", body)).statusCode).toBe(403);
    expect((await client(t.app, stranger.token).post("/api/subscriptions/subscribe", body)).statusCode).toBe(403);
    expect(await countRows(t.database, `subscriptions WHERE business_id = '${owner.businessId}'`)).toBe(0);
    const res = await client(t.app, support).post("/api/subscriptions/subscribe", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: "pending",
      paymentMethod: "paypal",
      currency: "USD",
      amountDue: 12_000,
    });
    expect(res.json().nextBillingDate).toBe(billingDate(new Date(res.json().startDate), "yearly", 1).toISOString());
  });

  it("refuses another cycle than the plan's, a method in the wrong currency, a plan switched off or unknown", async () => {
    const owner = await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    const base = { businessId: owner.businessId, planId: kesPlan._id, billingCycle: "monthly", paymentMethod: "mpesa" };
    const cycle = await api.post("/api/subscriptions/subscribe", { ...base, billingCycle: "yearly" });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.fields.billingCycle).toBe("This plan is billed monthly");
    const paypalKes = await api.post("/api/subscriptions/subscribe", { ...base, paymentMethod: "paypal" });
    expect(paypalKes.statusCode).toBe(409);
    expect(paypalKes.json().error.message).toMatch(/PayPal payments are in USD/);
    const mpesaUsd = await api.post("/api/subscriptions/subscribe", {
      ...base,
      planId: usdPlan._id,
      billingCycle: "yearly",
    });
    expect(mpesaUsd.json().error.message).toMatch(/M-Pesa payments are in KES/);
    const off = await createPlan(t.app, support, { name: "Retired" });
    await client(t.app, support).patch(`/api/subscriptions/plans/${off._id}/status`, { isActive: false });
    expect((await api.post("/api/subscriptions/subscribe", { ...base, planId: off._id })).statusCode).toBe(409);
    expect(
      (await api.post("/api/subscriptions/subscribe", { ...base, planId: "00000000-0000-4000-8000-000000000000" }))
        .statusCode,
    ).toBe(404);
    expect(await countRows(t.database, `subscriptions WHERE business_id = '${owner.businessId}'`)).toBe(0);
  });

  it("one live subscription per business: a pending one is changed, an active one must end first", async () => {
    const owner = await registerBusiness(t.app);
    const first = await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan);
    const again = await subscribeBusiness(t.app, owner.token, owner.businessId, usdPlan, "paypal");
    expect(again._id).toBe(first._id);
    expect(again).toMatchObject({ paymentMethod: "paypal", billingCycle: "yearly", plan: { _id: usdPlan._id } });
    expect(await countRows(t.database, `subscriptions WHERE business_id = '${owner.businessId}'`)).toBe(1);

    const free = await createPlan(t.app, support, { name: "Free tier", price: 0 });
    const active = await subscribeBusiness(t.app, owner.token, owner.businessId, free);
    expect(active).toMatchObject({ _id: first._id, status: "active", amountDue: 0 });
    const refused = await client(t.app, owner.token).post("/api/subscriptions/subscribe", {
      businessId: owner.businessId,
      planId: kesPlan._id,
      billingCycle: "monthly",
      paymentMethod: "mpesa",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/already has an active subscription/);
    // A free plan has nothing to pay.
    expect((await payMpesa(t.app, owner.token, first._id, 0)).statusCode).toBe(409);
  });
});

describe("who sees which subscriptions and payments", () => {
  it("support sees every business's; an owner only their businesses'; staff none", async () => {
    const a = await registerBusiness(t.app, { businessName: "Seen Shop" });
    const a2 = await addBusiness(t.app, a);
    const b = await registerBusiness(t.app, { businessName: "Other Shop" });
    const staff = await registerEmployee(t.app, a, a.businessId, ALL_FLAGS);
    const subA = await subscribeBusiness(t.app, a.token, a.businessId, kesPlan);
    const subA2 = await subscribeBusiness(t.app, a.token, a2.businessId, kesPlan);
    const subB = await subscribeBusiness(t.app, b.token, b.businessId, kesPlan);
    await payMpesa(t.app, b.token, subB._id, 150_000);

    const ownerList = (await client(t.app, a.token).get("/api/subscriptions?pageSize=100")).json();
    expect(ownerList.items.map((s: { _id: string }) => s._id).sort()).toEqual([subA._id, subA2._id].sort());
    expect(ownerList.total).toBe(2);
    const ownerPayments = await client(t.app, a.token).get("/api/subscriptions/payments?pageSize=100");
    expect(ownerPayments.json().items).toEqual([]);
    expect(ownerPayments.body).not.toContain(b.businessId);
    // Naming another owner's business goes through the tenancy guard: refused, never widened.
    for (const url of ["/api/subscriptions", "/api/subscriptions/payments"]) {
      const foreign = await client(t.app, a.token).get(`${url}?businessId=${b.businessId}`);
      expect(foreign.statusCode, url).toBe(403);
      expect(foreign.body).not.toContain(subB._id);
    }
    expect((await client(t.app, a.token).get(`/api/subscriptions?businessId=${a.businessId}`)).statusCode).toBe(200);

    const supportList = (await client(t.app, support).get("/api/subscriptions?pageSize=100")).json();
    expect(supportList.items.map((s: { _id: string }) => s._id)).toEqual(
      expect.arrayContaining([subA._id, subA2._id, subB._id]),
    );
    const supportPayments = (
      await client(t.app, support).get(`/api/subscriptions/payments?businessId=${b.businessId}`)
    ).json();
    expect(supportPayments.items).toEqual([
      expect.objectContaining({
        status: "pending",
        amount: 150_000,
        paymentMethod: "mpesa",
        subscription: expect.objectContaining({ _id: subB._id }),
      }),
    ]);

    for (const url of ["/api/subscriptions", "/api/subscriptions/payments", "/api/subscriptions/plans"])
      expect((await client(t.app, staff.token).get(url)).statusCode).toBe(403);
  });

  it("searches subscriptions by business or plan name, 10 a page", async () => {
    const owner = await registerBusiness(t.app, { businessName: "Searchable Kiosk" });
    await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan);
    const found = (await client(t.app, support).get("/api/subscriptions?q=searchable%20kiosk")).json();
    expect(found.items.map((s: { business: { businessName: string } }) => s.business.businessName)).toEqual([
      "Searchable Kiosk",
    ]);
    const page = (await client(t.app, support).get("/api/subscriptions")).json();
    expect(page.items.length).toBeLessThanOrEqual(10);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });
});

describe("auto-renew, payment method, delete", () => {
  it("the owner toggles auto-renew and changes the payment method; staff cannot", async () => {
    const owner = await registerBusiness(t.app);
    const staff = await registerEmployee(t.app, owner, owner.businessId, ALL_FLAGS);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan);
    const api = client(t.app, owner.token);
    expect((await api.patch(`/api/subscriptions/${sub._id}/auto-renew`, { autoRenew: false })).json().autoRenew).toBe(
      false,
    );
    expect((await api.patch(`/api/subscriptions/${sub._id}/auto-renew`, { autoRenew: true })).json().autoRenew).toBe(
      true,
    );
    const phone = await api.patch(`/api/subscriptions/${sub._id}/payment-method`, {
      paymentMethod: "mpesa",
      mpesaPhone: "0110345678",
    });
    expect(phone.json()).toMatchObject({ paymentMethod: "mpesa", mpesaPhone: "0110345678" });
    const wrong = await api.patch(`/api/subscriptions/${sub._id}/payment-method`, { paymentMethod: "paypal" });
    expect(wrong.statusCode).toBe(409);
    expect(
      (await client(t.app, staff.token).patch(`/api/subscriptions/${sub._id}/auto-renew`, { autoRenew: false }))
        .statusCode,
    ).toBe(403);
  });

  it("only support deletes: one without payments goes, one with payments is cancelled and kept", async () => {
    const owner = await registerBusiness(t.app);
    const sub = await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan);
    expect((await client(t.app, owner.token).del(`/api/subscriptions/${sub._id}`)).statusCode).toBe(403);
    const gone = await client(t.app, support).del(`/api/subscriptions/${sub._id}`);
    expect(gone.json()).toEqual({ deleted: true, subscription: null });
    expect((await client(t.app, support).del(`/api/subscriptions/${sub._id}`)).statusCode).toBe(404);

    const paid = await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan);
    expect((await payMpesa(t.app, owner.token, paid._id, 150_000)).statusCode).toBe(200);
    const kept = await client(t.app, support).del(`/api/subscriptions/${paid._id}`);
    expect(kept.json()).toMatchObject({
      deleted: false,
      subscription: { _id: paid._id, status: "cancelled", autoRenew: false },
    });
    expect(await countRows(t.database, `subscription_payments WHERE subscription_id = '${paid._id}'`)).toBe(1);
    // A cancelled subscription is no longer live: the business may subscribe again.
    expect((await subscribeBusiness(t.app, owner.token, owner.businessId, kesPlan))._id).not.toBe(paid._id);
  });
});

describe("providers and configuration", () => {
  it("GET /providers says which are configured and gives PayPal's client id", async () => {
    const owner = await registerBusiness(t.app);
    const res = await client(t.app, owner.token).get("/api/subscriptions/providers");
    expect(res.json()).toEqual({
      paypal: {
        configured: true,
        clientId: "fake-paypal-client-id",
        currency: "USD",
        sdkUrl: "https://www.paypal.com/sdk/js",
      },
      mpesa: { configured: true },
    });
  });

  it("without settings: the providers say not configured, paying is refused (503) and nothing is recorded", async () => {
    const bare = await createTestApp();
    try {
      const supportToken = (await signInSupport(bare.app, bare.database)).token;
      const owner = await registerBusiness(bare.app);
      expect((await client(bare.app, owner.token).get("/api/subscriptions/providers")).json()).toEqual({
        paypal: { configured: false, clientId: null, currency: "USD", sdkUrl: null },
        mpesa: { configured: false },
      });
      const plan = await createPlan(bare.app, supportToken);
      const sub = await subscribeBusiness(bare.app, owner.token, owner.businessId, plan);
      const res = await payMpesa(bare.app, owner.token, sub._id, 150_000);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: "NOT_CONFIGURED",
        message: expect.stringMatching(/M-Pesa is not configured/),
      });
      const usd = await createPlan(bare.app, supportToken, { currency: "USD", price: 1_000 });
      const subUsd = await subscribeBusiness(
        bare.app,
        owner.token,
        (await addBusiness(bare.app, owner)).businessId,
        usd,
        "paypal",
      );
      const pp = await client(bare.app, owner.token).post(`/api/subscriptions/${subUsd._id}/pay`, {
        amount: 1_000,
        paymentMethod: "paypal",
        transactionId: "ANY",
        providerOrderId: "ANY",
        currency: "USD",
        status: "success",
      });
      expect(pp.json().error).toMatchObject({
        code: "NOT_CONFIGURED",
        message: expect.stringMatching(/PayPal is not configured/),
      });
      expect(await countRows(bare.database, "subscription_payments")).toBe(0);
      // The page's CSP stays tight: no PayPal origins when PayPal is not used.
      const csp = String(
        (await bare.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"],
      );
      expect(csp).not.toContain("paypal");
    } finally {
      await bare.close();
    }
  });

  it("with PayPal configured the CSP admits PayPal's script, frames and calls, and nothing else new", async () => {
    const csp = String((await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toBe(
      "script-src 'self' 'wasm-unsafe-eval' https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com",
    );
    expect(directive("frame-src")).toContain("https://*.paypal.com");
    expect(directive("connect-src")).toContain("https://*.paypal.com");
    // WebAssembly may compile (the till's barcode reader, our own file); script text may never run as code.
    expect(csp).not.toContain("'unsafe-eval'");
    expect(directive("script-src")).not.toContain("unsafe-inline");
  });

  it("the environment: provider settings parse, and a half-configured provider stops the server", () => {
    const full = loadConfig({
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
      MPESA_CONSUMER_KEY: "k",
      MPESA_CONSUMER_SECRET: "s",
      MPESA_SHORTCODE: "174379",
      MPESA_PASSKEY: "p",
      MPESA_CALLBACK_URL: "https://duka.example.com/api/subscriptions/mpesa/callback",
    });
    expect(full.paypal).toEqual({
      clientId: "id",
      clientSecret: "secret",
      baseUrl: "https://api-m.sandbox.paypal.com",
      sdkUrl: "https://www.paypal.com/sdk/js",
    });
    expect(full.mpesa).toMatchObject({
      shortcode: "174379",
      baseUrl: "https://sandbox.safaricom.co.ke",
      transactionType: "CustomerPayBillOnline",
    });
    expect(full.subscriptionGraceDays).toBe(7);
    expect(loadConfig({}).paypal).toBeNull();
    expect(loadConfig({}).mpesa).toBeNull();
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: "id" })).toThrow(
      /PAYPAL_CLIENT_SECRET: required when PAYPAL_CLIENT_ID is set/,
    );
    expect(() => loadConfig({ MPESA_CONSUMER_KEY: "k", MPESA_SHORTCODE: "174379" })).toThrow(/MPESA_PASSKEY: required/);
    expect(() => loadConfig({ MPESA_SHORTCODE: "12ab" })).toThrow(/MPESA_SHORTCODE/);
    expect(() => loadConfig({ SUBSCRIPTION_GRACE_DAYS: "-1" })).toThrow(/SUBSCRIPTION_GRACE_DAYS/);
    expect(loadConfig({ SUBSCRIPTION_GRACE_DAYS: "3" }).subscriptionGraceDays).toBe(3);
  });
});
