import { t } from "@lingui/core/macro";
import { Chip, Tooltip } from "@mui/material";
import type {
  BillingCycle,
  PaymentStatus,
  RefundReason,
  SubscriptionStatus,
} from "@app/shared/subscriptions/constants";
import type { PaymentRefund } from "@app/shared/subscriptions/subscription";
import { dateLocale } from "../../../lib/date-format.ts";

const COLORS: Record<SubscriptionStatus | PaymentStatus, "default" | "success" | "warning" | "error" | "info"> = {
  pending: "warning",
  active: "success",
  success: "success",
  past_due: "error",
  expired: "error",
  failed: "error",
  cancelled: "default",
};
const LABELS: Partial<Record<SubscriptionStatus | PaymentStatus, string>> = { past_due: "past due" };

/** A subscription or payment status as a coloured chip. */
export function StatusChip({ status }: { status: SubscriptionStatus | PaymentStatus }) {
  return (
    <Chip
      size="small"
      label={LABELS[status] ?? status}
      color={COLORS[status]}
      variant={status === "pending" ? "outlined" : "filled"}
    />
  );
}

/** Dates of the subscription tables: "12 Mar 2026". */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(dateLocale(), {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(dateLocale(), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Nairobi",
  });

export const METHOD_LABELS = { paypal: "PayPal", mpesa: "M-Pesa" } as const;

/** Why money was not applied, in words for support and the owner. */
export function refundReasonText(reason: RefundReason): string {
  switch (reason) {
    case "subscription_cancelled":
      return t`The subscription had been cancelled, so this payment was not applied.`;
    case "plan_not_covered":
      return t`This payment was for another plan, cycle or price than the subscription has now, so it was not applied.`;
    case "superseded":
      return t`The subscription had expired and the business has subscribed again since, so this payment was not applied.`;
  }
}

/** A payment flagged for refund: due back, or refunded (with how, in the tooltip). */
export function RefundChip({ refund }: { refund: PaymentRefund }) {
  const title = refund.refundedAt
    ? t`Refunded by ${refund.refundedBy ?? ""}: ${refund.note ?? ""}`
    : refundReasonText(refund.reason);
  return (
    <Tooltip title={title}>
      <Chip
        size="small"
        color={refund.refundedAt ? "default" : "warning"}
        variant={refund.refundedAt ? "outlined" : "filled"}
        label={refund.refundedAt ? t`refunded` : t`refund due`}
      />
    </Tooltip>
  );
}

/** A billing cycle in words, lower case ("monthly"). */
export function cycleLabel(cycle: BillingCycle): string {
  return cycle === "monthly" ? t`monthly` : cycle === "quarterly" ? t`quarterly` : t`yearly`;
}
