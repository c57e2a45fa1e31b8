// What other modules and flows may use of the customers module: its public entry (modules/README.md).
import { sql } from "drizzle-orm";
import { displayKenyanPhone, normalizeKenyanPhone } from "@app/shared/phone/phone";
import type { Tx } from "../../db/client.ts";
import { conflict, notFound } from "../../platform/errors.ts";
import { now } from "../../platform/clock.ts";

/** A customer as a sale needs it: who, their phone as typed, their credit limit. */
export type SaleCustomer = { id: string; name: string; phone: string; creditLimit: number | null };

type Row = { id: string; name: string; phone: string; credit_limit: string | number | null };
const toSaleCustomer = (r: Row): SaleCustomer => ({
  id: r.id,
  name: r.name,
  phone: displayKenyanPhone(r.phone),
  creditLimit: r.credit_limit === null ? null : Number(r.credit_limit),
});

/**
 * Locks a live customer of the business for a sale (FOR UPDATE): credit sales of one customer
 * are then checked against their limit one after the other. 404 for an unknown (or another
 * business's) customer, 409 for an archived one (unless allowed: a sale that already names them).
 */
export async function lockCustomer(
  tx: Tx,
  businessId: string,
  customerId: string,
  opts: { allowArchived?: boolean } = {},
): Promise<SaleCustomer> {
  const { rows } = await tx.execute<Row & { archived: boolean }>(sql`
    SELECT id, name, phone, credit_limit, archived_at IS NOT NULL AS archived FROM customers
    WHERE business_id = ${businessId} AND id = ${customerId}
    FOR UPDATE`);
  const row = rows[0];
  if (!row) throw notFound("Customer");
  if (row.archived && !opts.allowArchived)
    throw conflict(`${row.name} is archived: restore them or choose another customer`);
  return toSaleCustomer(row);
}

/**
 * The live customer with this phone, created (with this name) when there is none, and locked:
 * a credit sale with a typed name and phone is linked to a customer record. null when the phone
 * is not a Kenyan mobile number (it cannot be matched). Safe when two tills do it at once.
 */
export async function findOrCreateCustomerByPhone(
  tx: Tx,
  businessId: string,
  name: string,
  phone: string,
  createdBy: string,
): Promise<SaleCustomer | null> {
  const stored = normalizeKenyanPhone(phone);
  if (!stored || !name.trim()) return null;
  await tx.execute(sql`
    INSERT INTO customers (business_id, name, phone, created_by, created_at, updated_at)
    VALUES (${businessId}, ${name.trim()}, ${stored}, ${createdBy}, ${now().toISOString()}::timestamptz, ${now().toISOString()}::timestamptz)
    ON CONFLICT (business_id, phone) WHERE archived_at IS NULL DO NOTHING`);
  const { rows } = await tx.execute<Row>(sql`
    SELECT id, name, phone, credit_limit FROM customers
    WHERE business_id = ${businessId} AND phone = ${stored} AND archived_at IS NULL
    FOR UPDATE`);
  return rows[0] ? toSaleCustomer(rows[0]) : null;
}

/** The live customer with this phone (the M-Pesa paybill account number a customer may type), or null. */
export async function findCustomerByPhone(tx: Tx, businessId: string, phone: string): Promise<SaleCustomer | null> {
  const stored = normalizeKenyanPhone(phone);
  if (!stored) return null;
  const { rows } = await tx.execute<Row>(sql`
    SELECT id, name, phone, credit_limit FROM customers
    WHERE business_id = ${businessId} AND phone = ${stored} AND archived_at IS NULL`);
  return rows[0] ? toSaleCustomer(rows[0]) : null;
}

/** A customer's record, for flows/customer-accounts.ts to add what their sales say. */
export {
  archiveCustomer,
  customerRowsPage,
  eraseCustomer,
  findCustomerRow,
  NO_SALES,
  toCustomer,
  updateCustomerRow,
  type CustomerRow,
  type CustomerSalesSummary,
} from "./customers.service.ts";
export { customerRecord } from "./customers.routes.ts";
