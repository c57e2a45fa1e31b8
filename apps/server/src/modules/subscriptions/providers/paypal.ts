import type { PaypalConfig } from "../../../config.ts";
import { CachedToken, jsonOf, ProviderError, providerFetch } from "./provider-error.ts";

/** What the server needs of a PayPal capture (Payments API v2). */
export type PaypalCapture = { id: string; status: string; amount: { currency_code: string; value: string } | null; customId: string | null };

/**
 * PayPal's REST API, for verifying a capture the browser reports: the server asks PayPal
 * itself and never believes a "success" sent by the page.
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
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: "grant_type=client_credentials",
    });
    const body = await jsonOf(res);
    if (!res.ok || typeof body.access_token !== "string") throw new ProviderError("PayPal refused the app's credentials. Please contact support.");
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in ?? 0) };
  }

  /** GET /v2/payments/captures/{id}; null when PayPal has no such capture. */
  async getCapture(captureId: string): Promise<PaypalCapture | null> {
    const res = await providerFetch("PayPal", `${this.config.baseUrl}/v2/payments/captures/${encodeURIComponent(captureId)}`, {
      headers: { authorization: `Bearer ${await this.token.get()}`, accept: "application/json" },
    });
    if (res.status === 401) this.token.clear();
    if (res.status === 404) return null;
    const body = await jsonOf(res);
    if (!res.ok) throw new ProviderError(`PayPal could not confirm the payment (${String(body.message ?? res.status)}).`);
    const amount = body.amount as { currency_code?: unknown; value?: unknown } | undefined;
    return {
      id: String(body.id),
      status: String(body.status),
      amount: amount && typeof amount.currency_code === "string" && typeof amount.value === "string" ? { currency_code: amount.currency_code, value: amount.value } : null,
      customId: typeof body.custom_id === "string" ? body.custom_id : null,
    };
  }
}
