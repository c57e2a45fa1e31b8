import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { completeMpesaConfig, loadConfig } from "../../src/config.ts";
import { client, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "../factories/app.ts";
import { FAKE_MPESA, startFakeDaraja, type FakeDaraja, type StkPush } from "../fakes/fake-daraja.ts";
import { createPlan, payMpesa, postCallback, subscribeBusiness } from "../factories/subscriptions.ts";

/**
 * Issue 18, item 2: M-Pesa callbacks are unsigned. The callback path carries an unguessable
 * token of the installation; a success must carry the amount and receipt number asked, and every
 * callback is confirmed with Daraja's STK query before anything is settled, so a forged failure
 * or wrong amount sent first cannot make the genuine success be ignored. Anything else is
 * answered 200 and changes nothing, and forged callbacks are logged briefly.
 */
const CALLBACK_URL = "https://duka.example.com/api/subscriptions/mpesa/callback";
const PRICE = 150_000;
const ACCEPTED = { ResultCode: 0, ResultDesc: "Accepted" };

let t: TestApp;
let daraja: FakeDaraja;
let plan: { _id: string };
let owner: Owner;
let sub: { _id: string };
let push: StkPush;

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({ mpesa: daraja.config(CALLBACK_URL) });
  const support = (await signInSupport(t.app, t.database)).token;
  plan = await createPlan(t.app, support, { name: "Callback plan", price: PRICE });
});
afterAll(async () => {
  await t.close();
  await daraja.close();
});
beforeEach(async () => {
  owner = await registerBusiness(t.app);
  sub = await subscribeBusiness(t.app, owner.token, owner.businessId, plan);
  expect((await payMpesa(t.app, owner.token, sub._id, PRICE)).statusCode).toBe(200);
  push = daraja.pushes.at(-1)!;
});

const view = async () =>
  (await client(t.app, owner.token).get(`/api/subscriptions?businessId=${owner.businessId}`)).json().items[0];
const stillPending = async () =>
  expect(await view()).toMatchObject({ status: "pending", latestPayment: { status: "pending" } });
/** A success callback with these metadata items only (Daraja always sends Amount and MpesaReceiptNumber). */
const successWith = (items: { Name: string; Value?: string | number }[]) => {
  const body = daraja.forgedCallbackBody(push, 0);
  body.Body.stkCallback.CallbackMetadata = { Item: items };
  return body;
};

describe("the callback address", () => {
  it("Daraja is given the configured URL with the installation's token as its last segment", () => {
    expect(push.callbackUrl).toBe(`${CALLBACK_URL}/${FAKE_MPESA.callbackToken}`);
  });

  it("the address without the token, or with another token, answers 200 and changes nothing", async () => {
    const genuine = daraja.callbackBody(push, 0);
    for (const to of [
      "/api/subscriptions/mpesa/callback",
      "/api/subscriptions/mpesa/callback/not-the-token-not-the-token-not-the",
      `/api/subscriptions/mpesa/callback/${FAKE_MPESA.callbackToken}x`,
    ]) {
      const res = await postCallback(t.app, genuine, to);
      expect(res.statusCode, to).toBe(200);
      expect(res.json(), to).toEqual(ACCEPTED);
    }
    await stillPending();
    // The right address settles it.
    expect((await postCallback(t.app, genuine, push)).json()).toEqual(ACCEPTED);
    expect((await view()).status).toBe("active");
  });
});

describe("what a success must carry", () => {
  it("a success without CallbackMetadata (no amount, no receipt) activates nothing", async () => {
    const body = daraja.forgedCallbackBody(push, 0);
    delete (body.Body.stkCallback as { CallbackMetadata?: unknown }).CallbackMetadata;
    daraja.settle(push.checkoutRequestId, 0); // even when Daraja's query would confirm a success
    expect((await postCallback(t.app, body, push)).json()).toEqual(ACCEPTED);
    await stillPending();
  });

  it("a success with an amount but no receipt, or a receipt but no amount, activates nothing", async () => {
    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, successWith([{ Name: "Amount", Value: 1500 }]), push);
    await postCallback(t.app, successWith([{ Name: "MpesaReceiptNumber", Value: "QWE123RTY" }]), push);
    await stillPending();
  });

  it("a success for another amount activates nothing and fails nothing", async () => {
    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, daraja.forgedCallbackBody({ ...push, amount: 1 }, 0), push);
    await stillPending();
  });
});

describe("confirmed with Daraja's STK query before anything is settled", () => {
  it("a forged failure sent first is not believed while Daraja says the customer is still on the phone; the genuine success then activates", async () => {
    await postCallback(t.app, daraja.forgedCallbackBody(push, 1032), push);
    await stillPending();
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    expect(await view()).toMatchObject({
      status: "active",
      latestPayment: { status: "success", transactionId: expect.stringMatching(/^FAKE/) },
    });
  });

  it("a forged failure when Daraja says it succeeded: the payment succeeds (Daraja's word), the receipt comes with the genuine callback", async () => {
    daraja.settle(push.checkoutRequestId, 0);
    await postCallback(t.app, daraja.forgedCallbackBody(push, 1), push);
    expect(await view()).toMatchObject({ status: "active", latestPayment: { status: "success" } });
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    expect((await view()).latestPayment.transactionId).toMatch(/^FAKE/);
  });

  it("a wrong-amount success sent first does not make the genuine success be ignored", async () => {
    await postCallback(t.app, daraja.forgedCallbackBody({ ...push, amount: 1 }, 0), push);
    await stillPending();
    await postCallback(t.app, daraja.callbackBody(push, 0), push);
    expect((await view()).status).toBe("active");
  });

  it("a well-formed forged success while the customer has not answered changes nothing", async () => {
    await postCallback(t.app, daraja.forgedCallbackBody(push, 0), push);
    await stillPending();
  });

  it("a forged success when the customer cancelled: the payment fails with Daraja's words, nothing is activated", async () => {
    daraja.settle(push.checkoutRequestId, 1032);
    await postCallback(t.app, daraja.forgedCallbackBody(push, 0), push);
    expect(await view()).toMatchObject({
      status: "pending",
      latestPayment: { status: "failed", resultDesc: "Request cancelled by user" },
    });
  });

  it("Daraja unreachable for the query: 200, the payment stays pending for the job's query later", async () => {
    const body = daraja.callbackBody(push, 0);
    const stkQuery = vi.spyOn(t.app.billing.mpesa!, "stkQuery").mockRejectedValueOnce(new Error("ECONNRESET"));
    expect((await postCallback(t.app, body, push)).json()).toEqual(ACCEPTED);
    stkQuery.mockRestore();
    await stillPending();
    await postCallback(t.app, body, push);
    expect((await view()).status).toBe("active");
  });
});

describe("forged callbacks are logged briefly", () => {
  it("300 forged callbacks: each log line names the reason and the request id, never the whole body", async () => {
    const warn = vi.spyOn(t.app.billing.log, "warn");
    try {
      const padding = "x".repeat(190);
      for (let i = 0; i < 100; i++) {
        const unknown = daraja.forgedCallbackBody(
          { ...push, checkoutRequestId: `ws_CO_forged_${i}_${padding}`.slice(0, 100) },
          0,
        );
        await postCallback(t.app, unknown, push);
        await postCallback(t.app, daraja.forgedCallbackBody(push, 0), `/api/subscriptions/mpesa/callback/wrong-${i}`);
        await postCallback(t.app, successWith([{ Name: "Note", Value: padding }]), push);
      }
      expect(warn.mock.calls.length).toBeGreaterThanOrEqual(300);
      for (const args of warn.mock.calls) {
        const line = JSON.stringify(args);
        expect(line.length, line).toBeLessThan(400);
        expect(line).not.toMatch(/CallbackMetadata|stkCallback|Item/);
      }
    } finally {
      warn.mockRestore();
    }
    await stillPending();
  });
});

describe("the token's configuration", () => {
  const base = {
    MPESA_CONSUMER_KEY: "k",
    MPESA_CONSUMER_SECRET: "s",
    MPESA_SHORTCODE: "174379",
    MPESA_PASSKEY: "p",
    MPESA_CALLBACK_URL: CALLBACK_URL,
  };

  it("MPESA_CALLBACK_TOKEN sets it (at least 32 letters, digits, - or _); a short one stops the server", async () => {
    const token = "A".repeat(40);
    const config = await completeMpesaConfig(loadConfig({ ...base, MPESA_CALLBACK_TOKEN: token }));
    expect(config.mpesa?.callbackToken).toBe(token);
    expect(() => loadConfig({ ...base, MPESA_CALLBACK_TOKEN: "short" })).toThrow(/MPESA_CALLBACK_TOKEN/);
  });

  it("without it one is generated once into DATA_DIR/mpesa-callback-token and kept", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "duka-mpesa-token-"));
    try {
      const first = await completeMpesaConfig(loadConfig({ ...base, DATA_DIR: dir }));
      const token = first.mpesa!.callbackToken;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect((await readFile(path.join(dir, "mpesa-callback-token"), "utf8")).trim()).toBe(token);
      const again = await completeMpesaConfig(loadConfig({ ...base, DATA_DIR: dir }));
      expect(again.mpesa!.callbackToken).toBe(token);
      // No M-Pesa settings: nothing is generated.
      const none = await completeMpesaConfig(loadConfig({ DATA_DIR: path.join(dir, "other") }));
      expect(none.mpesa).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
