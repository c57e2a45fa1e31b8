import { randomBytes } from "node:crypto";
import { basicAuth, startFakeServer, type Reply } from "./fake-http.ts";

export const FAKE_PAYPAL = { clientId: "fake-paypal-client-id", clientSecret: "fake-paypal-secret" };

type Unit = { amount?: { currency_code?: string; value?: string }; custom_id?: string };
type Capture = { id: string; status: string };
type Order = { id: string; status: string; unit: Unit; capture: Capture | null };

/** An order as PayPal holds it once the buyer approved it and it was captured (what tests start from). */
export type FakeOrder = {
  currency: string;
  value: string;
  customId: string;
  status?: string;
  captureStatus?: string | null;
};

/**
 * A fake of PayPal's REST API: OAuth client credentials, and the Orders calls: the two a buyer's
 * checkout makes (create, capture), so an end-to-end test can play the buyer, and
 * GET /v2/checkout/orders/{id}, which the server reads to verify a capture. Tests may also add
 * orders directly; every request is recorded.
 */
export async function startFakePaypal() {
  const orders = new Map<string, Order>();
  const tokens = new Set<string>();
  const newId = () => randomBytes(8).toString("hex").toUpperCase();
  const orderBody = (order: Order) => {
    const amount = { currency_code: order.unit.amount!.currency_code!, value: order.unit.amount!.value! };
    const captures = order.capture
      ? [
          {
            id: order.capture.id,
            status: order.capture.status,
            amount,
            custom_id: order.unit.custom_id,
            final_capture: true,
          },
        ]
      : [];
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      purchase_units: [
        {
          reference_id: "default",
          amount,
          custom_id: order.unit.custom_id,
          ...(order.capture ? { payments: { captures } } : {}),
        },
      ],
    };
  };
  const server = await startFakeServer((r): Reply => {
    if (r.method === "POST" && r.path === "/v2/checkout/orders") {
      const unit = ((r.body as { purchase_units?: Unit[] } | null)?.purchase_units ?? [])[0];
      if (!unit?.amount?.value || !unit.amount.currency_code)
        return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", message: "purchase_units[0].amount is required" } };
      const id = newId();
      orders.set(id, { id, status: "CREATED", unit, capture: null });
      return { status: 201, body: { id, status: "CREATED" } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(r.path);
    if (r.method === "POST" && capture) {
      const order = orders.get(capture[1]!);
      if (!order) return { status: 404, body: { name: "RESOURCE_NOT_FOUND" } };
      if (order.capture)
        return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] } };
      order.capture = { id: newId(), status: "COMPLETED" };
      order.status = "COMPLETED";
      return { status: 201, body: orderBody(order) };
    }
    if (r.method === "POST" && r.path === "/v1/oauth2/token") {
      if (
        r.headers.authorization !== basicAuth(FAKE_PAYPAL.clientId, FAKE_PAYPAL.clientSecret) ||
        r.body !== "grant_type=client_credentials"
      ) {
        return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
      }
      const token = `fake-paypal-token-${tokens.size + 1}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/payments",
          access_token: token,
          token_type: "Bearer",
          expires_in: 32400,
        },
      };
    }
    const show = /^\/v2\/checkout\/orders\/([^/?]+)$/.exec(r.path);
    if (r.method === "GET" && show) {
      if (!tokens.has(String(r.headers.authorization ?? "").replace(/^Bearer /, "")))
        return { status: 401, body: { error: "invalid_token" } };
      const order = orders.get(decodeURIComponent(show[1]!));
      if (!order)
        return { status: 404, body: { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." } };
      return { status: 200, body: orderBody(order) };
    }
    return { status: 404, body: { name: "NOT_FOUND" } };
  });
  return {
    url: server.url,
    requests: server.requests,
    config: (sdkUrl = "https://www.paypal.com/sdk/js") => ({ ...FAKE_PAYPAL, baseUrl: server.url, sdkUrl }),
    /**
     * An order for one purchase unit, COMPLETED with one COMPLETED capture unless told otherwise
     * (captureStatus null: approved but never captured). Returns both ids.
     */
    addOrder: (o: FakeOrder) => {
      const id = newId();
      const captureStatus = o.captureStatus === undefined ? "COMPLETED" : o.captureStatus;
      const capture = captureStatus === null ? null : { id: newId(), status: captureStatus };
      orders.set(id, {
        id,
        status: o.status ?? (capture ? "COMPLETED" : "APPROVED"),
        unit: { amount: { currency_code: o.currency, value: o.value }, custom_id: o.customId },
        capture,
      });
      return { orderId: id, captureId: capture?.id ?? "" };
    },
    /** Moves an order's capture on (PENDING -> COMPLETED, say), as PayPal would. */
    setCaptureStatus: (orderId: string, status: string) => {
      const capture = orders.get(orderId)?.capture;
      if (capture) capture.status = status;
    },
    close: server.close,
  };
}
export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
