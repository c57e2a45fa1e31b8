import { parseKES } from "@app/shared/money/money";
import { dateToDay, dayToDate } from "../../../components/date-picker.tsx";

/** A product of the business on a delivery, as typed. */
export type ProductLine = { productId: string; name: string; unit: string; quantity: string; unitCost: string };
/** A commodity (bought, not sold) on a delivery, as typed. */
export type CommodityLine = { name: string; unit: string; quantity: string; unitCost: string };
/** A field's error message by its path in the API's schema (`products.0.quantity`). */
export type FieldError = (path: string) => string | undefined;

/** Typed shillings as cents; NaN when they cannot be read. */
export const cents = (text: string) => parseKES(text.trim()) ?? Number.NaN;
/** Typed whole units; NaN when they are not a whole number. */
export const units = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
/** A line's quantity times its unit cost, 0 while either cannot be read. */
export const lineTotal = (l: { quantity: string; unitCost: string }) => {
  const v = units(l.quantity) * cents(l.unitCost);
  return Number.isFinite(v) ? v : 0;
};

/** The instant for a chosen day: now when it is today, else that day at the current time of day. */
export function instantOf(day: string): string {
  const now = new Date();
  if (day === dateToDay(now)) return now.toISOString();
  const d = dayToDate(day);
  d.setHours(now.getHours(), now.getMinutes());
  return d.toISOString();
}
