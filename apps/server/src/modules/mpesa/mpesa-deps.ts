import type { Db } from "../../db/client.ts";
import type { SecretBox } from "../../platform/secret-box.ts";

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
