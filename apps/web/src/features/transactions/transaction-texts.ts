import { t } from "@lingui/core/macro";
import type { Correction, MoneyMethod, MovementKind } from "@app/shared/transactions/transaction";
import { paymentMethodLabel } from "../../lib/i18n/payment-labels.ts";

/** What a movement was, in the reader's language (MOVEMENT_KIND_LABELS is the English). */
export function kindLabel(kind: MovementKind): string {
  switch (kind) {
    case "sale_payment":
      return t`Sale payment`;
    case "credit_repayment":
      return t`Credit repayment`;
    case "cash_rounding":
      return t`Cash rounding`;
    case "invoice_payment":
      return t`Invoice payment`;
    case "invoice_refund":
      return t`Invoice refund`;
    case "expense":
      return t`Expense`;
    case "owner_drawing":
      return t`Owner's drawings`;
    case "capital_in":
      return t`Capital in`;
    case "bank_deposit":
      return t`Bank deposit of cash`;
    case "other_in":
      return t`Other money in`;
    case "other_out":
      return t`Other money out`;
    case "supplier_payment":
      return t`Supplier payment`;
    case "hotel_payment":
      return t`Hotel payment`;
    case "clinic_payment":
      return t`Clinic payment`;
  }
}

export function correctionLabel(c: Correction): string {
  switch (c) {
    case "edited":
      return t`Edited`;
    case "voided":
      return t`Voided`;
    case "restored":
      return t`Restored`;
    case "deleted":
      return t`Deleted`;
  }
}

/** Cash, M-Pesa and Bank Transfer are names; only Bank Transfer is translated. */
export const methodLabel = (m: MoneyMethod) => paymentMethodLabel(m);
