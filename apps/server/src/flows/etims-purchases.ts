import { randomUUID } from "node:crypto";
import {
  PURCHASE_APPROVED,
  purchasePaymentType,
  purchaseToSupplyLines,
  type ConfirmPurchaseAsExpenseInput,
  type ConfirmPurchaseAsSupplyInput,
  type EtimsPurchase,
  type PurchaseLineItem,
} from "@app/shared/etims/purchases";
import { createSupplyInputSchema } from "@app/shared/supplies/supply";
import { effectiveTaxType, type TaxType } from "@app/shared/tax/vat";
import { now } from "../platform/clock.ts";
import type { Ctx } from "../platform/context.ts";
import type { Idempotency } from "../platform/idempotency.ts";
import { AppError, conflict, unprocessable } from "../platform/errors.ts";
import { answerPurchase, deviceOf, type EtimsDeps, type StoredPurchase } from "../modules/etims/etims.public.ts";
import { recordKraInvoiceExpense } from "../modules/expenses/expenses.public.ts";
import { hasEtimsDetails, productsForEtims } from "../modules/inventory/inventory.public.ts";
import { moveSupplyIntoStock, recordSupply, supplierForKraPin } from "../modules/supplies/supplies.public.ts";
import { ensureRegistered, Unsendable, vatRegistered } from "./etims-items.ts";

/**
 * Purchases from KRA (issue 30 item 8): the owner confirms a supplier's KRA invoice into a supply
 * (received into stock through the ledger, as supplies are) or an expense (marked as backed by
 * KRA's invoice), and KRA is told (insertTrnsPurchase, status 02). A flow: the etims module keeps
 * the invoices and tells KRA (modules/etims/purchase-answer.ts: KRA down saves nothing, a second
 * confirmation is 409), supplies and expenses (a layer above etims) record their side.
 */

/** A supplier's credit note needs a return, not a delivery: not confirmed here. */
function invoiceOnly(p: StoredPurchase): void {
  if (p.receiptType !== "S")
    throw conflict(
      "This is the supplier's credit note, not an invoice: it cannot be confirmed here. Reject it, or leave it.",
    );
}

const kraInvoice = (p: StoredPurchase) =>
  `KRA eTIMS invoice ${p.supplierInvoiceNo} from ${p.supplierName} (PIN ${p.supplierPin})`;

/**
 * Our item codes (and units) of the products lines became, each registered with KRA first; a
 * product KRA cannot take keeps the supplier's codes only.
 */
async function itemsOf(ctx: Ctx, etims: EtimsDeps, input: ConfirmPurchaseAsSupplyInput) {
  const ids = [...new Set(input.lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const products = await productsForEtims(ctx.db, ctx.businessId, ids);
  const vat = await vatRegistered(ctx.db, ctx.businessId);
  const device = await deviceOf(ctx.db, etims, ctx.businessId);
  const codes = new Map<string, string | null>();
  for (const p of products.values()) {
    if (!device || !hasEtimsDetails(p) || p.error) continue;
    const taxType = effectiveTaxType((p.taxType ?? null) as TaxType | null, vat);
    const code = await ensureRegistered({ db: ctx.db, etims }, device, ctx.businessId, p, taxType).catch(
      (err: unknown) => {
        if (err instanceof Unsendable) return null;
        throw err;
      },
    );
    codes.set(p.id, code);
  }
  const items = new Map<number, PurchaseLineItem>();
  for (const line of input.lines) {
    const p = line.productId ? products.get(line.productId) : undefined;
    const itemCd = p ? codes.get(p.id) : null;
    if (p && itemCd)
      items.set(line.seq, {
        itemCd,
        itemClsCd: p.itemClass!,
        name: p.name,
        barcode: p.barcode,
        pkgUnitCd: p.packagingUnit!,
        qtyUnitCd: p.quantityUnit!,
      });
  }
  return items;
}

/** POST /api/etims/purchases/:id/supply: the invoice becomes a supply, its products received into stock at once. */
export function confirmPurchaseAsSupply(
  ctx: Ctx,
  etims: EtimsDeps,
  id: string,
  input: ConfirmPurchaseAsSupplyInput,
  idem: Idempotency = {},
): Promise<EtimsPurchase> {
  return answerPurchase(etims, ctx, id, idem, {
    decide: async (p) => ({
      status: PURCHASE_APPROVED,
      paymentType: purchasePaymentType(p.total, input.amountPaid, input.paymentMethod),
      items: await itemsOf(ctx, etims, input),
      // What the owner confirmed receiving (a carton of 12 may be counted as 12 pieces), not the supplier's.
      quantities: new Map(input.lines.map((l) => [l.seq, l.quantity])),
      received: input.lines.some((l) => l.productId),
    }),
    save: async (tx, p) => {
      invoiceOnly(p);
      const lines = purchaseToSupplyLines(p.lines, input.lines);
      if (!lines.ok) throw new AppError("VALIDATION_ERROR", lines.problem, { lines: lines.problem });
      const supplier = await supplierForKraPin(tx, ctx, { kraPin: p.supplierPin, name: p.supplierName });
      const parsed = createSupplyInputSchema.safeParse({
        businessId: ctx.businessId,
        supplierId: supplier.id,
        ...lines.value,
        amountPaid: input.amountPaid,
        paymentMethod: input.paymentMethod,
        notes: kraInvoice(p),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError("VALIDATION_ERROR", issue.message, { [String(issue.path[0] ?? "lines")]: issue.message });
      }
      const supplyId = randomUUID();
      const supply = await recordSupply(tx, ctx, supplyId, parsed.data);
      if (lines.value.products.length)
        await moveSupplyIntoStock(tx, ctx, supplyId, {
          products: lines.value.products.map(({ productId, quantity }) => ({ productId, quantity })),
          note: kraInvoice(p),
        });
      return { confirmedAs: "supply", supplyId, supplyNumber: supply.supplyNumber };
    },
  });
}

/** The day an expense from a KRA invoice was spent: the supplier's sale date (midday in Nairobi), never later than now. */
function spentAtOf(p: StoredPurchase): Date {
  const at = p.saleDate ? new Date(`${p.saleDate}T12:00:00+03:00`) : now();
  return Number.isNaN(at.getTime()) || at > now() ? now() : at;
}

/** POST /api/etims/purchases/:id/expense: the invoice becomes an expense backed by KRA's invoice. */
export function confirmPurchaseAsExpense(
  ctx: Ctx,
  etims: EtimsDeps,
  id: string,
  input: ConfirmPurchaseAsExpenseInput,
  idem: Idempotency = {},
): Promise<EtimsPurchase> {
  return answerPurchase(etims, ctx, id, idem, {
    decide: (p) =>
      Promise.resolve({
        status: PURCHASE_APPROVED,
        paymentType: purchasePaymentType(p.total, p.total, input.method),
        received: false,
      }),
    save: async (tx, p) => {
      invoiceOnly(p);
      if (p.total <= 0) throw unprocessable("This invoice's total is nothing: there is no expense to record.");
      const expense = await recordKraInvoiceExpense(tx, ctx, {
        etimsPurchaseId: p.id,
        categoryId: input.categoryId,
        amount: p.total,
        method: input.method,
        paidTo: p.supplierName,
        reference: String(p.supplierInvoiceNo),
        note: kraInvoice(p),
        spentAt: spentAtOf(p),
      });
      return { confirmedAs: "expense", expenseId: expense._id };
    },
  });
}
