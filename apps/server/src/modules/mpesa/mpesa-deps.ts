import { inArray } from "drizzle-orm";
import type { TillMpesaConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { SecretBox } from "../../platform/secret-box.ts";
import { registerC2b } from "./credentials.service.ts";
import { mpesaCredentials } from "./mpesa.table.ts";

type Log = { warn: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

/** What the till's M-Pesa needs besides a request: where Daraja is, where it calls back, the key. */
export type TillMpesaDeps = {
  db: Db;
  box: SecretBox;
  /** Daraja's address (MPESA_BASE_URL: sandbox or production, or a fake in tests). */
  darajaBaseUrl: string;
  /** The server's public address Daraja calls back (PUBLIC_URL); null: STK and C2B say "not configured". */
  publicUrl: string | null;
  /** The installation's unguessable callback token: the path segment every till callback must carry. */
  callbackToken: string;
  log: Log;
};

export function createTillMpesaDeps(db: Db, config: TillMpesaConfig, log: Log): TillMpesaDeps {
  return {
    db,
    box: new SecretBox(config.credentialsKey),
    darajaBaseUrl: config.darajaBaseUrl,
    publicUrl: config.publicUrl,
    callbackToken: config.callbackToken,
    log,
  };
}

/** Registers the C2B URLs of these businesses (null: every business with credentials), one by one. */
export async function registerC2bForBusinesses(
  deps: TillMpesaDeps,
  businessIds: string[] | null,
): Promise<{ businessId: string; ok: boolean; message: string }[]> {
  const rows = await deps.db
    .select({ businessId: mpesaCredentials.businessId })
    .from(mpesaCredentials)
    .where(businessIds ? inArray(mpesaCredentials.businessId, businessIds) : undefined);
  const out: { businessId: string; ok: boolean; message: string }[] = [];
  for (const { businessId } of rows) {
    try {
      const at = await registerC2b(deps.db, deps, businessId);
      out.push({ businessId, ok: true, message: `registered at ${at.toISOString()}` });
    } catch (err) {
      out.push({ businessId, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  }
  for (const id of businessIds ?? [])
    if (!rows.some((r) => r.businessId === id))
      out.push({ businessId: id, ok: false, message: "no M-Pesa credentials" });
  return out;
}
