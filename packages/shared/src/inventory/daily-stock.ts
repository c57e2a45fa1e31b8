import { TZDate } from "@date-fns/tz";
import { endOfDay, startOfDay } from "date-fns";
import { z } from "zod";

export const dailyStockLogSchema = z.object({
  _id: z.uuid(),
  product: z.object({ name: z.string(), image: z.string().nullable(), quantity: z.number().int() }),
  openingStock: z.number().int(),
  closingStock: z.number().int(),
});
export type DailyStockLog = z.infer<typeof dailyStockLogSchema>;

export const dailyStockQuerySchema = z
  .object({
    businessId: z.uuid(),
    startDate: z.iso.datetime({ offset: true }),
    endDate: z.iso.datetime({ offset: true }),
  })
  .refine((q) => Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: "startDate must not be after endDate",
    path: ["endDate"],
  });

/**
 * The start and end (ISO) of the business day holding `day` ("yyyy-MM-dd") in the business's
 * time zone: a Nairobi shop's day runs 00:00-23:59:59.999 East Africa Time, wherever the browser is.
 */
export function businessDayRange(day: string, timeZone: string): { startDate: string; endDate: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const noon = new TZDate(y, m - 1, d, 12, 0, 0, timeZone);
  const utc = (d: Date) => new Date(d.getTime()).toISOString();
  return { startDate: utc(startOfDay(noon)), endDate: utc(endOfDay(noon)) };
}

/** Today's date ("yyyy-MM-dd") in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const t = new TZDate(now.getTime(), timeZone);
  return `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, "0")}-${String(t.getDate()).padStart(2, "0")}`;
}

/** Daily change = closing minus opening (spec section 2). */
export const dailyChange = (log: Pick<DailyStockLog, "openingStock" | "closingStock">) =>
  log.closingStock - log.openingStock;
