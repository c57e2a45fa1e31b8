import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { DarajaClient } from "../mpesa/mpesa.public.ts";
import { PaypalClient } from "./providers/paypal.ts";

type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

/** What payments and the renewal job need: the database, the configured providers, the grace period. */
export type BillingDeps = {
  db: Db;
  paypal: PaypalClient | null;
  mpesa: DarajaClient | null;
  graceDays: number;
  log: Log;
};

export type BillingSettings = Partial<Pick<Config, "paypal" | "mpesa" | "subscriptionGraceDays">>;

/** Provider clients for the settings given; a provider without settings is null ("not configured"). */
export function createBillingDeps(db: Db, settings: BillingSettings, log: Log): BillingDeps {
  return {
    db,
    paypal: settings.paypal ? new PaypalClient(settings.paypal) : null,
    mpesa: settings.mpesa ? new DarajaClient(settings.mpesa) : null,
    graceDays: settings.subscriptionGraceDays ?? 7,
    log,
  };
}

export function requirePaypal(deps: BillingDeps): PaypalClient {
  if (!deps.paypal)
    throw new AppError(
      "NOT_CONFIGURED",
      "PayPal is not configured on this server. Ask the provider to set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or pay with M-Pesa.",
    );
  return deps.paypal;
}

export function requireMpesa(deps: BillingDeps): DarajaClient {
  if (!deps.mpesa)
    throw new AppError(
      "NOT_CONFIGURED",
      "M-Pesa is not configured on this server. Ask the provider to set the MPESA_ settings, or pay with PayPal.",
    );
  return deps.mpesa;
}
