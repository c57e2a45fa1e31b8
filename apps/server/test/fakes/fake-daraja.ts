import { basicAuth, startFakeServer, type Recorded, type Reply } from "./fake-http.ts";

/** The settings the app needs to talk to this fake (MPESA_* in the environment). */
export const FAKE_MPESA = {
  consumerKey: "fake-consumer-key",
  consumerSecret: "fake-consumer-secret",
  shortcode: "174379",
  passkey: "fake-passkey-0123456789",
  /** The installation's callback token (MPESA_CALLBACK_TOKEN): the last segment of the CallBackURL. */
  callbackToken: "fake-callback-token-0123456789abcdef",
};

export type StkPush = {
  checkoutRequestId: string;
  merchantRequestId: string;
  phone: string;
  amount: number;
  callbackUrl: string;
  timestamp: string;
  password: string;
  body: Record<string, unknown>;
};
export type Result = { resultCode: number; resultDesc: string };
/** What the fake does after a push when it answers by itself (e2e): the result, and whether it calls back. */
export type AutoAnswer = (push: StkPush) => (Result & { delayMs: number; callback: boolean }) | null;

export const RESULT_DESC: Record<number, string> = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached",
  2001: "The initiator information is invalid.",
  17: "Rule limited.",
};

/** A C2B registration the fake received (registerurl). */
export type C2bRegistration = {
  shortcode: string;
  responseType: string;
  confirmationUrl: string;
  validationUrl: string;
};

/**
 * A fake of Safaricom's Daraja API: OAuth, STK push and STK push query. It checks what the
 * real one checks (credentials, the password rule, 2547/2541 numbers, whole amounts) and
 * records every request. Results come from settle() (tests) or from `auto` (e2e).
 */
export async function startFakeDaraja(opts: { auto?: AutoAnswer } = {}) {
  const pushes: StkPush[] = [];
  const registrations: C2bRegistration[] = [];
  let c2bCounter = 0;
  const results = new Map<string, Result>();
  const tokens = new Set<string>();
  let refuseNextPush: string | null = null;
  let counter = 0;

  const error = (status: number, errorCode: string, errorMessage: string): Reply => ({
    status,
    body: { requestId: `fake-${counter}`, errorCode, errorMessage },
  });
  const authorized = (r: Recorded) => tokens.has(String(r.headers.authorization ?? "").replace(/^Bearer /, ""));
  const passwordOk = (b: Record<string, unknown>) =>
    b.BusinessShortCode === FAKE_MPESA.shortcode &&
    /^\d{14}$/.test(String(b.Timestamp)) &&
    b.Password === Buffer.from(`${FAKE_MPESA.shortcode}${FAKE_MPESA.passkey}${String(b.Timestamp)}`).toString("base64");

  async function callBack(push: StkPush, result: Result) {
    const body = callbackBody(push, result);
    await fetch(push.callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }

  function callbackBody(push: StkPush, result: Result) {
    const meta =
      result.resultCode === 0
        ? {
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: push.amount },
                {
                  Name: "MpesaReceiptNumber",
                  Value: `FAKE${push.merchantRequestId.replace(/\D/g, "").padStart(6, "0")}`,
                },
                { Name: "Balance" },
                { Name: "TransactionDate", Value: Number(push.timestamp) },
                { Name: "PhoneNumber", Value: Number(push.phone) },
              ],
            },
          }
        : {};
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: result.resultCode,
          ResultDesc: result.resultDesc,
          ...meta,
        },
      },
    };
  }

  function stkPush(r: Recorded): Reply {
    if (!authorized(r)) return error(401, "404.001.03", "Invalid Access Token");
    const b = (r.body ?? {}) as Record<string, unknown>;
    if (!passwordOk(b)) return error(400, "400.002.02", "Bad Request - Invalid Password");
    if (!/^254[17]\d{8}$/.test(String(b.PhoneNumber)) || b.PartyA !== b.PhoneNumber)
      return error(400, "400.002.02", "Bad Request - Invalid PhoneNumber");
    if (!Number.isInteger(b.Amount) || (b.Amount as number) < 1)
      return error(400, "400.002.02", "Bad Request - Invalid Amount");
    if (!/^https?:\/\//.test(String(b.CallBackURL)))
      return error(400, "400.002.02", "Bad Request - Invalid CallBackURL");
    if (String(b.AccountReference).length > 12 || String(b.TransactionDesc).length > 13)
      return error(400, "400.002.02", "Bad Request - Invalid AccountReference");
    if (refuseNextPush) {
      const message = refuseNextPush;
      refuseNextPush = null;
      return error(500, "500.001.1001", message);
    }
    counter++;
    const push: StkPush = {
      checkoutRequestId: `ws_CO_${String(b.Timestamp)}${String(counter).padStart(6, "0")}`,
      merchantRequestId: `fake-${counter}`,
      phone: String(b.PhoneNumber),
      amount: b.Amount as number,
      callbackUrl: String(b.CallBackURL),
      timestamp: String(b.Timestamp),
      password: String(b.Password),
      body: b,
    };
    pushes.push(push);
    const auto = opts.auto?.(push);
    if (auto) {
      setTimeout(() => {
        results.set(push.checkoutRequestId, auto);
        if (auto.callback) void callBack(push, auto);
      }, auto.delayMs);
    }
    return {
      status: 200,
      body: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: "0",
        ResponseDescription: "Success. Request accepted for processing",
        CustomerMessage: "Success. Request accepted for processing",
      },
    };
  }

  function stkQuery(r: Recorded): Reply {
    if (!authorized(r)) return error(401, "404.001.03", "Invalid Access Token");
    const b = (r.body ?? {}) as Record<string, unknown>;
    if (!passwordOk(b)) return error(400, "400.002.02", "Bad Request - Invalid Password");
    const push = pushes.find((p) => p.checkoutRequestId === b.CheckoutRequestID);
    if (!push) return error(400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
    const result = results.get(push.checkoutRequestId);
    if (!result) return error(500, "500.001.1001", "The transaction is being processed");
    return {
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: "The service request has been accepted successsfully",
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: String(result.resultCode),
        ResultDesc: result.resultDesc,
      },
    };
  }

  function registerUrl(r: Recorded): Reply {
    if (!authorized(r)) return error(401, "404.001.03", "Invalid Access Token");
    const b = (r.body ?? {}) as Record<string, unknown>;
    if (b.ShortCode !== FAKE_MPESA.shortcode) return error(400, "400.003.02", "Bad Request - Invalid ShortCode");
    if (b.ResponseType !== "Completed" && b.ResponseType !== "Cancelled")
      return error(400, "400.003.02", "Bad Request - Invalid ResponseType");
    for (const url of [b.ConfirmationURL, b.ValidationURL]) {
      if (!/^https?:\/\//.test(String(url))) return error(400, "400.003.02", "Bad Request - Invalid URL");
      // Daraja refuses URLs naming M-Pesa, Safaricom, exe, exec, cmd, SQL or query.
      if (/m-?pesa|safaricom|exe|cmd|sql|query/i.test(String(url)))
        return error(400, "400.003.02", "Bad Request - Invalid URL keyword");
    }
    registrations.push({
      shortcode: String(b.ShortCode),
      responseType: String(b.ResponseType),
      confirmationUrl: String(b.ConfirmationURL),
      validationUrl: String(b.ValidationURL),
    });
    return {
      status: 200,
      body: {
        OriginatorCoversationID: `fake-${registrations.length}`,
        ResponseCode: "0",
        ResponseDescription: "success",
      },
    };
  }

  /** The body Daraja POSTs to the confirmation URL when a customer pays the shortcode (C2B v1, MSISDN masked as in v2). */
  function c2bBody(p: { amount: number; billRef?: string; firstName?: string; transId?: string; at?: Date }) {
    c2bCounter++;
    const at = p.at ?? new Date();
    const nairobi = new Date(at.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
    return {
      TransactionType: p.billRef === undefined ? "Buy Goods" : "Pay Bill",
      TransID: p.transId ?? `TFK${String(Date.now()).slice(-5)}${String(c2bCounter).padStart(2, "0")}`,
      TransTime: nairobi,
      TransAmount: `${p.amount}.00`,
      BusinessShortCode: FAKE_MPESA.shortcode,
      BillRefNumber: p.billRef ?? "",
      InvoiceNumber: "",
      OrgAccountBalance: "49197.00",
      ThirdPartyTransID: "",
      MSISDN: "2547 ***** 126",
      FirstName: p.firstName ?? "Wanjiku",
      MiddleName: "",
      LastName: "",
    };
  }

  /** A customer pays the shortcode: Daraja POSTs the confirmation to every registered URL; returns the body. */
  async function customerPays(p: Parameters<typeof c2bBody>[0]) {
    const body = c2bBody(p);
    for (const reg of registrations)
      await fetch(reg.confirmationUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    return body;
  }

  const server = await startFakeServer((r) => {
    if (r.method === "GET" && r.path === "/oauth/v1/generate?grant_type=client_credentials") {
      if (r.headers.authorization !== basicAuth(FAKE_MPESA.consumerKey, FAKE_MPESA.consumerSecret))
        return error(400, "400.008.01", "Invalid Authentication passed");
      const token = `fake-daraja-token-${tokens.size + 1}`;
      tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: "3599" } };
    }
    if (r.method === "POST" && r.path === "/mpesa/stkpush/v1/processrequest") return stkPush(r);
    if (r.method === "POST" && r.path === "/mpesa/stkpushquery/v1/query") return stkQuery(r);
    if (r.method === "POST" && r.path === "/mpesa/c2b/v1/registerurl") return registerUrl(r);
    // Not Daraja: how an e2e test makes a customer pay the shortcode from their phone.
    if (r.method === "POST" && r.path === "/fake/customer-pays")
      return customerPays(r.body as Parameters<typeof c2bBody>[0]).then((body) => ({ status: 200, body }));
    return error(404, "404.001.01", "Resource not found");
  });

  return {
    url: server.url,
    requests: server.requests,
    pushes,
    /** MpesaConfig for the app under test, with the app's callback URL. */
    config: (callbackUrl = "https://duka.example.com/api/subscriptions/mpesa/callback") => ({
      ...FAKE_MPESA,
      baseUrl: server.url,
      callbackUrl,
      transactionType: "CustomerPayBillOnline" as const,
    }),
    /** The customer finished on the phone: later queries report this result. */
    settle: (checkoutRequestId: string, resultCode: number, resultDesc = RESULT_DESC[resultCode] ?? "Failed") =>
      results.set(checkoutRequestId, { resultCode, resultDesc }),
    /**
     * The callback Daraja POSTs when a push ends with this result; from then on its status query
     * reports the same result (the customer really did finish on the phone).
     */
    callbackBody: (push: StkPush, resultCode: number, resultDesc = RESULT_DESC[resultCode] ?? "Failed") => {
      results.set(push.checkoutRequestId, { resultCode, resultDesc });
      return callbackBody(push, { resultCode, resultDesc });
    },
    /** A callback body someone else made up: Daraja's query still reports what really happened. */
    forgedCallbackBody: (push: StkPush, resultCode: number, resultDesc = RESULT_DESC[resultCode] ?? "Failed") =>
      callbackBody(push, { resultCode, resultDesc }),
    /** C2B URL registrations received. */
    registrations,
    /** A C2B confirmation body (tests POST it themselves, or forge one). */
    c2bBody,
    /** A customer pays the shortcode from their phone: the confirmation goes to the registered URLs. */
    customerPays,
    /** The next push is refused with this message (Daraja busy, wrong shortcode, ...). */
    refuseNextPush: (message: string) => (refuseNextPush = message),
    close: server.close,
  };
}
export type FakeDaraja = Awaited<ReturnType<typeof startFakeDaraja>>;
