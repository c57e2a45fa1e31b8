import { randomBytes } from "node:crypto";
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
    .values({ businessId: ctx.businessId, ...values, c2bToken: newC2bToken() })
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

/**
 * A fresh C2B token: hex, so it never holds a word Daraja refuses in a URL (exe, cmd, sql, ...).
 * 192 random bits.
 */
const newC2bToken = () => randomBytes(24).toString("hex");

/** The token a business's C2B URLs carry: its own, or the installation's for credentials registered before (null). */
export async function c2bTokenOf(db: DbOrTx, deps: TillMpesaDeps, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: mpesaCredentials.c2bToken })
    .from(mpesaCredentials)
    .where(eq(mpesaCredentials.businessId, businessId));
  return row ? (row.token ?? deps.callbackToken) : null;
}

/** The addresses Daraja sends this business's customer payments to (C2B), with its own token. */
export function c2bUrls(deps: TillMpesaDeps, businessId: string, token: string) {
  const base = `${deps.publicUrl}/api/lipa/c2b/${token}/${businessId}`;
  return { confirmationUrl: `${base}/confirmation`, validationUrl: `${base}/validation` };
}

async function registerUrls(found: { client: DarajaClient }, deps: TillMpesaDeps, businessId: string, token: string) {
  try {
    await found.client.registerC2bUrls(c2bUrls(deps, businessId, token));
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("PAYMENT_PROVIDER_ERROR", err.message);
    throw err;
  }
}

/**
 * Registers the confirmation and validation URLs with Daraja (Settings button, npm run
 * mpesa:register-c2b), with the business's own token (made now for credentials that had none).
 */
export async function registerC2b(db: DbOrTx, deps: TillMpesaDeps, businessId: string): Promise<Date> {
  const found = await businessClient(db, deps, businessId);
  if (!found) throw notConfigured();
  const [row] = await db
    .select({ token: mpesaCredentials.c2bToken })
    .from(mpesaCredentials)
    .where(eq(mpesaCredentials.businessId, businessId));
  const token = row?.token ?? newC2bToken();
  await registerUrls(found, deps, businessId, token);
  const at = now();
  await db
    .update(mpesaCredentials)
    .set({ c2bRegisteredAt: at, c2bToken: token })
    .where(eq(mpesaCredentials.businessId, businessId));
  return at;
}

/**
 * A new C2B token for the business (the old one stops working at once). With working credentials
 * and a public URL, Daraja gets the new URLs first (when it refuses, nothing changes); otherwise
 * the token is replaced and the URLs must be registered again (c2bRegisteredAt null).
 */
export async function rotateC2bToken(ctx: Ctx, deps: TillMpesaDeps): Promise<MpesaSettings> {
  const [row] = await ctx.db
    .select({ businessId: mpesaCredentials.businessId })
    .from(mpesaCredentials)
    .where(eq(mpesaCredentials.businessId, ctx.businessId));
  if (!row) throw notConfigured();
  const token = newC2bToken();
  const found = await businessClient(ctx.db, deps, ctx.businessId);
  if (found) await registerUrls(found, deps, ctx.businessId, token);
  await ctx.db
    .update(mpesaCredentials)
    .set({ c2bToken: token, c2bRegisteredAt: found ? now() : null })
    .where(eq(mpesaCredentials.businessId, ctx.businessId));
  return getSettings(ctx, deps);
}
