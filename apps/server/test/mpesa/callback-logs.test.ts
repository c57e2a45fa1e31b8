import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { FAKE_MPESA, startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { c2bTokenOf, tillMpesaConfig } from "../factories/till-mpesa.ts";

/**
 * What the request log may hold: never the M-Pesa callback tokens in a URL (anyone reading the
 * logs could forge a confirmation) nor a secret query parameter, and never a database error's
 * details or the values of its row (a guest's name and phone): only its SQLSTATE and constraint.
 */
const TOKEN = "till-token-0123456789abcdefghijklmnopqrstuv";
const SUBSCRIPTION_TOKEN = "sub-token-0123456789abcdefghijklmnopqrstuvw";
const lines: string[] = [];
const logged = () => lines.join("");
let t: TestApp;
let daraja: FakeDaraja;
let owner: Owner;

beforeAll(async () => {
  daraja = await startFakeDaraja();
  t = await createTestApp({
    logLevel: "info",
    logStream: { write: (line: string) => void lines.push(line) },
    tillMpesa: tillMpesaConfig(daraja, TOKEN),
  });
  owner = await registerBusiness(t.app);
  const res = await client(t.app, owner.token).put("/api/mpesa/settings", {
    businessId: owner.businessId,
    kind: "paybill",
    shortcode: FAKE_MPESA.shortcode,
    passkey: FAKE_MPESA.passkey,
    consumerKey: FAKE_MPESA.consumerKey,
    consumerSecret: FAKE_MPESA.consumerSecret,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await daraja.close();
});

describe("the request log", () => {
  it("holds no callback token: STK callback, C2B confirmation and validation, subscription callback", async () => {
    const businessToken = (await c2bTokenOf(t.database, owner.businessId)) ?? "no-business-token";
    lines.length = 0;
    const stk = {
      Body: {
        stkCallback: {
          MerchantRequestID: "m-1",
          CheckoutRequestID: "ws_CO_1",
          ResultCode: 1032,
          ResultDesc: "Cancelled",
        },
      },
    };
    const c2b = daraja.c2bBody({ amount: 100 });
    const anon = client(t.app);
    await anon.post(`/api/lipa/stk/${TOKEN}`, stk);
    await anon.post(`/api/lipa/c2b/${TOKEN}/${owner.businessId}/confirmation`, c2b);
    await anon.post(`/api/lipa/c2b/${businessToken}/${owner.businessId}/confirmation`, c2b);
    await anon.post(`/api/lipa/c2b/${businessToken}/${owner.businessId}/validation`, c2b);
    await anon.post(`/api/subscriptions/mpesa/callback/${SUBSCRIPTION_TOKEN}`, stk);
    await anon.get(`/api/health?token=${SUBSCRIPTION_TOKEN}&x=1`);
    const text = logged();
    expect(text).toContain("/api/lipa/stk/");
    expect(text).toContain(`/api/lipa/c2b/[redacted]/${owner.businessId}/confirmation`);
    expect(text).toContain("/api/subscriptions/mpesa/callback/");
    expect(text).toContain("/api/health?token=[redacted]&x=1");
    for (const secret of [TOKEN, businessToken, SUBSCRIPTION_TOKEN]) expect(text).not.toContain(secret);
  });
});

describe("a database error's log line", () => {
  const name = "Achieng Otieno";
  const phone = "0712999888";
  beforeAll(async () => {
    await t.database.pool.query(
      "CREATE TABLE guest_probe (name text, phone text CONSTRAINT guest_probe_phone_key UNIQUE)",
    );
    await t.database.pool.query(
      `CREATE FUNCTION guest_deadlock(n text, p text) RETURNS int LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION USING ERRCODE = '40P01', MESSAGE = 'deadlock detected', DETAIL = 'guest ' || n || ' ' || p; END $$`,
    );
  });
  const failure = async (query: ReturnType<typeof sql>) => {
    const err = await t.database.db.execute(query).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    return err;
  };

  it("a unique violation: its SQLSTATE and constraint, never the row's values", async () => {
    await t.database.db.execute(sql`INSERT INTO guest_probe VALUES (${name}, ${phone})`);
    const err = await failure(sql`INSERT INTO guest_probe VALUES (${name}, ${phone})`);
    lines.length = 0;
    t.app.log.error({ err }, "unhandled error");
    const text = logged();
    expect(text).toContain("23505");
    expect(text).toContain("guest_probe_phone_key");
    expect(text).not.toContain(phone);
    expect(text).not.toContain(name);
  });

  it("a deadlock: its SQLSTATE, never the detail or the query's parameters", async () => {
    const err = await failure(sql`SELECT guest_deadlock(${name}, ${phone})`);
    lines.length = 0;
    t.app.log.error({ err, businessId: owner.businessId }, "unhandled error");
    const text = logged();
    expect(text).toContain("40P01");
    expect(text).not.toContain(phone);
    expect(text).not.toContain(name);
  });
});
