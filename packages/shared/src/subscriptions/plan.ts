import { z } from "zod";
import { BILLING_CYCLES, PLAN_CURRENCIES } from "./constants.ts";

/** Most a plan can cost, in cents (a billion shillings or dollars). */
const MAX_PRICE = 100_000_000_000;

export const planFeaturesSchema = z.object({
  maxUsers: z.number().int().min(1, "At least 1").max(1_000_000),
  maxProducts: z.number().int().min(1, "At least 1").max(100_000_000),
  inventoryManagement: z.boolean(),
  analytics: z.boolean(),
  multiBranch: z.boolean(),
  apiAccess: z.boolean(),
  prioritySupport: z.boolean(),
  customReports: z.boolean(),
});
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** A subscription plan as the API returns it (spec section 3); price in cents of its currency. */
export const planSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  currency: z.enum(PLAN_CURRENCIES),
  billingCycle: z.enum(BILLING_CYCLES),
  isActive: z.boolean(),
  features: planFeaturesSchema,
  /** Subscriptions on this plan; a plan with any cannot be deleted, only switched off. */
  subscriptionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** Create and edit a plan (spec section 5: name, description, price, currency and cycle required). */
export const planInputSchema = z
  .object({
    name: z.string().trim().min(1, "Required").max(80, "At most 80 characters"),
    description: z.string().trim().min(1, "Required").max(500, "At most 500 characters"),
    price: z.number().int("Whole cents").min(0, "Cannot be negative").max(MAX_PRICE, "Too large"),
    currency: z.enum(PLAN_CURRENCIES),
    billingCycle: z.enum(BILLING_CYCLES),
    isActive: z.boolean().default(true),
    features: planFeaturesSchema,
  })
  // M-Pesa moves whole shillings only, so a KES price has no cents.
  .refine((p) => p.currency !== "KES" || p.price % 100 === 0, {
    message: "KES prices are whole shillings (M-Pesa takes no cents)",
    path: ["price"],
  });
export type PlanInput = z.input<typeof planInputSchema>;

export const planStatusInputSchema = z.object({ isActive: z.boolean() });
export type PlanStatusInput = z.infer<typeof planStatusInputSchema>;

const pageFields = {
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
/** Search and paging of every subscription list. */
export const pageQueryShape = pageFields;

/** GET /subscriptions/plans; isActive=true: only the plans on offer (what owners always get). */
export const listPlansQuerySchema = z.object({
  ...pageFields,
  isActive: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type ListPlansQuery = z.infer<typeof listPlansQuerySchema>;

export const planPageSchema = z.object({ items: z.array(planSchema), total: z.number().int() });
export type PlanPage = z.infer<typeof planPageSchema>;
