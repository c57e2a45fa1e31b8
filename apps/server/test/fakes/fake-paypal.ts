import { randomBytes } from "node:crypto";
import { basicAuth, startFakeServer, type Reply } from "./fake-http.ts";

export const FAKE_PAYPAL = { clientId: "fake-paypal-client-id", clientSecret: "fake-paypal-secret" };

export type FakeCapture = { id: string; status: string; currency: string; value: string; customId: string };

type Unit = { amount?: { currency_code?: string; value?: string }; custom_id?: string };

/**
 * A fake of PayPal's REST API: OAuth client credentials, GET /v2/payments/captures/{id}, and
 * the two Orders calls a buyer's checkout makes (create, capture), so an end-to-end test can
 * play the buyer. Tests may also add captures directly; every request is recorded.
 */
export async function startFakePaypal() {
  const captures = new Map<string, FakeCapture>();
  const orders = new Map<string, { unit: Unit; captureId: string | null }>();
  const tokens = new Set<string>();
  const newId = () => randomBytes(8).toString("hex").toUpperCase();
  const server = await startFakeServer((r): Reply => {
    if (r.method === "POST" && r.path === "/v2/checkout/orders") {
      const unit = ((r.body as { purchase_units?: Unit[] } | null)?.purchase_units ?? [])[0];
      if (!unit?.amount?.value || !unit.amount.currency_code) return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", message: "purchase_units[0].amount is required" } };
      const id = newId();
      orders.set(id, { unit, captureId: null });
      return { status: 201, body: { id, status: "CREATED" } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(r.path);
    if (r.method === "POST" && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (order.captureId) return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] } };
      order.captureId = newId();
      const amount = { currency_code: order.unit.amount!.currency_code!, value: order.unit.amount!.value! };
      captures.set(order.captureId, { id: order.captureId, status: "COMPLETED", currency: amount.currency_code, value: amount.value, customId: order.unit.custom_id ?? "" });
      return {
        status: 201,
        body: { id: capture[1], status: "COMPLETED", purchase_units: [{ custom_id: order.unit.custom_id, payments: { captures: [{ id: order.captureId, status: "COMPLETED", amount }] } }] },
      };
    }
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
