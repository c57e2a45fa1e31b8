import { sql } from "drizzle-orm";
import { checkCreditLimit } from "@app/shared/customers/credit-limit";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { PaymentInput } from "@app/shared/sales/payments";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, forbidden } from "../../platform/errors.ts";
import { findOrCreateCustomerByPhone, lockCustomer, type SaleCustomer } from "../customers/customers.public.ts";

type CustomerInput = {
  customerId?: string;
  customerName?: string;
  customerPhone?: string;
  payments: readonly Pick<PaymentInput, "method">[];
};

/**
 * The customer a sale is for, locked until the sale commits: the one picked at the till
 * (customerId), else, for a credit sale with a typed name and Kenyan mobile number, the customer
 * with that phone (created when new). null for a walk-in cash sale. Taken before the products are
 * locked, in every path, so locks are always taken in the same order.
 */
export async function resolveSaleCustomer(
  tx: Tx,
  ctx: Ctx,
  input: CustomerInput,
  /** An edited sale's own customer: kept when no other is picked, even if archived since. */
  current?: string | null,
): Promise<SaleCustomer | null> {
  if (input.customerId) return lockCustomer(tx, ctx.businessId, input.customerId);
  if (current) return lockCustomer(tx, ctx.businessId, current, { allowArchived: true });
  if (!input.payments.some((p) => p.method === "Credit")) return null;
  const name = input.customerName?.trim();
  const phone = input.customerPhone?.trim();
  if (!name || !phone) return null;
  return findOrCreateCustomerByPhone(tx, ctx.businessId, name, phone, ctx.user.details.username);
}

/** What a customer owes on their live credit sales and orders (leaving out one sale being edited). */
async function owedBy(tx: Tx, businessId: string, customerId: string, exceptSaleId?: string): Promise<number> {
  const { rows } = await tx.execute<{ owed: string }>(sql`
    SELECT coalesce(sum(balance), 0)::text AS owed FROM sales
    WHERE business_id = ${businessId} AND customer_id = ${customerId} AND status = 'completed' AND credit_amount > 0
      AND (${exceptSaleId ?? null}::uuid IS NULL OR id <> ${exceptSaleId ?? null}::uuid)`);
  return Number(rows[0]?.owed ?? 0);
}

/**
 * Refuses credit that would take the customer above their limit (422 CREDIT_LIMIT_EXCEEDED,
 * naming what they owe and the limit), unless the owner overrides; staff cannot (403). The
 * customer row is locked (resolveSaleCustomer), so two tills cannot both squeeze under it.
 */
export async function checkCustomerCredit(
  tx: Tx,
  ctx: Ctx,
  customer: SaleCustomer | null,
  credit: { adding: number; override?: boolean; exceptSaleId?: string },
): Promise<void> {
  if (!customer || customer.creditLimit === null || credit.adding <= 0) return;
  const owed = await owedBy(tx, ctx.businessId, customer.id, credit.exceptSaleId);
  const check = checkCreditLimit(customer, owed, credit.adding);
  if (check.ok) return;
  if (credit.override) {
    if (!ctx.user.isAdmin) throw forbidden("Only the business owner can allow credit above a customer's limit");
    return;
  }
  throw new AppError(ERROR_CODES.CREDIT_LIMIT_EXCEEDED, check.message, { customerId: check.message });
}
