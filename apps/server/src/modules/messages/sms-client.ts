import { jsonOf, providerFetch, ProviderError } from "../../platform/provider-http.ts";

/** Africa's Talking's SMS API: the account's username and API key, and optionally an approved sender id. */
export type SmsSettings = { baseUrl: string; username: string; apiKey: string; senderId: string | null };

export const AT_LIVE_URL = "https://api.africastalking.com";
export const AT_SANDBOX_URL = "https://api.sandbox.africastalking.com";

/** What happened to one SMS: taken (with the provider's id and cost), or refused; `retry`: worth trying again later. */
export type SendOutcome =
  { ok: true; providerId: string | null; cost: string | null } | { ok: false; retry: boolean; error: string };

/**
 * Africa's Talking's per-recipient status codes (their SMS docs): 100 Processed, 101 Sent and 102
 * Queued are taken; 401 RiskHold, 402 InvalidSenderId, 403 InvalidPhoneNumber, 404
 * UnsupportedNumberType, 406 UserInBlacklist are the number's or account's and will not change by
 * trying again; 405 InsufficientBalance, 407 CouldNotRoute and the 5xx ones may.
 */
const TAKEN = new Set([100, 101, 102]);
const FINAL = new Set([401, 402, 403, 404, 406]);

/**
 * Sends one SMS: POST {base}/version1/messaging, form-encoded username, to (+2547...), message and
 * from (the sender id, when the account has one), with the apiKey header. The key never leaves
 * this function: errors name the status only.
 */
export async function sendSms(settings: SmsSettings, to: string, message: string): Promise<SendOutcome> {
  const form = new URLSearchParams({ username: settings.username, to, message });
  if (settings.senderId) form.set("from", settings.senderId);
  let res: Response;
  try {
    res = await providerFetch("Africa's Talking", `${settings.baseUrl.replace(/\/$/, "")}/version1/messaging`, {
      method: "POST",
      headers: {
        apiKey: settings.apiKey,
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
    });
  } catch (err) {
    return { ok: false, retry: true, error: err instanceof ProviderError ? err.message : "Africa's Talking failed" };
  }
  if (res.status === 401)
    return { ok: false, retry: false, error: "Africa's Talking refused the username or API key (401)" };
  if (!res.ok)
    return {
      ok: false,
      retry: res.status >= 500 || res.status === 429,
      error: `Africa's Talking answered ${res.status}`,
    };
  const body = await jsonOf(res);
  const data = body.SMSMessageData as { Message?: unknown; Recipients?: unknown } | undefined;
  const recipient = (Array.isArray(data?.Recipients) ? data.Recipients[0] : undefined) as
    { status?: unknown; statusCode?: unknown; messageId?: unknown; cost?: unknown } | undefined;
  if (!recipient) {
    const said = typeof data?.Message === "string" ? data.Message.slice(0, 200) : "no recipient in the answer";
    return { ok: false, retry: false, error: `Africa's Talking did not send it: ${said}` };
  }
  const code = Number(recipient.statusCode);
  const cost = typeof recipient.cost === "string" && recipient.cost !== "0" ? recipient.cost : null;
  if (TAKEN.has(code))
    return { ok: true, providerId: typeof recipient.messageId === "string" ? recipient.messageId : null, cost };
  const status = typeof recipient.status === "string" ? recipient.status.slice(0, 100) : "refused";
  return { ok: false, retry: !FINAL.has(code), error: `Africa's Talking: ${status} (${code})` };
}
