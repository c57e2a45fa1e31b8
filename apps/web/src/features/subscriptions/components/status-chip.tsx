import { Chip } from "@mui/material";
import type { PaymentStatus, SubscriptionStatus } from "@app/shared/subscriptions/constants";

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
  new Date(iso).toLocaleDateString("en-KE", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-KE", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Nairobi",
  });

export const METHOD_LABELS = { paypal: "PayPal", mpesa: "M-Pesa" } as const;
