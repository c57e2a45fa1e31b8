import {
  confirmPurchaseAsSupplyInputSchema,
  suggestedLineChoice,
  type ConfirmPurchaseAsSupplyInput,
  type EtimsPurchase,
} from "@app/shared/etims/purchases";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type { MoneyMethod } from "@app/shared/transactions/transaction";

// The "Confirm as supply" form of a supplier's KRA invoice, as typed (shillings and whole units
// as text), and its reading into the API's request, checked by the API's own schema.

export type SupplyLineForm = {
  seq: number;
  /** The supplier's line, as KRA holds it. */
  name: string;
  /** A product of ours, or null: kept as a commodity (not for sale). */
  productId: string | null;
  productName: string;
  quantity: string;
  unitCost: string;
};
export type SupplyForm = { lines: SupplyLineForm[]; amountPaid: string; paymentMethod: CreditPaymentMethod | "" };
export type SupplyFormErrors = Record<string, string>;

/** How the supplier says it was paid (KRA's payment type), as a method of ours; null: bought on credit. */
export function methodOfPaymentType(code: string | null): MoneyMethod | null {
  if (code === "01") return "Cash";
  if (code === "06") return "M-Pesa";
  if (code === "04" || code === "05" || code === "07") return "Bank Transfer";
  return null;
}

/** The form as it opens: each line's quantity and unit cost from the invoice, no product chosen; paid as the supplier says. */
export function supplyFormOf(p: EtimsPurchase): SupplyForm {
  const paid = methodOfPaymentType(p.paymentType);
  return {
    lines: p.lines.map((l) => {
      const s = suggestedLineChoice(l);
      return {
        seq: l.seq,
        name: l.name,
        productId: null,
        productName: "",
        quantity: String(s.quantity),
        unitCost: formatCentsPlain(s.unitCost),
      };
    }),
    amountPaid: formatCentsPlain(paid ? p.total : 0),
    paymentMethod: paid ?? "",
  };
}

const wholeUnits = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** What the lines come to as typed (cents), or null while one cannot be read. */
export function supplyFormTotal(f: SupplyForm): number | null {
  let total = 0;
  for (const l of f.lines) {
    const q = wholeUnits(l.quantity);
    const c = parseKES(l.unitCost.trim());
    if (Number.isNaN(q) || c === null) return null;
    total += q * c;
  }
  return total;
}

/** The form read into the request: errors by field (`lines.0.quantity`, `amountPaid`...) when it cannot be. */
export function readSupplyForm(
  f: SupplyForm,
  businessId: string,
): { ok: true; input: ConfirmPurchaseAsSupplyInput } | { ok: false; errors: SupplyFormErrors } {
  const parsed = confirmPurchaseAsSupplyInputSchema.safeParse({
    businessId,
    lines: f.lines.map((l) => ({
      seq: l.seq,
      productId: l.productId,
      quantity: wholeUnits(l.quantity),
      unitCost: parseKES(l.unitCost.trim()) ?? -1,
    })),
    amountPaid: parseKES(f.amountPaid.trim() || "0") ?? -1,
    paymentMethod: f.paymentMethod || undefined,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: SupplyFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return { ok: false, errors };
}
