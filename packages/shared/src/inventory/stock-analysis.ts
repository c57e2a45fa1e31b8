import { z } from "zod";
import { businessDayRange, todayIn } from "./daily-stock.ts";

/** What the stock of a business is worth, and how much of it is low or gone. */
export const stockSummarySchema = z.object({
  productCount: z.number().int(),
  unitCount: z.number().int(),
  /** Quantity x buying price, in cents. */
  costValue: z.number().int(),
  /** Quantity x selling price, in cents. */
  sellingValue: z.number().int(),
  lowCount: z.number().int(),
  outCount: z.number().int(),
});
export type StockSummary = z.infer<typeof stockSummarySchema>;

/** A product with the units sold over a period (net of voids), from the stock ledger. */
export const stockMoverSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  sold: z.number().int(),
  /** Units sold x selling price, in cents. */
  soldValue: z.number().int(),
  /** Quantity on hand x buying price, in cents: the money a slow mover ties up. */
  stockValue: z.number().int(),
});
export type StockMover = z.infer<typeof stockMoverSchema>;

export const stockAnalysisQuerySchema = z
  .object({
    businessId: z.uuid(),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .refine((q) => Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  });
export type StockAnalysisQuery = z.infer<typeof stockAnalysisQuerySchema>;

export const stockAnalysisSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  summary: stockSummarySchema,
  /** Most units sold first. */
  fastMovers: z.array(stockMoverSchema),
  /** Products in stock that sold least (often nothing) first; ties: most money tied up first. */
  slowMovers: z.array(stockMoverSchema),
});
export type StockAnalysis = z.infer<typeof stockAnalysisSchema>;

export const ANALYSIS_PERIOD_DAYS = [7, 30, 90] as const;

/** The last `days` business days up to the end of today, in the business's time zone. */
export function analysisPeriod(
  days: number,
  timeZone: string,
  now: Date = new Date(),
): { startDate: string; endDate: string } {
  const today = todayIn(timeZone, now);
  const first = new Date(`${today}T12:00:00Z`);
  first.setUTCDate(first.getUTCDate() - (Math.max(1, Math.floor(days)) - 1));
  const firstDay = first.toISOString().slice(0, 10);
  return {
    startDate: businessDayRange(firstDay, timeZone).startDate,
    endDate: businessDayRange(today, timeZone).endDate,
  };
}

/** How many days the stock on hand lasts at the period's rate of sale; null when nothing sold. */
export function daysOfCover(quantity: number, sold: number, days: number): number | null {
  if (sold <= 0) return null;
  return Math.floor((quantity * days) / sold);
}
