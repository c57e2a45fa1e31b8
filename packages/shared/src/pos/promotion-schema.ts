import { z } from "zod";
import { centsSchema, lineQuantitySchema } from "../money/limits.ts";

// Promotions the owner defines (issue 31 item 2): the API's shapes. The rules that apply them
// are pos/promotions.ts.

/** price: a special unit price; buyXgetY: buy X, get Y more free; quantityBreak: N units for an amount. */
export const PROMOTION_KINDS = ["price", "buyXgetY", "quantityBreak"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Days of the week, ISO numbering: 1 = Monday ... 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A time of day, "HH:mm" (24 hours). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time such as 17:00");
const at = z.iso.datetime({ offset: true, message: "A date and time" });

const promotionFields = {
  name: z.string().trim().min(1, "Give it a name").max(80, "At most 80 characters"),
  kind: z.enum(PROMOTION_KINDS),
  productIds: z.array(z.uuid()).min(1, "Choose a product").max(50, "At most 50 products"),
  /** price: the special unit price. */
  unitPrice: centsSchema.nullish(),
  /** buyXgetY: units bought (X) and units then free (Y). */
  buyQuantity: lineQuantitySchema.nullish(),
  freeQuantity: lineQuantitySchema.nullish(),
  /** quantityBreak: units (N) for an amount. */
  breakQuantity: lineQuantitySchema.nullish(),
  breakAmount: centsSchema.nullish(),
  /** The period: from (inclusive) to (exclusive); either may be open. */
  startsAt: at.nullish(),
  endsAt: at.nullish(),
  /** The days it runs (empty: every day). */
  days: z
    .array(z.number().int().min(1).max(7))
    .max(7)
    .default([])
    .transform((d) => [...new Set(d)].sort()),
  /** A daily window, in the business's time zone, from (inclusive) to (exclusive), the same day. */
  dailyFrom: timeOfDay.nullish(),
  dailyTo: timeOfDay.nullish(),
  active: z.boolean().default(true),
};

type Fields = {
  kind: PromotionKind;
  unitPrice?: number | null | undefined;
  buyQuantity?: number | null | undefined;
  freeQuantity?: number | null | undefined;
  breakQuantity?: number | null | undefined;
  breakAmount?: number | null | undefined;
  startsAt?: string | null | undefined;
  endsAt?: string | null | undefined;
  dailyFrom?: string | null | undefined;
  dailyTo?: string | null | undefined;
};

/** The field messages of a promotion whose values do not fit its kind, period or window. */
export function promotionProblems(p: Fields): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.kind === "price" && p.unitPrice == null) out.unitPrice = "Enter the special price";
  if (p.kind === "buyXgetY") {
    if (p.buyQuantity == null) out.buyQuantity = "How many to buy";
    if (p.freeQuantity == null) out.freeQuantity = "How many free";
  }
  if (p.kind === "quantityBreak") {
    if (p.breakQuantity == null) out.breakQuantity = "How many units";
    else if (p.breakQuantity < 2) out.breakQuantity = "At least 2 units";
    if (p.breakAmount == null) out.breakAmount = "Enter the amount";
  }
  if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt))
    out.endsAt = "The end is after the start";
  if ((p.dailyFrom == null) !== (p.dailyTo == null)) out[p.dailyFrom ? "dailyTo" : "dailyFrom"] = "Give both times";
  else if (p.dailyFrom && p.dailyTo && p.dailyTo <= p.dailyFrom)
    out.dailyTo = "The end is later the same day (for past midnight, make two promotions)";
  return out;
}

const checked = <T extends z.ZodType<Fields>>(schema: T) =>
  schema.superRefine((p, ctx) => {
    for (const [path, message] of Object.entries(promotionProblems(p)))
      ctx.addIssue({ code: "custom", path: [path], message });
  });

/** The owner's form and POST /api/promotions. */
export const promotionFormSchema = checked(z.object(promotionFields));
export type PromotionForm = z.input<typeof promotionFormSchema>;
export const createPromotionInputSchema = checked(z.object({ businessId: z.uuid(), ...promotionFields }));
export type CreatePromotionInput = z.infer<typeof createPromotionInputSchema>;
/** PUT /api/promotions/:id: the whole promotion again. */
export const updatePromotionInputSchema = promotionFormSchema;
export type UpdatePromotionInput = z.infer<typeof updatePromotionInputSchema>;

/** A promotion as the API returns it (and the till keeps it). */
export const promotionSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  productIds: z.array(z.uuid()),
  /** The products' names, in the order of productIds (a product since deleted: left out). */
  productNames: z.array(z.string()),
  unitPrice: z.number().int().nullable(),
  buyQuantity: z.number().int().nullable(),
  freeQuantity: z.number().int().nullable(),
  breakQuantity: z.number().int().nullable(),
  breakAmount: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  days: z.array(z.number().int()),
  dailyFrom: z.string().nullable(),
  dailyTo: z.string().nullable(),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const listPromotionsQuerySchema = z.object({ businessId: z.uuid() });
