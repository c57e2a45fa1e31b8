import type { PaypalConfig } from "../../../config.ts";
import { CachedToken, jsonOf, ProviderError, providerFetch } from "../../../platform/provider-http.ts";

type Amount = { currency_code: string; value: string };

/** A capture inside an order, as the Orders API v2 reports it. */
export type PaypalOrderCapture = { id: string; status: string; amount: Amount | null; customId: string | null };
/** What the server needs of a PayPal order: its status and, per purchase unit, the custom_id and captures. */
export type PaypalOrder = {
  id: string;
  status: string;
  units: { customId: string | null; captures: PaypalOrderCapture[] }[];
};

const text = (v: unknown) => (typeof v === "string" ? v : null);
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === "object") : [];
function amountOf(v: unknown): Amount | null {
  const a = v as { currency_code?: unknown; value?: unknown } | null | undefined;
  return a && typeof a.currency_code === "string" && typeof a.value === "string"
    ? { currency_code: a.currency_code, value: a.value }
    : null;
}

/**
 * PayPal's REST API, for verifying a capture the browser reports: the server reads the order
 * from PayPal itself and never believes a "success" sent by the page.
 */
export class PaypalClient {
  private readonly token: CachedToken;
  constructor(readonly config: PaypalConfig) {
    this.token = new CachedToken(() => this.fetchToken());
  }

  private async fetchToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString("base64");
    const res = await providerFetch("PayPal", `${this.config.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const body = await jsonOf(res);
    if (!res.ok || typeof body.access_token !== "string")
      throw new ProviderError("PayPal refused the app's credentials. Please contact support.");
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in ?? 0) };
  }

  /** GET /v2/checkout/orders/{id} (the Orders API); null when PayPal has no such order. */
  async getOrder(orderId: string): Promise<PaypalOrder | null> {
    const res = await providerFetch(
      "PayPal",
      `${this.config.baseUrl}/v2/checkout/orders/${encodeURIComponent(orderId)}`,
      {
        headers: { authorization: `Bearer ${await this.token.get()}`, accept: "application/json" },
      },
    );
    if (res.status === 401) this.token.clear();
    if (res.status === 404) return null;
    const body = await jsonOf(res);
    if (!res.ok)
      throw new ProviderError(`PayPal could not confirm the payment (${String(body.message ?? res.status)}).`);
    return {
      id: String(body.id),
      status: String(body.status),
      units: list(body.purchase_units).map((unit) => ({
        customId: text(unit.custom_id),
        captures: list((unit.payments as { captures?: unknown } | undefined)?.captures).map((c) => ({
          id: String(c.id),
          status: String(c.status),
          amount: amountOf(c.amount),
          customId: text(c.custom_id),
        })),
      })),
    };
  }
}
