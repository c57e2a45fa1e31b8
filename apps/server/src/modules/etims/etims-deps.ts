import type { Db } from "../../db/client.ts";
import { SecretBox } from "../../platform/secret-box.ts";
import { OscuClient } from "./oscu-client.ts";

type Log = { warn: (obj: object, msg?: string) => void; error: (obj: object, msg?: string) => void };

/** What eTIMS needs besides a request: where KRA's OSCU API is, the key that seals the CMC keys. */
export type EtimsConfig = {
  /** KRA's OSCU address (ETIMS_BASE_URL: sandbox or production, or the fake in tests). */
  baseUrl: string;
  /** How long one call to KRA may take (ETIMS_TIMEOUT_MS). */
  timeoutMs: number;
  credentialsKey: string;
};

export type EtimsDeps = { db: Db; box: SecretBox; baseUrl: string; client: OscuClient; log: Log };

export function createEtimsDeps(db: Db, config: EtimsConfig, log: Log): EtimsDeps {
  return {
    db,
    box: new SecretBox(config.credentialsKey),
    baseUrl: config.baseUrl,
    client: new OscuClient(config.baseUrl, config.timeoutMs),
    log,
  };
}

/** KRA's production and sandbox addresses, as the specification gives them. */
export const ETIMS_PRODUCTION_URL = "https://etims-api.kra.go.ke/etims-api";
export const ETIMS_SANDBOX_URL = "https://etims-api-sbx.kra.go.ke/etims-api";

export const environmentOf = (baseUrl: string): "sandbox" | "production" | "other" =>
  baseUrl.startsWith(ETIMS_PRODUCTION_URL) ? "production" : baseUrl.startsWith(ETIMS_SANDBOX_URL) ? "sandbox" : "other";
