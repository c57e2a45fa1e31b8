import { randomBytes } from "node:crypto";
import { basicAuth, startFakeServer, type Reply } from "./fake-http.ts";

export const FAKE_PAYPAL = { clientId: "fake-paypal-client-id", clientSecret: "fake-paypal-secret" };

export type FakeCapture = { id: string; status: string; currency: string; value: string; customId: string };

/**
 * A fake of PayPal's REST API: OAuth client credentials and GET /v2/payments/captures/{id}.
 * Tests add the captures a real checkout would have made; every request is recorded.
 */
export async function startFakePaypal() {
  const captures = new Map<string, FakeCapture>();
  const tokens = new Set<string>();
  const server = await startFakeServer((r): Reply => {
    if (r.method === "POST" && r.path === "/v1/oauth2/token") {
      if (r.headers.authorization !== basicAuth(FAKE_PAYPAL.clientId, FAKE_PAYPAL.clientSecret) || r.body !== "grant_type=client_credentials") {
        return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
      }
      const token = `fake-paypal-token-${tokens.size + 1}`;
      tokens.add(token);
      return { status: 200, body: { scope: "https://uri.paypal.com/services/payments", access_token: token, token_type: "Bearer", expires_in: 32400 } };
    }
    const match = /^\/v2\/payments\/captures\/([^/?]+)$/.exec(r.path);
    if (r.method === "GET" && match) {
      if (!tokens.has(String(r.headers.authorization ?? "").replace(/^Bearer /, ""))) return { status: 401, body: { error: "invalid_token" } };
      const capture = captures.get(decodeURIComponent(match[1]!));
      if (!capture) return { status: 404, body: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." } };
      return { status: 200, body: { id: capture.id, status: capture.status, amount: { currency_code: capture.currency, value: capture.value }, custom_id: capture.customId, final_capture: true } };
    }
    return { status: 404, body: { name: "NOT_FOUND" } };
  });
  return {
    url: server.url,
    requests: server.requests,
    config: (sdkUrl = "https://www.paypal.com/sdk/js") => ({ ...FAKE_PAYPAL, baseUrl: server.url, sdkUrl }),
    /** A capture as PayPal would hold it after the buyer approved the order. */
    addCapture: (c: Omit<FakeCapture, "id"> & { id?: string }) => {
      const id = c.id ?? randomBytes(8).toString("hex").toUpperCase();
      captures.set(id, { ...c, id });
      return id;
    },
    setStatus: (id: string, status: string) => {
      const c = captures.get(id);
      if (c) c.status = status;
    },
    close: server.close,
  };
}
export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
