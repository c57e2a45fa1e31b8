import { Chip } from "@mui/material";
import { CREDIT_STATUS_COLORS, type CreditStatus } from "@app/shared/sales/credit";

/** Spec section 4: Pending grey, Partial teal, Cleared green. */
export function CreditStatusBadge({ status }: { status: CreditStatus }) {
  return (
    <Chip
      label={status}
      size="small"
      data-testid="credit-status"
      data-status={status}
      sx={{ bgcolor: CREDIT_STATUS_COLORS[status], color: "#fff", fontWeight: 600, height: 22 }}
    />
  );
}
