import { and, asc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type {
  CreateCustomerInput,
  Customer,
  CustomerPage,
  CustomerStatement,
  ListCustomersQuery,
  UpdateCustomerInput,
} from "@app/shared/customers/customer";
import { formatKES } from "@app/shared/money/money";
import { buildStatement } from "@app/shared/money/statement";
import { displayKenyanPhone, normalizeKenyanPhone, phoneSearchDigits } from "@app/shared/phone/phone";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound, type AppError } from "../../platform/errors.ts";
import { renderStatementPdf } from "../../platform/statement-pdf.ts";
import { customerSalesSummaries, customerStatementEntries, type CustomerSalesSummary } from "../sales/sales.public.ts";
import { customers } from "./customers.table.ts";

type Row = typeof customers.$inferSelect;
const NO_SALES: CustomerSalesSummary = { balance: 0, lastPurchaseAt: null, sales: 0 };

function toCustomer(r: Row, s: CustomerSalesSummary = NO_SALES): Customer {
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers with what they owe and their last purchase (one query for the whole list). */
async function withSales(db: DbOrTx, businessId: string, rows: Row[]): Promise<Customer[]> {
  const summaries = await customerSalesSummaries(
    db,
    businessId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCustomer(r, summaries.get(r.id)));
}

async function findRow(db: DbOrTx, businessId: string, id: string, lock = false): Promise<Row> {
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

/** GET /customers: live customers by name, searched by name or phone, a page at a time. */
export async function listCustomers(ctx: Ctx, q: ListCustomersQuery): Promise<CustomerPage> {
  const filters: (SQL | undefined)[] = [eq(customers.businessId, ctx.businessId)];
  if (q.archived !== "true") filters.push(isNull(customers.archivedAt));
  if (q.q) {
    const digits = phoneSearchDigits(q.q);
    filters.push(
      or(
        ilike(customers.name, `%${escapeLike(q.q)}%`),
        digits ? sql`${customers.phone} LIKE ${`%${digits}%`}` : undefined,
      ),
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
      .offset(q.page * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(where),
  ]);
  return { items: await withSales(ctx.db, ctx.businessId, rows), total: count?.n ?? 0 };
}

/** GET /customers/{id}. */
export async function getCustomer(ctx: Ctx, id: string): Promise<Customer> {
  const [customer] = await withSales(ctx.db, ctx.businessId, [await findRow(ctx.db, ctx.businessId, id)]);
  return customer!;
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
export async function updateCustomer(ctx: Ctx, id: string, input: UpdateCustomerInput): Promise<Customer> {
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
        updatedAt: new Date(),
      })
      .where(and(eq(customers.businessId, ctx.businessId), eq(customers.id, id)))
      .returning();
    if (!row) throw notFound("Customer");
    const [customer] = await withSales(ctx.db, ctx.businessId, [row]);
    return customer!;
  } catch (err) {
    if (phone && isUniqueViolation(err, "customers_business_phone_key"))
      throw await duplicatePhone(ctx.db, ctx.businessId, phone);
    throw err;
  }
}

/**
 * DELETE /customers/{id}: a customer who never bought anything is deleted; one with sales is
 * archived (hidden from lists and the till, kept with their statement). The row is locked, so a
 * sale linking the customer at the same moment waits, and then finds them gone or archived.
 */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<{ deleted: boolean; customer: Customer }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, ctx.businessId, id, true);
    const summary = (await customerSalesSummaries(tx, ctx.businessId, [id])).get(id) ?? NO_SALES;
    if (summary.sales === 0) {
      await tx.delete(customers).where(and(eq(customers.businessId, ctx.businessId), eq(customers.id, id)));
      return { deleted: true, customer: toCustomer(row) };
    }
    const [archived] = await tx
      .update(customers)
      .set({ archivedAt: row.archivedAt ?? new Date(), updatedAt: new Date() })
      .where(and(eq(customers.businessId, ctx.businessId), eq(customers.id, id)))
      .returning();
    return { deleted: false, customer: toCustomer(archived!, summary) };
  });
}

/** GET /customers/{id}/statement: every credit sale and payment, oldest first, with the running balance. */
export async function customerStatement(ctx: Ctx, id: string): Promise<CustomerStatement> {
  const customer = await getCustomer(ctx, id);
  const entries = await customerStatementEntries(ctx.db, ctx.businessId, id);
  return { customer, ...buildStatement(entries) };
}

/** The statement as a PDF, with a file name made of the customer's name. */
export async function customerStatementPdf(ctx: Ctx, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { customer, ...statement } = await customerStatement(ctx, id);
  const pdf = await renderStatementPdf({
    businessName: ctx.business.name,
    title: "Customer statement",
    party: [
      customer.name,
      `Phone: ${customer.phone}`,
      ...(customer.creditLimit !== null ? [`Credit limit: ${formatKES(customer.creditLimit)}`] : []),
    ],
    statement,
    timeZone: ctx.business.timeZone,
    balanceLabel: "Amount owed by the customer",
  });
  const slug = customer.name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "customer";
  return { fileName: `statement-${slug}.pdf`, pdf };
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
