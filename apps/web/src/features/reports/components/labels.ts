import { t } from "@lingui/core/macro";
import type { ReportPart } from "@app/shared/reports/reports";

/** A payment method as the reports name it: Cash, M-Pesa, Bank, Credit. */
export const paymentLabel = (method: string): string =>
  ({ Cash: t`Cash`, "M-Pesa": "M-Pesa", "Bank Transfer": t`Bank`, Credit: t`Credit` })[method] ?? method;

export const channelLabel = (channel: string): string =>
  ({ retail: t`Retail`, wholesale: t`Wholesale` })[channel] ?? channel;

/** A part's name: products without a category are "No category". */
export const partLabel = (dim: "channel" | "payment" | "employee" | "category" | "product", p: ReportPart): string => {
  if (dim === "payment") return paymentLabel(p.key);
  if (dim === "channel") return channelLabel(p.key);
  if (dim === "category" && p.key === "none") return t`No category`;
  return p.label;
};

/** The change from `before` to `now` as a signed percentage ("+12.5%"), or null when before is 0. */
export function changeText(now: number, before: number): string | null {
  if (before === 0) return null;
  const pct = ((now - before) / Math.abs(before)) * 100;
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(1)}%`;
}
