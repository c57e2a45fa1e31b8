// What other modules may use of the supplies module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import type { CreditPaymentMethod } from "@app/shared/sales/credit";
import type { DbOrTx } from "../../db/client.ts";

/**
 * A supply recorded and moved into stock in the caller's transaction, from the supplier found by
 * KRA PIN (flows/etims-purchases.ts: a supplier's KRA invoice confirmed into a supply).
 */
export { recordSupply } from "./supplies.service.ts";
export { moveSupplyIntoStock } from "./supply-stock.service.ts";
export { supplierForKraPin } from "./suppliers.service.ts";

/** A payment made to a supplier: money out of the business (for the cash book). */
export type SupplierPaymentMovement = {
  id: string;
  supplyId: string;
  supplyNumber: number;
  supplierId: string;
  supplierName: string;
  amount: number;
  method: CreditPaymentMethod;
  paidAt: string;
  atDelivery: boolean;
  recordedBy: string;
};

/** Every payment to suppliers made in [start, end), oldest first: the supplies side of the money ledger. */
export async function supplierPaymentsInPeriod(
  db: DbOrTx,
  businessId: string,
  start: Date,
  end: Date,
): Promise<SupplierPaymentMovement[]> {
  const { rows } = await db.execute<{
    id: string;
    supply_id: string;
    supply_number: number;
    supplier_id: string;
    supplier_name: string;
    amount: string;
    method: CreditPaymentMethod;
    paid_at: string;
    at_delivery: boolean;
    recorded_by: string;
  }>(sql`
    SELECT p.id, p.supply_id, r.supply_number, p.supplier_id, s.name AS supplier_name, p.amount::text, p.method,
           p.paid_at, p.at_delivery, p.recorded_by
    FROM supplier_payments p
    JOIN supply_records r ON r.business_id = p.business_id AND r.id = p.supply_id
    JOIN suppliers s ON s.business_id = p.business_id AND s.id = p.supplier_id
    WHERE p.business_id = ${businessId} AND p.paid_at >= ${start.toISOString()} AND p.paid_at < ${end.toISOString()}
    ORDER BY p.paid_at, p.created_at, p.id`);
  return rows.map((r) => ({
    id: r.id,
    supplyId: r.supply_id,
    supplyNumber: Number(r.supply_number),
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    amount: Number(r.amount),
    method: r.method,
    paidAt: new Date(r.paid_at).toISOString(),
    atDelivery: r.at_delivery,
    recordedBy: r.recorded_by,
  }));
}
