import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/db/client.ts";
import { client } from "./app.ts";
import { FAKE_MPESA, type FakeDaraja } from "../fakes/fake-daraja.ts";

/** The till M-Pesa settings of a test app talking to this fake Daraja. */
export const tillMpesaConfig = (daraja: FakeDaraja, token = "till-token-0123456789abcdefghijklmnopqrstuv") => ({
  darajaBaseUrl: daraja.url,
  publicUrl: "https://duka.example.com",
  callbackToken: token,
  credentialsKey: "credentials-key-for-tests-0123456789abcdef",
});

/** The business's own C2B callback token (the secret segment of its confirmation URL), or null. */
export async function c2bTokenOf(database: Database, businessId: string): Promise<string | null> {
  const { rows } = await database.pool.query<{ token: string | null }>(
    "SELECT to_jsonb(c) ->> 'c2b_token' AS token FROM mpesa_credentials c WHERE business_id = $1",
    [businessId],
  );
  return rows[0]?.token ?? null;
}

/**
 * Gives a business its M-Pesa credentials, one pending STK push and one C2B payment, and a PIN
 * to one employee: a row in each table of the till's M-Pesa and the cashier switch.
 */
export async function seedTillMpesa(
  app: FastifyInstance,
  daraja: FakeDaraja,
  owner: { token: string; businessId: string },
  employeeId: string,
): Promise<void> {
  const api = client(app, owner.token);
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
  };
  await ok(
    api.put("/api/mpesa/settings", {
      businessId: owner.businessId,
      kind: "paybill",
      shortcode: FAKE_MPESA.shortcode,
      passkey: FAKE_MPESA.passkey,
      consumerKey: FAKE_MPESA.consumerKey,
      consumerSecret: FAKE_MPESA.consumerSecret,
    }),
  );
  await ok(api.post("/api/mpesa/stk", { businessId: owner.businessId, phone: "0712345678", amount: 10_000 }));
  // The C2B confirmation goes to the business's own URL (its own token), as Daraja was told.
  await ok(api.post("/api/mpesa/c2b/register", { businessId: owner.businessId }));
  const confirmation = new URL(daraja.registrations.at(-1)!.confirmationUrl).pathname;
  await ok(client(app).post(confirmation, daraja.c2bBody({ amount: 100, firstName: "Seed" })));
  await ok(api.put(`/api/tillPin/${employeeId}`, { pin: "2468" }));
}
