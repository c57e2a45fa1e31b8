import { z } from "zod";
import { daysBetween, daySchema, monthOf } from "./days.ts";

/** The longest period the analysis reads at once. */
export const MAX_ANALYSIS_DAYS = 366;

export const analysisQuerySchema = z
  .object({ businessId: z.uuid(), from: daySchema, to: daySchema })
  .superRefine((v, ctx) => {
    const days = daysBetween(v.from, v.to) + 1;
    if (days < 1)
      ctx.addIssue({ code: "custom", message: "The period must end on or after its first day", path: ["to"] });
    else if (days > MAX_ANALYSIS_DAYS)
      ctx.addIssue({ code: "custom", message: `At most ${MAX_ANALYSIS_DAYS} days at once`, path: ["to"] });
  });
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;

/** One day or month: rooms on offer, rooms sold (nights), what they earned, and the usual ratios. */
export const occupancyRowSchema = z.object({
  period: z.string(),
  /** Room nights on offer: the hotel's rooms, for each day. */
  available: z.number().int(),
  /** Room nights sold (booked, in house or stayed; not cancelled). */
  sold: z.number().int(),
  revenue: z.number().int(),
  /** sold / available, in percent with one decimal. */
  occupancy: z.number(),
  /** Average daily rate: revenue / sold, cents. */
  adr: z.number().int(),
  /** Revenue per available room: revenue / available, cents. */
  revpar: z.number().int(),
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;

export const analysisSchema = z.object({
  from: z.string(),
  to: z.string(),
  rooms: z.number().int(),
  days: z.array(occupancyRowSchema),
  months: z.array(occupancyRowSchema),
  total: occupancyRowSchema,
});
export type Analysis = z.infer<typeof analysisSchema>;

type Counts = { available: number; sold: number; revenue: number };

/** The ratios of one period from its counts. */
export function occupancyRow(period: string, c: Counts): OccupancyRow {
  return {
    period,
    ...c,
    occupancy: c.available ? Math.round((c.sold / c.available) * 1000) / 10 : 0,
    adr: c.sold ? Math.round(c.revenue / c.sold) : 0,
    revpar: c.available ? Math.round(c.revenue / c.available) : 0,
  };
}

/** Days summed into months, and the whole period. */
export function rollUp(days: readonly ({ day: string } & Counts)[]): { months: OccupancyRow[]; total: OccupancyRow } {
  const months = new Map<string, Counts>();
  const total: Counts = { available: 0, sold: 0, revenue: 0 };
  for (const d of days) {
    const m = months.get(monthOf(d.day)) ?? { available: 0, sold: 0, revenue: 0 };
    for (const c of [m, total]) {
      c.available += d.available;
      c.sold += d.sold;
      c.revenue += d.revenue;
    }
    months.set(monthOf(d.day), m);
  }
  return {
    months: [...months].map(([period, c]) => occupancyRow(period, c)),
    total: occupancyRow("total", total),
  };
}
