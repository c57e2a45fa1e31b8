import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { darajaCallbackSchema, type DarajaCallback } from "@app/shared/subscriptions/mpesa";
import {
  autoRenewInputSchema,
  listPaymentsQuerySchema,
  listSubscriptionsQuerySchema,
  markRefundedInputSchema,
  payInputSchema,
  paymentMethodInputSchema,
  paymentPageSchema,
  paymentProvidersSchema,
  paymentSchema,
  subscribeInputSchema,
  subscriptionPageSchema,
  subscriptionSchema,
} from "@app/shared/subscriptions/subscription";
import { ctxOf, userCtxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import type { BillingDeps } from "./billing-deps.ts";
import { handleMpesaCallback } from "./mpesa-payments.ts";
import * as payments from "./payments.service.ts";
import * as service from "./subscriptions.service.ts";
import { pageOfPayments, pageOfSubscriptions } from "./views.ts";

const tags = ["subscriptions"];
const idParams = z.object({ id: z.uuid() });
const isSupport = (a: { details: { isSupportUser: boolean } }) => a.details.isSupportUser;

/** The owner (or support) of the subscription's business; works on an inactive account, so it can pay its way back. */
const ownSubscription = (supportOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Subscription",
  resolve: (db, p) => service.businessIdOfSubscription(db, p.id!),
  area: null,
  ownerOnly: true,
  allowInactive: true,
  supportManages: true,
  ...(supportOnly ? { permit: isSupport } : {}),
});
const ownPayment = (supportOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Payment",
  resolve: (db, p) => service.businessIdOfPayment(db, p.id!),
  area: null,
  ownerOnly: true,
  allowInactive: true,
  supportManages: true,
  ...(supportOnly ? { permit: isSupport } : {}),
});

/** Subscriptions, their payments, the providers and Daraja's callback. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.get(
    "/api/subscriptions/providers",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags,
        summary: "Which payment providers are configured, and PayPal's client id for its script",
        response: { 200: paymentProvidersSchema },
      },
    },
    async () => ({
      paypal: {
        configured: Boolean(deps.paypal),
        clientId: deps.paypal?.config.clientId ?? null,
        currency: "USD" as const,
        sdkUrl: deps.paypal?.config.sdkUrl ?? null,
      },
      mpesa: { configured: Boolean(deps.mpesa) },
    }),
  );

  app.post(
    "/api/subscriptions/subscribe",
    {
      config: {
        access: {
          kind: "tenant",
          from: "body",
          area: null,
          ownerOnly: true,
          allowInactive: true,
          supportManages: true,
        },
      },
      schema: {
        tags,
        summary: "Subscribe a business to a plan: pending until paid (a free plan is active at once)",
        body: subscribeInputSchema,
        response: { 201: subscriptionSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.subscribe(ctxOf(req), req.body)),
  );

  app.get(
    "/api/subscriptions",
    {
      config: {
        access: { kind: "tenant", from: "query", optional: true, area: null, ownerOnly: true, allowInactive: true },
      },
      schema: {
        tags,
        summary:
          "Subscriptions, newest first (support: all; owners: their businesses'; staff: 403); search by business, plan, status or method",
        querystring: listSubscriptionsQuerySchema,
        response: { 200: subscriptionPageSchema },
      },
    },
    async (req) => pageOfSubscriptions(userCtxOf(req), req.query),
  );

  app.get(
    "/api/subscriptions/payments",
    {
      config: {
        access: { kind: "tenant", from: "query", optional: true, area: null, ownerOnly: true, allowInactive: true },
      },
      schema: {
        tags,
        summary: "Subscription payments, newest first (support: all; owners: their businesses'; staff: 403)",
        querystring: listPaymentsQuerySchema,
        response: { 200: paymentPageSchema },
      },
    },
    async (req) => pageOfPayments(userCtxOf(req), req.query),
  );

  app.get(
    "/api/subscriptions/payments/:id",
    {
      config: { access: ownPayment() },
      schema: {
        tags,
        summary: "One payment (the page polls a pending one)",
        params: idParams,
        response: { 200: paymentSchema },
      },
    },
    async (req) => payments.getPayment(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/subscriptions/payments/:id/query",
    {
      config: { access: ownPayment() },
      schema: {
        tags,
        summary: "Ask the provider how a pending payment ended (M-Pesa stkpushquery; PayPal capture)",
        params: idParams,
        response: { 200: paymentSchema },
      },
    },
    async (req) => payments.queryPayment(deps, ctxOf(req), req.params.id),
  );

  app.delete(
    "/api/subscriptions/payments/:id",
    {
      config: { access: ownPayment(true) },
      schema: {
        tags,
        summary: "Delete a failed payment attempt (support); successful and pending ones are kept",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await payments.deletePayment(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/subscriptions/payments/:id/refunded",
    {
      config: { access: ownPayment(true) },
      schema: {
        tags,
        summary: "Mark a payment flagged for refund as refunded, saying how (support)",
        params: idParams,
        body: markRefundedInputSchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => payments.markRefunded(ctxOf(req), req.params.id, req.body),
  );

  app.patch(
    "/api/subscriptions/:id/auto-renew",
    {
      config: { access: ownSubscription() },
      schema: {
        tags,
        summary: "Turn auto-renew on or off",
        params: idParams,
        body: autoRenewInputSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (req) => service.setAutoRenew(ctxOf(req), req.params.id, req.body.autoRenew),
  );

  app.patch(
    "/api/subscriptions/:id/payment-method",
    {
      config: { access: ownSubscription() },
      schema: {
        tags,
        summary: "Change the payment method (and the M-Pesa number renewals ask)",
        params: idParams,
        body: paymentMethodInputSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (req) => service.setPaymentMethod(ctxOf(req), req.params.id, req.body),
  );

  app.post(
    "/api/subscriptions/:id/pay",
    {
      config: { access: ownSubscription() },
      schema: {
        tags,
        summary:
          "Pay: PayPal { amount, paymentMethod, transactionId (capture id), providerOrderId, currency, status } verified by reading the order from PayPal; M-Pesa { amount, paymentMethod, status: pending, phone } sends an STK push",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: payInputSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (req) => payments.paySubscription(deps, ctxOf(req), req.params.id, req.body, req.headers["idempotency-key"]),
  );

  app.delete(
    "/api/subscriptions/:id",
    {
      config: { access: ownSubscription(true) },
      schema: {
        tags,
        summary: "Delete a subscription (support); one with payments is cancelled and kept instead",
        params: idParams,
        response: { 200: z.object({ deleted: z.boolean(), subscription: subscriptionSchema.nullable() }) },
      },
    },
    async (req) => service.deleteSubscription(ctxOf(req), req.params.id),
  );

  /** Daraja's answer, whatever happened: it never learns which callbacks were believed. */
  const accepted = async (token: string | null, body: DarajaCallback) => {
    try {
      await handleMpesaCallback(deps, token, body);
    } catch (err) {
      app.log.error(
        { checkoutRequestId: body.Body.stkCallback.CheckoutRequestID.slice(0, 64), err },
        "M-Pesa callback could not be processed; the payment stays pending for the query",
      );
    }
    return { ResultCode: 0, ResultDesc: "Accepted" };
  };
  const callbackResponse = { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) };

  app.post(
    "/api/subscriptions/mpesa/callback/:token",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary:
          "Daraja's STK push callback, at MPESA_CALLBACK_URL + '/' + the installation's token; confirmed with Daraja's STK query before anything is settled",
        security: [],
        params: z.object({ token: z.string().max(200) }),
        body: darajaCallbackSchema,
        response: callbackResponse,
      },
    },
    async (req) => accepted(req.params.token, req.body),
  );

  app.post(
    "/api/subscriptions/mpesa/callback",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary:
          "The old callback address, without the token: answered and ignored (pending payments are settled by query)",
        security: [],
        body: darajaCallbackSchema,
        response: callbackResponse,
      },
    },
    async (req) => accepted(null, req.body),
  );
};
