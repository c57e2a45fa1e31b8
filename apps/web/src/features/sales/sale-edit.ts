import { MAX_LINE_QUANTITY } from "@app/shared/money/limits";
import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import { ROOM_CHARGE, settlePayments, type PaymentInput, type PaymentMethod } from "@app/shared/sales/payments";
import type { Sale, UpdateSaleInput } from "@app/shared/sales/sale";

/** A line of the sale being edited; unitPrice is the price it was sold at (or today's, if new). */
export type EditLine = { productId: string; name: string; unitPrice: number; quantity: number };
/** A payment as typed: shillings as text. */
export type PaymentRow = { method: PaymentMethod; amount: string; tendered: string; reference: string };
export type Customer = { customerName: string; customerPhone: string };

export type EditCheck =
  { ok: true; body: UpdateSaleInput; total: number } | { ok: false; fields: Record<string, string> };

export const linesFromSale = (sale: Sale): EditLine[] =>
  sale.products.map((l) => ({
    productId: l.productId,
    name: l.name,
    unitPrice: l.productPrice,
    quantity: l.productQuantity,
  }));

export const paymentRowsFromSale = (sale: Sale): PaymentRow[] =>
  sale.payments.map((p) => ({
    // A sale charged to a hotel room cannot be edited (the server refuses with its reason); its row shows as Cash.
    method: p.method === ROOM_CHARGE ? "Cash" : p.method,
    amount: formatCentsPlain(p.amount),
    tendered: p.tendered !== null ? formatCentsPlain(p.tendered) : "",
    reference: p.reference ?? "",
  }));

export const editTotal = (lines: readonly EditLine[]) =>
  lines.reduce((sum, l) => sum + l.unitPrice * (Number.isInteger(l.quantity) ? l.quantity : 0), 0);

/** What is still unpaid by the other payment rows: what "the rest" puts on a row. */
export function restFor(total: number, rows: readonly PaymentRow[], index: number): number {
  const others = rows.reduce((sum, r, i) => sum + (i === index ? 0 : (parseKES(r.amount) ?? 0)), 0);
  return Math.max(total - others, 0);
}

/**
 * Checks an edited sale as checkout does (settlePayments) and builds the PUT body, or names the
 * fields at fault with the messages to show under them.
 */
export function checkSaleEdit(lines: readonly EditLine[], rows: readonly PaymentRow[], customer: Customer): EditCheck {
  const fields: Record<string, string> = {};
  if (lines.length === 0) fields.products = "The sale needs at least one product";
  lines.forEach((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity < 1) fields[`products.${i}.quantity`] = "At least 1, whole units";
    else if (l.quantity > MAX_LINE_QUANTITY)
      fields[`products.${i}.quantity`] = `At most ${MAX_LINE_QUANTITY.toLocaleString("en")} units`;
  });
  const payments: PaymentInput[] = [];
  rows.forEach((r, i) => {
    const amount = parseKES(r.amount);
    if (amount === null || amount <= 0) fields[`payments.${i}.amount`] = "Enter an amount in shillings";
    const tendered = r.method === "Cash" && r.tendered.trim() ? parseKES(r.tendered) : undefined;
    if (tendered === null) fields[`payments.${i}.tendered`] = "Enter the cash handed over in shillings";
    const reference = r.reference.trim().toUpperCase();
    payments.push({
      method: r.method,
      amount: amount ?? 0,
      ...(tendered != null ? { tendered } : {}),
      ...(reference && r.method !== "Cash" ? { reference } : {}),
    });
  });
  if (Object.keys(fields).length) return { ok: false, fields };
  const total = editTotal(lines);
  const settled = settlePayments(total, payments, customer);
  if (!settled.ok) return { ok: false, fields: { [settled.field]: settled.message } };
  const body: UpdateSaleInput = {
    products: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    payments,
    expectedTotal: total,
    ...(customer.customerName.trim() ? { customerName: customer.customerName.trim() } : {}),
    ...(customer.customerPhone.trim() ? { customerPhone: customer.customerPhone.trim() } : {}),
  };
  return { ok: true, body, total };
}
