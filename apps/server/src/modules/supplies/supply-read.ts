import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { displayKenyanPhone } from "@app/shared/phone/phone";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import type { Db, DbOrTx } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { supplierPayments, suppliers, supplyCommodities, supplyProducts, supplyRecords } from "./supplies.table.ts";

export type SupplyRow = typeof supplyRecords.$inferSelect;
export type SupplyProductRow = typeof supplyProducts.$inferSelect;

const groupBy = <T extends { supplyId: string }>(rows: T[]) => {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.supplyId, [...(out.get(r.supplyId) ?? []), r]);
  return out;
};

/** Supply records with their supplier, lines and payments: four queries for any number of them. */
export async function withDetails(db: DbOrTx, businessId: string, rows: SupplyRow[]): Promise<SupplyRecord[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const supplierIds = [...new Set(rows.map((r) => r.supplierId))];
  const [products, commodities, payments, people] = await Promise.all([
    db
      .select()
      .from(supplyProducts)
      .where(and(eq(supplyProducts.businessId, businessId), inArray(supplyProducts.supplyId, ids)))
      .orderBy(asc(supplyProducts.name), asc(supplyProducts.id)),
    db
      .select()
      .from(supplyCommodities)
      .where(and(eq(supplyCommodities.businessId, businessId), inArray(supplyCommodities.supplyId, ids)))
      .orderBy(asc(supplyCommodities.name), asc(supplyCommodities.id)),
    db
      .select()
      .from(supplierPayments)
      .where(and(eq(supplierPayments.businessId, businessId), inArray(supplierPayments.supplyId, ids)))
      .orderBy(desc(supplierPayments.paidAt), desc(supplierPayments.createdAt)),
    db
      .select({ id: suppliers.id, name: suppliers.name, phone: suppliers.phone })
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), inArray(suppliers.id, supplierIds))),
  ]);
  const productsOf = groupBy(products);
  const commoditiesOf = groupBy(commodities);
  const paymentsOf = groupBy(payments);
  const supplierOf = new Map(people.map((p) => [p.id, p]));
  return rows.map((r): SupplyRecord => {
    const supplier = supplierOf.get(r.supplierId);
    return {
      _id: r.id,
      businessId: r.businessId,
      supplyNumber: r.supplyNumber,
      supplier: {
        _id: r.supplierId,
        name: supplier?.name ?? "",
        phone: supplier?.phone ? displayKenyanPhone(supplier.phone) : null,
      },
      suppliedAt: r.suppliedAt.toISOString(),
      products: (productsOf.get(r.id) ?? []).map((l) => ({
        _id: l.id,
        productId: l.productId,
        name: l.name,
        unit: l.unit,
        quantity: l.quantity,
        unitCost: l.unitCost,
        totalCost: l.quantity * l.unitCost,
        transferred: l.transferred,
        remaining: l.quantity - l.transferred,
      })),
      commodities: (commoditiesOf.get(r.id) ?? []).map((c) => ({
        _id: c.id,
        name: c.name,
        unit: c.unit,
        quantity: c.quantity,
        unitCost: c.unitCost,
        totalCost: c.quantity * c.unitCost,
      })),
      total: r.total,
      amountPaid: r.total - r.balance,
      balance: r.balance,
      creditAmount: r.creditAmount,
      creditStatus: r.creditAmount > 0 ? r.creditStatus : null,
      paymentMethod: r.paymentMethod,
      receivedBy: r.receivedBy,
      notes: r.notes,
      payments: (paymentsOf.get(r.id) ?? []).map((p) => ({
        _id: p.id,
        supplyId: p.supplyId,
        supplierId: p.supplierId,
        amount: p.amount,
        method: p.method,
        paidAt: p.paidAt.toISOString(),
        atDelivery: p.atDelivery,
        recordedBy: p.recordedBy,
      })),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** One supply record of the business (locked when asked), or 404. */
export async function findSupplyRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<SupplyRow> {
  const query = db
    .select()
    .from(supplyRecords)
    .where(and(eq(supplyRecords.businessId, businessId), eq(supplyRecords.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound("Supply");
  return row;
}

export async function readSupply(db: DbOrTx, businessId: string, id: string): Promise<SupplyRecord> {
  const [supply] = await withDetails(db, businessId, [await findSupplyRow(db, businessId, id)]);
  return supply!;
}

/** The business a supply record belongs to, for record routes. */
export async function businessIdOfSupply(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: supplyRecords.businessId })
    .from(supplyRecords)
    .where(eq(supplyRecords.id, id))
    .limit(1);
  return row?.businessId ?? null;
}

/** "Supply #12", how people name a supply in messages. */
export const supplyName = (row: Pick<SupplyRow, "supplyNumber">) => `Supply #${row.supplyNumber}`;
