import type { FastifyInstance } from "fastify";
import { PLAN_DEFAULTS } from "@app/shared/subscriptions/constants";
import type { PlanInput } from "@app/shared/subscriptions/plan";
import { client } from "./app.ts";

/** A plan body: the form's defaults (spec section 5) with a name, a description and `over`. */
export function planBody(
  over: Partial<Omit<PlanInput, "features">> & { features?: Partial<PlanInput["features"]> } = {},
): PlanInput {
  return {
    ...PLAN_DEFAULTS,
    name: "Basic",
    description: "One shop, the essentials",
    price: 150_000,
    ...over,
    features: { ...PLAN_DEFAULTS.features, ...over.features },
  };
}

async function ok(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, what: string) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json() as Record<string, unknown> & { _id: string };
}

/** Support creates a plan. */
export function createPlan(app: FastifyInstance, supportToken: string, over: Parameters<typeof planBody>[0] = {}) {
  return ok(client(app, supportToken).post("/api/subscriptions/plans", planBody(over)), "create plan");
}

/** Subscribes a business to a plan (the plan's own cycle). */
export function subscribeBusiness(
  app: FastifyInstance,
  token: string,
  businessId: string,
  plan: { _id: string; billingCycle?: unknown },
  paymentMethod: "mpesa" | "paypal" = "mpesa",
) {
  return ok(
    client(app, token).post("/api/subscriptions/subscribe", {
      businessId,
      planId: plan._id,
      billingCycle: plan.billingCycle ?? "monthly",
      paymentMethod,
    }),
    "subscribe",
  );
}

/** Asks for an M-Pesa payment (an STK push to the fake Daraja). */
export function payMpesa(
  app: FastifyInstance,
  token: string,
  subscriptionId: string,
  amount: number,
  phone = "0712345678",
  headers?: Record<string, string>,
) {
  return client(app, token).post(
    `/api/subscriptions/${subscriptionId}/pay`,
    { amount, paymentMethod: "mpesa", status: "pending", phone },
    headers,
  );
}

/**
 * Sends Daraja's callback to the app, at the address the app gave Daraja with the push (its
 * CallBackURL, which carries the installation's callback token), or at `path`.
 */
export function postCallback(app: FastifyInstance, body: unknown, to: { callbackUrl: string } | string) {
  const path = typeof to === "string" ? to : new URL(to.callbackUrl).pathname;
  return client(app).post(path, body);
}
