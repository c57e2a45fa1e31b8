/** Business constants of subscriptions (spec section 9), and the defaults of the plan form (section 5). */

export const PLAN_CURRENCIES = ["KES", "USD"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

export const BILLING_CYCLES = ["monthly", "quarterly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export const SUBSCRIPTION_PAYMENT_METHODS = ["paypal", "mpesa"] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/**
 * pending: created, first payment not yet through.  active: paid up to nextBillingDate.
 * past_due: nextBillingDate passed, renewal not yet paid (grace period).  expired: grace
 * period over, the business is inactive until it pays.  cancelled: ended by support, kept
 * because it has payments.
 */
export const SUBSCRIPTION_STATUSES = ["pending", "active", "past_due", "expired", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "success", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why money that arrived was not applied and is due back to the customer.
 * subscription_cancelled: support had cancelled the subscription.  plan_not_covered: the payment
 * was asked for another plan, cycle or price than the subscription has now.  superseded: the
 * subscription had expired and the business has subscribed anew since.
 */
export const REFUND_REASONS = ["subscription_cancelled", "plan_not_covered", "superseded"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The features a plan switches on or limits (spec section 3). */
export const PLAN_FEATURE_FLAGS = [
  "inventoryManagement",
  "analytics",
  "multiBranch",
  "apiAccess",
  "prioritySupport",
  "customReports",
] as const;
export type PlanFeatureFlag = (typeof PLAN_FEATURE_FLAGS)[number];

/** Plan form defaults (spec sections 5 and 9). */
export const PLAN_DEFAULTS = {
  name: "",
  description: "",
  price: 0,
  currency: "KES",
  billingCycle: "monthly",
  isActive: true,
  features: {
    maxUsers: 1,
    maxProducts: 100,
    inventoryManagement: true,
    analytics: false,
    multiBranch: false,
    apiAccess: false,
    prioritySupport: false,
    customReports: false,
  },
} as const;

/** Each tab of the subscription page shows 10 rows a page (spec section 9). */
export const SUBSCRIPTION_PAGE_SIZE = 10;

/** M-Pesa numbers are entered as exactly 10 digits (spec sections 5 and 9). */
export const MPESA_PHONE_LENGTH = 10;

/** Calendar months in one billing cycle. */
export const MONTHS_PER_CYCLE: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** Days a business keeps working after a missed renewal, unless configured otherwise. */
export const DEFAULT_GRACE_DAYS = 7;

/** PayPal charges new subscriptions in USD (spec section 7); M-Pesa only moves KES. */
export const PROVIDER_CURRENCY: Record<SubscriptionPaymentMethod, PlanCurrency> = { paypal: "USD", mpesa: "KES" };

/** Billing dates are calendar dates in the provider's time zone. */
export const BILLING_TIME_ZONE = "Africa/Nairobi";

/** The user-facing texts of spec section 8. */
export const SUBSCRIPTION_MESSAGES = {
  createFailed: "Failed to create subscription. Please try again.",
  paymentFailed: "Payment processing failed. Please try again.",
  captureFailed: "Payment processing failed. Please contact support.",
  referenceMissing: "Subscription reference missing",
} as const;
