import { z } from "zod";
import { formatKES } from "../money/money.ts";
import { CREDIT_STATUSES } from "./credit.ts";
import { paymentTransactionSchema, salePaymentSchema, SALE_STATUSES, type Sale } from "./sale.ts";

/**
 * The audit trail of a sale (GET /api/sales/{id}/history): every edit, void, restore, correction
 * of a void's reason, credit payment and removal from the void sales, with who, when, and the
 * sale before and after. Rows are written in the change's own transaction and never changed.
 */
export const SALE_HISTORY_ACTIONS = [
  "edited",
  "voided",
  "restored",
  "void_reason",
  "credit_payment",
  "hidden",
  // Written with the sale when it was made with a discount or price override (issue 31): what, why, who allowed it.
  "discounted",
  "shortfall_settled",
] as const;
export type SaleHistoryAction = (typeof SALE_HISTORY_ACTIONS)[number];

/** What a history row keeps of a sale: enough to read its money and stock as they were. */
export const saleSnapshotSchema = z.object({
  status: z.enum(SALE_STATUSES),
  amount: z.number().int(),
  balance: z.number().int(),
  creditStatus: z.enum(CREDIT_STATUSES).nullable(),
  paymentMethod: z.string(),
  payments: z.array(salePaymentSchema),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  products: z.array(
    z.object({ productId: z.uuid(), name: z.string(), quantity: z.number().int(), price: z.number().int() }),
  ),
  voidReason: z.string().nullable(),
});
export type SaleSnapshot = z.infer<typeof saleSnapshotSchema>;

export const saleHistoryEntrySchema = z.object({
  _id: z.uuid(),
  saleId: z.uuid(),
  action: z.enum(SALE_HISTORY_ACTIONS),
  /** Who made the change (their username) and whether they are the owner or staff. */
  actorName: z.string(),
  actorKind: z.enum(["admin", "employee"]),
  at: z.string(),
  before: saleSnapshotSchema.nullable(),
  after: saleSnapshotSchema.nullable(),
  /** The payment a credit_payment row records. */
  payment: paymentTransactionSchema.nullable(),
  note: z.string().nullable(),
});
export type SaleHistoryEntry = z.infer<typeof saleHistoryEntrySchema>;

/** A sale as a history row keeps it. */
export function snapshotOf(
  sale: Pick<
    Sale,
    | "status"
    | "amount"
    | "balance"
    | "creditStatus"
    | "paymentMethod"
    | "payments"
    | "customerName"
    | "customerPhone"
    | "products"
    | "voidReason"
  >,
): SaleSnapshot {
  return {
    status: sale.status,
    amount: sale.amount,
    balance: sale.balance,
    creditStatus: sale.creditStatus,
    paymentMethod: sale.paymentMethod,
    payments: sale.payments.map((p) => ({ ...p })),
    customerName: sale.customerName,
    customerPhone: sale.customerPhone,
    products: sale.products.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.productQuantity,
      price: l.productPrice,
    })),
    voidReason: sale.voidReason,
  };
}

/** The fields a change lists, in the order a person reads them. */
export const SALE_CHANGE_FIELDS = [
  "status",
  "lines",
  "total",
  "payments",
  "customer",
  "balance",
  "creditStatus",
  "voidReason",
] as const;
export type SaleChangeField = (typeof SALE_CHANGE_FIELDS)[number];
export type SaleChange = { field: SaleChangeField; before: string; after: string };

const NONE = "-";
const TEXT_OF: Record<SaleChangeField, (s: SaleSnapshot) => string> = {
  status: (s) => s.status,
  lines: (s) => s.products.map((l) => `${l.quantity} × ${l.name}`).join("; ") || NONE,
  total: (s) => formatKES(s.amount),
  payments: (s) =>
    s.payments.map((p) => `${p.method}${p.reference ? ` (${p.reference})` : ""} ${formatKES(p.amount)}`).join(", ") ||
    NONE,
  customer: (s) => [s.customerName, s.customerPhone].filter(Boolean).join(" ") || NONE,
  balance: (s) => formatKES(s.balance),
  creditStatus: (s) => s.creditStatus ?? NONE,
  voidReason: (s) => s.voidReason ?? NONE,
};
/** What differs between two snapshots, as text for people ("Cash KES 1,000.00" -> "Credit KES 1,500.00"). */
export function saleChanges(before: SaleSnapshot | null, after: SaleSnapshot | null): SaleChange[] {
  if (!before || !after) return [];
  return SALE_CHANGE_FIELDS.map((field) => ({
    field,
    before: TEXT_OF[field](before),
    after: TEXT_OF[field](after),
  })).filter((c) => c.before !== c.after);
}
