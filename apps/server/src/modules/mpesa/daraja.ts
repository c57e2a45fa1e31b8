import { darajaPassword, darajaTimestamp } from "@app/shared/subscriptions/mpesa";
import type { MpesaConfig } from "../../config.ts";
import { CachedToken, jsonOf, ProviderError, providerFetch } from "../../platform/provider-http.ts";

export type StkPushResult = { merchantRequestId: string; checkoutRequestId: string; customerMessage: string };
export type StkQueryResult = { state: "processing" } | { state: "done"; resultCode: number; resultDesc: string };

/** Daraja's answer while the customer has not finished on the phone. */
const STILL_PROCESSING = "500.001.1001";

/** Safaricom's Daraja API: OAuth, STK push (Lipa na M-Pesa Online) and STK push query. */
export class DarajaClient {
  private readonly token: CachedToken;
  constructor(readonly config: MpesaConfig) {
    if (!/^[A-Za-z0-9_-]{32,}$/.test(config.callbackToken))
      throw new Error("M-Pesa needs a callback token (MPESA_CALLBACK_TOKEN or DATA_DIR/mpesa-callback-token)");
    this.token = new CachedToken(() => this.fetchToken());
  }

  /** Where Daraja reports results: MPESA_CALLBACK_URL with the installation's token as the last segment. */
  get callbackUrl(): string {
    return `${this.config.callbackUrl}/${this.config.callbackToken}`;
  }

  private async fetchToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString("base64");
    const res = await providerFetch(
      "M-Pesa",
      `${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`,
      { headers: { authorization: `Basic ${basic}` } },
    );
    const body = await jsonOf(res);
    if (!res.ok || typeof body.access_token !== "string")
      throw new ProviderError("M-Pesa refused the app's credentials. Please contact support.");
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in ?? 0) };
  }

  private async post(
    path: string,
    payload: Record<string, unknown>,
  ): Promise<{ res: Response; body: Record<string, unknown> }> {
    const res = await providerFetch("M-Pesa", `${this.config.baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await this.token.get()}`, "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    if (res.status === 401) this.token.clear();
    return { res, body: await jsonOf(res) };
  }

  private credentials(at: Date) {
    const timestamp = darajaTimestamp(at);
    return {
      BusinessShortCode: this.config.shortcode,
      Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  /** Asks the customer's phone to pay `amount` whole shillings (the PIN prompt). */
  async stkPush(req: {
    msisdn: string;
    amount: number;
    accountReference: string;
    description: string;
    at: Date;
  }): Promise<StkPushResult> {
    const { res, body } = await this.post("/mpesa/stkpush/v1/processrequest", {
      ...this.credentials(req.at),
      TransactionType: this.config.transactionType,
      Amount: req.amount,
      PartyA: req.msisdn,
      PartyB: this.config.shortcode,
      PhoneNumber: req.msisdn,
      CallBackURL: this.callbackUrl,
      AccountReference: req.accountReference.slice(0, 12),
      TransactionDesc: req.description.slice(0, 13),
    });
    if (!res.ok || body.ResponseCode !== "0" || typeof body.CheckoutRequestID !== "string") {
      throw new ProviderError(
        `M-Pesa did not accept the payment request: ${String(body.errorMessage ?? body.ResponseDescription ?? `HTTP ${res.status}`)}`,
      );
    }
    return {
      merchantRequestId: String(body.MerchantRequestID ?? ""),
      checkoutRequestId: body.CheckoutRequestID,
      customerMessage: String(body.CustomerMessage ?? ""),
    };
  }

  /**
   * Registers where Daraja sends customer-initiated payments (C2B) to this shortcode: the
   * confirmation URL (every completed payment) and the validation URL (asked first, when
   * Safaricom has enabled validation). "Completed": without an answer, M-Pesa completes.
   */
  async registerC2bUrls(urls: { confirmationUrl: string; validationUrl: string }): Promise<void> {
    const { res, body } = await this.post("/mpesa/c2b/v1/registerurl", {
      ShortCode: this.config.shortcode,
      ResponseType: "Completed",
      ConfirmationURL: urls.confirmationUrl,
      ValidationURL: urls.validationUrl,
    });
    if (!res.ok || String(body.ResponseCode ?? "") !== "0")
      throw new ProviderError(
        `M-Pesa did not register the payment addresses: ${String(body.errorMessage ?? body.ResponseDescription ?? `HTTP ${res.status}`)}`,
      );
  }

  /** Asks how an STK push ended: the fallback when no callback arrived. */
  async stkQuery(checkoutRequestId: string, at: Date): Promise<StkQueryResult> {
    const { res, body } = await this.post("/mpesa/stkpushquery/v1/query", {
      ...this.credentials(at),
      CheckoutRequestID: checkoutRequestId,
    });
    if (body.errorCode === STILL_PROCESSING) return { state: "processing" };
    if (!res.ok || body.ResultCode === undefined)
      throw new ProviderError(
        `M-Pesa could not report on the payment: ${String(body.errorMessage ?? `HTTP ${res.status}`)}`,
      );
    return { state: "done", resultCode: Number(body.ResultCode), resultDesc: String(body.ResultDesc ?? "") };
  }
}
