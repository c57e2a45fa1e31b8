import { eq } from "drizzle-orm";
import type { MpesaCredentialsInput, MpesaSettings } from "@app/shared/mpesa/mpesa";
import { maskShortcode } from "@app/shared/mpesa/mpesa";
import type { DbOrTx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { ProviderError } from "../../platform/provider-http.ts";
import { DarajaClient } from "./daraja.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import { mpesaCredentials } from "./mpesa.table.ts";

// A business's own Daraja credentials (sealed at rest), its Daraja client, and the C2B registration.

type Credentials = { shortcode: string; passkey: string; consumerKey: string; consumerSecret: string };

/** The associated data a business's sealed credentials are bound to. */
const sealContext = (businessId: string) => `mpesa-credentials:${businessId}`;

export async function getSettings(ctx: Ctx, deps: TillMpesaDeps): Promise<MpesaSettings> {
  const [row] = await ctx.db.select().from(mpesaCredentials).where(eq(mpesaCredentials.businessId, ctx.businessId));
  if (!row) return { configured: false, kind: null, shortcodeHint: null, updatedAt: null, c2bRegisteredAt: null };
  const creds = openCredentials(deps, row);
  return {
    configured: true,
    kind: row.kind,
    shortcodeHint: creds ? maskShortcode(creds.shortcode) : null,
    updatedAt: row.updatedAt.toISOString(),
    c2bRegisteredAt: row.c2bRegisteredAt?.toISOString() ?? null,
  };
}

/** Stores (replaces) the business's credentials, sealed; the C2B URLs must then be registered again. */
export async function saveCredentials(
  ctx: Ctx,
  deps: TillMpesaDeps,
  input: MpesaCredentialsInput,
): Promise<MpesaSettings> {
  const creds: Credentials = {
    shortcode: input.shortcode,
    passkey: input.passkey,
    consumerKey: input.consumerKey,
    consumerSecret: input.consumerSecret,
  };
  const sealed = deps.box.seal(JSON.stringify(creds), sealContext(ctx.businessId));
  const values = { kind: input.kind, sealed, updatedBy: ctx.user.details.username, updatedAt: now() };
  await ctx.db
    .insert(mpesaCredentials)
    .values({ businessId: ctx.businessId, ...values })
    .onConflictDoUpdate({ target: mpesaCredentials.businessId, set: { ...values, c2bRegisteredAt: null } });
  clients.delete(ctx.businessId);
  return getSettings(ctx, deps);
}

function openCredentials(deps: TillMpesaDeps, row: typeof mpesaCredentials.$inferSelect): Credentials | null {
  try {
    return JSON.parse(deps.box.open(row.sealed, sealContext(row.businessId))) as Credentials;
  } catch {
    deps.log.error({ businessId: row.businessId }, "M-Pesa credentials could not be opened (wrong CREDENTIALS_KEY?)");
    return null;
  }
}

/** Daraja clients per business, kept while its credentials stay the same (the OAuth token is cached inside). */
const clients = new Map<string, { stamp: number; client: DarajaClient; shortcode: string }>();

const notConfigured = () =>
  new AppError(
    "NOT_CONFIGURED",
    "M-Pesa is not set up for this business. The owner enters the Daraja shortcode, passkey, consumer key and secret in Settings.",
  );

export async function businessClient(
  db: DbOrTx,
  deps: TillMpesaDeps,
  businessId: string,
): Promise<{ client: DarajaClient; shortcode: string } | null> {
  const [row] = await db.select().from(mpesaCredentials).where(eq(mpesaCredentials.businessId, businessId));
  if (!row || !deps.publicUrl) return null;
  const cached = clients.get(businessId);
  if (cached && cached.stamp === row.updatedAt.getTime()) return cached;
  const creds = openCredentials(deps, row);
  if (!creds) return null;
  const client = new DarajaClient({
    ...creds,
    baseUrl: deps.darajaBaseUrl,
    callbackUrl: `${deps.publicUrl}/api/lipa/stk`,
    callbackToken: deps.callbackToken,
    transactionType: row.kind === "till" ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
  });
  const entry = { stamp: row.updatedAt.getTime(), client, shortcode: creds.shortcode };
  clients.set(businessId, entry);
  return entry;
}

export async function requireClient(ctx: Ctx, deps: TillMpesaDeps) {
  const found = await businessClient(ctx.db, deps, ctx.businessId);
  if (!found) throw notConfigured();
  return found;
}

/** The addresses Daraja sends this business's customer payments to (C2B). */
export function c2bUrls(deps: TillMpesaDeps, businessId: string) {
  const base = `${deps.publicUrl}/api/lipa/c2b/${deps.callbackToken}/${businessId}`;
  return { confirmationUrl: `${base}/confirmation`, validationUrl: `${base}/validation` };
}

/** Registers the confirmation and validation URLs with Daraja (Settings button, npm run mpesa:register-c2b). */
export async function registerC2b(db: DbOrTx, deps: TillMpesaDeps, businessId: string): Promise<Date> {
  const found = await businessClient(db, deps, businessId);
  if (!found) throw notConfigured();
  try {
    await found.client.registerC2bUrls(c2bUrls(deps, businessId));
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", err.message);
    throw err;
  }
  const at = now();
  await db.update(mpesaCredentials).set({ c2bRegisteredAt: at }).where(eq(mpesaCredentials.businessId, businessId));
  return at;
}
