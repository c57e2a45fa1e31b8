import { randomUUID } from "node:crypto";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { creditStatusOf } from "@app/shared/sales/credit";
import {
  supplyTotal,
  type CreateSupplyInput,
  type ListSuppliesQuery,
  type SupplyPage,
  type SupplyRecord,
  type UpdateSupplyInput,
} from "@app/shared/supplies/supply";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { products } from "../inventory/inventory.public.ts";
import { recordSupplierMoney, reverseSupplyMoney } from "./supplier-money.ts";
import { lockLiveSupplier } from "./suppliers.service.ts";
import { findSupplyRow, readSupply, supplyName, withDetails } from "./supply-read.ts";
import { supplierPayments, suppliers, supplyCommodities, supplyProducts, supplyRecords } from "./supplies.table.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";
import { offsetOf } from "../../platform/paging.ts";
import { transact } from "../../platform/retry.ts";
import { checkMoneyDate } from "../../platform/money-date.ts";

/** The products of a delivery: the business's own (404 otherwise), still sold (409 otherwise). */
async function productsFor(tx: Tx, businessId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { name: string; unit: string }>();
  const rows = await tx
    .select({ id: products.id, name: products.name, unit: products.unit, archivedAt: products.archivedAt })
    .from(products)
    .where(and(eq(products.businessId, businessId), sql`${products.id} = ANY(${sql.param(ids)}::uuid[])`));
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw new AppError("NOT_FOUND", `Product not found: ${missing.join(", ")}`, {
      products: "Choose products of this business",
    });
  const retired = rows.filter((r) => r.archivedAt);
  if (retired.length) throw conflict(`No longer sold: ${retired.map((r) => r.name).join(", ")}`);
  return found;
}

/** The next supply number of a business (the advisory lock makes concurrent deliveries take turns). */
async function nextSupplyNumber(tx: Tx, businessId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`supply-number:${businessId}`}, 0))`);
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT coalesce(max(supply_number), 0) + 1 AS n FROM supply_records WHERE business_id = ${businessId}`);
  return Number(rows[0]!.n);
}

/**
 * POST /supplyrecord: a delivery from a supplier: its products wait in the supply store (moved
 * into stock later), its commodities are only recorded. What was paid on delivery is a supplier
 * payment; the rest is owed (bought on credit: Pending, or Partial when part was paid).
 */
export async function createSupply(ctx: Ctx, input: CreateSupplyInput, idem: Idempotency = {}): Promise<SupplyRecord> {
  // The day a supply came is the day its payment on delivery and its debt carry (issue 28).
  checkMoneyDate(input.suppliedAt, "suppliedAt");
  const id = randomUUID();
  return runIdempotent(
    ctx.db,
    {
      businessId: ctx.businessId,
      key: idem.key,
      scope: "supply",
      fingerprint: idem.fingerprint,
      byReference: { ref: { supplyId: id }, replay: (ref) => readSupply(ctx.db, ctx.businessId, String(ref.supplyId)) },
    },
    (tx) => recordSupply(tx, ctx, id, input),
  );
}

/**
 * The work of createSupply in the caller's transaction (a supplier's KRA invoice confirmed into a
 * supply: flows/etims-purchases.ts): the supply, its lines, and what was paid on delivery with its
 * movement in the money ledger. The input is already checked (createSupplyInputSchema).
 */
export async function recordSupply(tx: Tx, ctx: Ctx, id: string, input: CreateSupplyInput): Promise<SupplyRecord> {
  const supplier = await lockLiveSupplier(tx, ctx.businessId, input.supplierId);
  const found = await productsFor(
    tx,
    ctx.businessId,
    input.products.map((p) => p.productId),
  );
  const total = supplyTotal([...input.products, ...input.commodities]);
  const creditAmount = total - input.amountPaid;
  const suppliedAt = input.suppliedAt ? new Date(input.suppliedAt) : now();
  await tx.insert(supplyRecords).values({
    businessId: ctx.businessId,
    id,
    supplyNumber: await nextSupplyNumber(tx, ctx.businessId),
    supplierId: supplier.id,
    suppliedAt,
    total,
    creditAmount,
    balance: creditAmount,
    creditStatus: creditAmount > 0 ? creditStatusOf(total, creditAmount) : null,
    paymentMethod: input.amountPaid > 0 ? input.paymentMethod! : null,
    receivedBy: input.receivedBy || ctx.user.details.username,
    notes: input.notes ?? "",
    createdBy: ctx.user.details.username,
  });
  if (input.products.length)
    await tx.insert(supplyProducts).values(
      input.products.map((p) => ({
        businessId: ctx.businessId,
        supplyId: id,
        productId: p.productId,
        name: found.get(p.productId)!.name,
        unit: found.get(p.productId)!.unit,
        quantity: p.quantity,
        unitCost: p.unitCost,
      })),
    );
  if (input.commodities.length)
    await tx
      .insert(supplyCommodities)
      .values(input.commodities.map((c) => ({ businessId: ctx.businessId, supplyId: id, ...c })));
  if (input.amountPaid > 0) {
    const paymentId = randomUUID();
    await tx.insert(supplierPayments).values({
      businessId: ctx.businessId,
      id: paymentId,
      supplyId: id,
      supplierId: supplier.id,
      amount: input.amountPaid,
      method: input.paymentMethod!,
      paidAt: suppliedAt,
      atDelivery: true,
      recordedBy: ctx.user.details.username,
    });
    await recordSupplierMoney(tx, ctx, {
      supplyId: id,
      paymentId,
      method: input.paymentMethod!,
      amount: input.amountPaid,
      paidAt: suppliedAt,
      description: `Paid on delivery to ${supplier.name}`,
    });
  }
  return readSupply(tx, ctx.businessId, id);
}

/** GET /supplyrecord: newest first, filtered by supplier and credit, a page at a time. */
export async function listSupplies(ctx: Ctx, q: ListSuppliesQuery): Promise<SupplyPage> {
  const where: (SQL | undefined)[] = [eq(supplyRecords.businessId, ctx.businessId)];
  if (q.supplierId) where.push(eq(supplyRecords.supplierId, q.supplierId));
  if (q.credit)
    where.push(q.credit === "true" ? sql`${supplyRecords.creditAmount} > 0` : sql`${supplyRecords.creditAmount} = 0`);
  if (q.open) where.push(q.open === "true" ? sql`${supplyRecords.balance} > 0` : sql`${supplyRecords.balance} = 0`);
  if (q.creditStatus)
    where.push(sql`${supplyRecords.creditAmount} > 0`, eq(supplyRecords.creditStatus, q.creditStatus));
  if (q.q) {
    const like = containing(q.q);
    const number = /^#?\d{1,9}$/.test(q.q) ? Number(q.q.replace("#", "")) : null;
    where.push(
      sql`(${number}::int IS NOT NULL AND ${supplyRecords.supplyNumber} = ${number}::int OR EXISTS (
        SELECT 1 FROM ${suppliers} s WHERE s.business_id = ${supplyRecords.businessId} AND s.id = ${supplyRecords.supplierId} AND s.name ILIKE ${like}))`,
    );
  }
  const filter = and(...where);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(supplyRecords)
      .where(filter)
      .orderBy(desc(supplyRecords.supplyNumber))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(supplyRecords)
      .where(filter),
  ]);
  return { items: await withDetails(ctx.db, ctx.businessId, rows), total: count?.n ?? 0 };
}

/** GET /supplyrecord/{id}. */
export function getSupply(ctx: Ctx, id: string): Promise<SupplyRecord> {
  return readSupply(ctx.db, ctx.businessId, id);
}

/** PUT /supplyrecord/{id}: when it arrived, who received it, notes. */
export async function updateSupply(ctx: Ctx, id: string, input: UpdateSupplyInput): Promise<SupplyRecord> {
  checkMoneyDate(input.suppliedAt, "suppliedAt");
  return transact(ctx.db, async (tx) => {
    await findSupplyRow(tx, ctx.businessId, id, true);
    await tx
      .update(supplyRecords)
      .set({
        ...(input.suppliedAt ? { suppliedAt: new Date(input.suppliedAt) } : {}),
        ...(input.receivedBy !== undefined ? { receivedBy: input.receivedBy || ctx.user.details.username } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: now(),
      })
      .where(and(eq(supplyRecords.businessId, ctx.businessId), eq(supplyRecords.id, id)));
    return readSupply(tx, ctx.businessId, id);
  });
}

/**
 * DELETE /supplyrecord/{id}: a supply entered by mistake goes (with its lines and what was paid
 * on delivery) while none of it is in stock and no later payment was made; otherwise 409.
 */
export async function deleteSupply(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  return transact(ctx.db, async (tx) => {
    const row = await findSupplyRow(tx, ctx.businessId, id, true);
    const { rows } = await tx.execute<{ moved: boolean; paid: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM supply_products WHERE business_id = ${ctx.businessId} AND supply_id = ${id} AND transferred > 0) AS moved,
             EXISTS (SELECT 1 FROM supplier_payments WHERE business_id = ${ctx.businessId} AND supply_id = ${id} AND NOT at_delivery) AS paid`);
    if (rows[0]!.moved) throw conflict(`Part of ${supplyName(row)} is already in stock: it cannot be deleted`);
    if (rows[0]!.paid) throw conflict(`Payments were made towards ${supplyName(row)}: it cannot be deleted`);
    await reverseSupplyMoney(tx, ctx, id, `${supplyName(row)} deleted`);
    await tx.delete(supplyRecords).where(and(eq(supplyRecords.businessId, ctx.businessId), eq(supplyRecords.id, id)));
    return { deleted: true as const };
  });
}
