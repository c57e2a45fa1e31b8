import { z } from "zod";
import { kenyanPhoneSchema } from "../phone/phone.ts";
import {
  BILLING_CYCLES,
  PAYMENT_STATUSES,
  PLAN_CURRENCIES,
  REFUND_REASONS,
  SUBSCRIPTION_PAYMENT_METHODS,
  SUBSCRIPTION_STATUSES,
} from "./constants.ts";
import { pageQueryShape, planSchema } from "./plan.ts";

const businessRef = z.object({ _id: z.uuid(), businessName: z.string(), registrationNumber: z.string().nullable() });

/** Money that arrived but was not applied: due back to the customer until support marks it refunded. */
export const paymentRefundSchema = z.object({
  reason: z.enum(REFUND_REASONS),
  flaggedAt: z.string(),
  refundedAt: z.string().nullable(),
  /** The support user who marked it refunded. */
  refundedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/**
 * A payment as the API returns it (spec section 3); amount in cents of its currency. A payment
 * is bound to the plan, cycle and amount it was asked for (`plan`, `billingCycle`, `amount`),
 * which may differ from its subscription's plan now.
 */
export const paymentSchema = z.object({
  _id: z.uuid(),
  amount: z.number().int(),
  /** The plan this payment was asked for. */
  plan: z.object({ _id: z.uuid(), name: z.string() }),
  billingCycle: z.enum(BILLING_CYCLES),
  currency: z.enum(PLAN_CURRENCIES),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  /** PayPal capture id, or the M-Pesa receipt number once paid. */
  transactionId: z.string().nullable(),
  /** The M-Pesa number that was asked to pay (07... as entered). */
  phone: z.string().nullable(),
  /** The provider's words on a failure (or on the request it accepted). */
  resultDesc: z.string().nullable(),
  /** Who started it: a user's name, or "auto-renew". */
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Set when the money was not applied (e.g. the subscription was cancelled): due back to the customer. */
  refund: paymentRefundSchema.nullable(),
  /** The subscription, with the plan it has now. */
  subscription: z.object({ _id: z.uuid(), business: businessRef, plan: z.object({ _id: z.uuid(), name: z.string() }) }),
});
export type SubscriptionPayment = z.infer<typeof paymentSchema>;

/** A business's subscription (spec section 3), with the plan and its latest payment. */
export const subscriptionSchema = z.object({
  _id: z.uuid(),
  business: businessRef,
  plan: planSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  billingCycle: z.enum(BILLING_CYCLES),
  startDate: z.string(),
  nextBillingDate: z.string(),
  autoRenew: z.boolean(),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  /** Where auto-renewal sends the M-Pesa request; the last number that paid. */
  mpesaPhone: z.string().nullable(),
  /** What one billing cycle costs now, in cents of `currency`. */
  amountDue: z.number().int(),
  currency: z.enum(PLAN_CURRENCIES),
  createdAt: z.string(),
  latestPayment: paymentSchema.omit({ subscription: true }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /subscriptions/subscribe (spec section 7). */
export const subscribeInputSchema = z.object({
  businessId: z.uuid(),
  planId: z.uuid(),
  billingCycle: z.enum(BILLING_CYCLES),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
});
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

export const autoRenewInputSchema = z.object({ autoRenew: z.boolean() });
export type AutoRenewInput = z.infer<typeof autoRenewInputSchema>;

export const paymentMethodInputSchema = z.object({
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  mpesaPhone: kenyanPhoneSchema.optional(),
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

/**
 * POST /subscriptions/{id}/pay (spec section 7). PayPal sends the capture id as transactionId
 * with status "success", and the id of the order it was captured from as providerOrderId (which
 * the spec leaves out): the server reads that order from PayPal and believes it, not the status.
 * M-Pesa sends amount, method and status "pending", and the phone to ask (also not in the spec).
 */
export const payInputSchema = z.discriminatedUnion("paymentMethod", [
  z.object({
    paymentMethod: z.literal("paypal"),
    amount: z.number().int().min(0),
    transactionId: z.string().trim().min(1, "Required").max(64),
    /** PayPal's order id (onApprove's data.orderID); letters, digits and dashes, as it goes into PayPal's URL path. */
    providerOrderId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, "Not a PayPal order id"),
    currency: z.enum(PLAN_CURRENCIES),
    status: z.enum(["success", "pending"]),
  }),
  z.object({
    paymentMethod: z.literal("mpesa"),
    amount: z.number().int().min(0),
    status: z.literal("pending"),
    phone: kenyanPhoneSchema,
  }),
]);
export type PayInput = z.infer<typeof payInputSchema>;

export const listSubscriptionsQuerySchema = z.object({ ...pageQueryShape, businessId: z.uuid().optional() });
export type ListSubscriptionsQuery = z.infer<typeof listSubscriptionsQuerySchema>;
export const subscriptionPageSchema = z.object({ items: z.array(subscriptionSchema), total: z.number().int() });
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

/** Narrows the payments list: flagged for refund and not yet refunded, or refunded. */
export const REFUND_FILTERS = ["due", "refunded"] as const;
export const listPaymentsQuerySchema = z.object({
  ...pageQueryShape,
  businessId: z.uuid().optional(),
  subscriptionId: z.uuid().optional(),
  refund: z.enum(REFUND_FILTERS).optional(),
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;
export const paymentPageSchema = z.object({ items: z.array(paymentSchema), total: z.number().int() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

/** Support marks a flagged payment refunded, saying how (POST /subscriptions/payments/{id}/refunded). */
export const markRefundedInputSchema = z.object({ note: z.string().trim().min(1, "Required").max(500) });
export type MarkRefundedInput = z.infer<typeof markRefundedInputSchema>;

/** Which providers this installation can use (GET /subscriptions/providers). */
export const paymentProvidersSchema = z.object({
  paypal: z.object({
    configured: z.boolean(),
    clientId: z.string().nullable(),
    currency: z.literal("USD"),
    sdkUrl: z.string().nullable(),
  }),
  mpesa: z.object({ configured: z.boolean() }),
});
export type PaymentProviders = z.infer<typeof paymentProvidersSchema>;
