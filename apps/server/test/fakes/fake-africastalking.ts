import { startFakeServer, type Recorded } from "./fake-http.ts";

/** One SMS the fake took, as Africa's Talking would have sent it. */
export type FakeSms = { to: string; message: string; from: string | null; messageId: string };

/**
 * A fake Africa's Talking SMS API (POST /version1/messaging), after their published API: it
 * checks the apiKey header and the username, wants a form-encoded body with `to` (international
 * +254...) and `message`, and `Accept: application/json`; it answers 201 with their
 * SMSMessageData shape (Recipients with status, statusCode 101, messageId, cost "KES 0.8000").
 * `failNext(n, how)` makes the next n sends fail: "down" answers 500, "refused" statusCode 403
 * InvalidPhoneNumber, "balance" statusCode 405 InsufficientBalance.
 */
export async function startFakeAfricasTalking(account = { username: "sandbox", apiKey: "test-at-key" }) {
  const sent: FakeSms[] = [];
  let failures: { n: number; how: "down" | "refused" | "balance" } = { n: 0, how: "down" };
  let counter = 0;
  const server = await startFakeServer((req: Recorded) => {
    // The end-to-end tests read what was sent here (not part of Africa's Talking's API).
    if (req.method === "GET" && req.path === "/fake/sent") return { status: 200, body: sent };
    if (req.method !== "POST" || req.path !== "/version1/messaging")
      return { status: 404, body: { error: "not found" } };
    if (req.headers.apikey !== account.apiKey) return { status: 401, body: "The supplied authentication is invalid" };
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
      return { status: 400, body: "Request body must be form-encoded" };
    if (req.headers.accept !== "application/json") return { status: 406, body: "Accept application/json" };
    const form = new URLSearchParams(typeof req.body === "string" ? req.body : "");
    if (form.get("username") !== account.username)
      return { status: 401, body: "The supplied authentication is invalid" };
    const to = form.get("to") ?? "";
    const message = form.get("message") ?? "";
    if (!message) return { status: 400, body: "Must have message set" };
    if (failures.n > 0) {
      failures.n--;
      if (failures.how === "down") return { status: 500, body: "Internal server error" };
      const [status, statusCode] =
        failures.how === "refused" ? ["InvalidPhoneNumber", 403] : ["InsufficientBalance", 405];
      return {
        status: 201,
        body: {
          SMSMessageData: {
            Message: "Sent to 0/1 Total Cost: 0",
            Recipients: [{ statusCode, number: to, status, cost: "0", messageId: "None" }],
          },
        },
      };
    }
    if (!/^\+254[17]\d{8}$/.test(to))
      return {
        status: 201,
        body: {
          SMSMessageData: {
            Message: "Sent to 0/1 Total Cost: 0",
            Recipients: [{ statusCode: 403, number: to, status: "InvalidPhoneNumber", cost: "0", messageId: "None" }],
          },
        },
      };
    const messageId = `ATXid_${(++counter).toString().padStart(6, "0")}`;
    sent.push({ to, message, from: form.get("from"), messageId });
    return {
      status: 201,
      body: {
        SMSMessageData: {
          Message: "Sent to 1/1 Total Cost: KES 0.8000",
          Recipients: [{ statusCode: 101, number: to, status: "Success", cost: "KES 0.8000", messageId }],
        },
      },
    };
  });
  return {
    ...server,
    account,
    sent,
    failNext(n: number, how: "down" | "refused" | "balance" = "down") {
      failures = { n, how };
    },
  };
}
export type FakeAfricasTalking = Awaited<ReturnType<typeof startFakeAfricasTalking>>;
