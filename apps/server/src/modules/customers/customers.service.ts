import { and, asc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type {
  CreateCustomerInput,
  Customer,
  ListCustomersQuery,
  UpdateCustomerInput,
} from "@app/shared/customers/customer";
import { displayKenyanPhone, normalizeKenyanPhone, phoneSearchDigits } from "@app/shared/phone/phone";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { offsetOf } from "../../platform/paging.ts";
import { conflict, isUniqueViolation, notFound, type AppError } from "../../platform/errors.ts";
import { now } from "../../platform/clock.ts";
import { customers } from "./customers.table.ts";
import { containing } from "../../platform/search.ts";

export type CustomerRow = typeof customers.$inferSelect;
type Row = CustomerRow;

/** What a customer's sales add to their record (the sales module counts it for flows/customer-accounts.ts). */
export type CustomerSalesSummary = { balance: number; lastPurchaseAt: string | null; sales: number };
export const NO_SALES: CustomerSalesSummary = { balance: 0, lastPurchaseAt: null, sales: 0 };

export function toCustomer(r: Row, s: CustomerSalesSummary = NO_SALES): Customer {
  return {
    _id: r.id,
    businessId: r.businessId,
    name: r.name,
    phone: displayKenyanPhone(r.phone),
    email: r.email,
    address: r.address,
    notes: r.notes,
    creditLimit: r.creditLimit,
    balance: s.balance,
    lastPurchaseAt: s.lastPurchaseAt,
    archived: r.archivedAt !== null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A customer row of the business (404 for an unknown or another business's); `lock`: FOR UPDATE. */
export async function findCustomerRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound("Customer");
  return row;
}

/** The 409 for a phone number another live customer of the business already has. */
async function duplicatePhone(db: DbOrTx, businessId: string, phone: string): Promise<AppError> {
  const [other] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.businessId, businessId), eq(customers.phone, phone), isNull(customers.archivedAt)));
  const message = `${displayKenyanPhone(phone)} is already the phone of ${other?.name ?? "another customer"}`;
  return conflict(message, { phone: message });
}

/** Live customers by name, searched by name or phone, a page at a time (GET /customers adds their sales). */
export async function customerRowsPage(ctx: Ctx, q: ListCustomersQuery): Promise<{ rows: Row[]; total: number }> {
  const filters: (SQL | undefined)[] = [eq(customers.businessId, ctx.businessId)];
  if (q.archived !== "true") filters.push(isNull(customers.archivedAt));
  if (q.q) {
    const digits = phoneSearchDigits(q.q);
    filters.push(
      or(ilike(customers.name, containing(q.q)), digits ? sql`${customers.phone} LIKE ${`%${digits}%`}` : undefined),
    );
  }
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(customers)
      .where(where)
      .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** POST /customersAuth/register: a customer record of the business (customers do not sign in). */
export async function createCustomer(ctx: Ctx, input: CreateCustomerInput): Promise<Customer> {
  const phone = normalizeKenyanPhone(input.phone)!;
  try {
    const [row] = await ctx.db
      .insert(customers)
      .values({
        businessId: ctx.businessId,
        name: input.name,
        phone,
        email: input.email ?? null,
        address: input.address ?? null,
        notes: input.notes ?? "",
        creditLimit: input.creditLimit ?? null,
        createdBy: ctx.user.details.username,
      })
      .returning();
    return toCustomer(row!);
  } catch (err) {
    if (isUniqueViolation(err, "customers_business_phone_key"))
      throw await duplicatePhone(ctx.db, ctx.businessId, phone);
    throw err;
  }
}

/** PUT /customers/{id}: the fields given change (a credit limit of null removes the limit). */
export async function updateCustomerRow(ctx: Ctx, id: string, input: UpdateCustomerInput): Promise<Row> {
  const phone = input.phone !== undefined ? normalizeKenyanPhone(input.phone)! : undefined;
  try {
    const [row] = await ctx.db
      .update(customers)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.creditLimit !== undefined ? { creditLimit: input.creditLimit } : {}),
        updatedAt: now(),
      })
      .where(and(eq(customers.businessId, ctx.businessId), eq(customers.id, id)))
      .returning();
    if (!row) throw notFound("Customer");
    return row;
  } catch (err) {
    if (phone && isUniqueViolation(err, "customers_business_phone_key"))
      throw await duplicatePhone(ctx.db, ctx.businessId, phone);
    throw err;
  }
}

/** Deletes a customer who never bought anything (flows/customer-accounts.ts decides). */
export async function eraseCustomer(tx: DbOrTx, businessId: string, id: string): Promise<void> {
  await tx.delete(customers).where(and(eq(customers.businessId, businessId), eq(customers.id, id)));
}

/** Archives a customer with sales: hidden from lists and the till, kept with their statement. */
export async function archiveCustomer(tx: DbOrTx, businessId: string, row: Row): Promise<Row> {
  const [archived] = await tx
    .update(customers)
    .set({ archivedAt: row.archivedAt ?? now(), updatedAt: now() })
    .where(and(eq(customers.businessId, businessId), eq(customers.id, row.id)))
    .returning();
  return archived!;
}

/** The business that owns a customer, for the tenancy guard. */
export async function businessIdOfCustomer(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: customers.businessId })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
