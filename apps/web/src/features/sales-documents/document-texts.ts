import { t } from "@lingui/core/macro";
import type { DocumentStatus, DocumentType } from "@app/shared/sales-documents/document";
import type { EtimsState, TaxType } from "@app/shared/tax/vat";

export function documentNoun(type: DocumentType): string {
  return type === "invoice" ? t`Invoice` : type === "quotation" ? t`Quotation` : t`Credit note`;
}

export function statusLabel(s: DocumentStatus): string {
  switch (s) {
    case "Pending":
      return t`Pending`;
    case "Partial":
      return t`Partial`;
    case "Paid":
      return t`Paid`;
    case "Credited":
      return t`Credited`;
    case "Cancelled":
      return t`Cancelled`;
    case "Open":
      return t`Open`;
    case "Converted":
      return t`Converted`;
    case "Issued":
      return t`Issued`;
  }
}

export const STATUS_COLOR: Record<DocumentStatus, "default" | "info" | "success" | "warning" | "error"> = {
  Pending: "default",
  Partial: "info",
  Paid: "success",
  Credited: "default",
  Cancelled: "error",
  Open: "info",
  Converted: "success",
  Issued: "default",
};

/** A document's eTIMS state; a quotation is no tax document, anything else unsent is "not connected" (never "not required"). */
export function etimsLabel(s: EtimsState, documentType?: string): string {
  switch (s) {
    case "not_required":
      return documentType === "quotation" ? t`eTIMS: not required` : t`eTIMS: not connected`;
    case "pending":
      return t`eTIMS: pending`;
    case "signed":
      return t`eTIMS: signed`;
    case "failed":
      return t`eTIMS: failed`;
  }
}

export function taxTypeName(tt: TaxType): string {
  switch (tt) {
    case "A":
      return t`A (Exempt)`;
    case "B":
      return t`B (VAT 16%)`;
    case "C":
      return t`C (Zero-rated 0%)`;
    case "D":
      return t`D (Non-VAT)`;
    case "E":
      return t`E (VAT 8%)`;
  }
}
