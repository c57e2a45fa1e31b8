// A customer's account: their record (customers) with what their sales say of them (sales): what
// they owe, their last purchase, their statement, whether they may be deleted. The sales module
// names customers, so customers cannot read sales: the two meet here (flows/README.md).
import type {
  Customer,
  CustomerPage,
  CustomerStatement,
  ListCustomersQuery,
  UpdateCustomerInput,
} from "@app/shared/customers/customer";
import { formatKES } from "@app/shared/money/money";
import { buildStatement } from "@app/shared/money/statement";
import type { DbOrTx } from "../db/client.ts";
import type { Ctx } from "../platform/context.ts";
import { renderStatementPdf } from "../platform/statement-pdf.ts";
import {
  archiveCustomer,
  customerRowsPage,
  eraseCustomer,
  findCustomerRow,
  NO_SALES,
  toCustomer,
  updateCustomerRow,
  type CustomerRow,
} from "../modules/customers/customers.public.ts";
import { customerSalesSummaries, customerStatementEntries } from "../modules/sales/sales.public.ts";
import { transact } from "../platform/retry.ts";

/** Customers with what they owe and their last purchase (one query for the whole list). */
async function withSales(db: DbOrTx, businessId: string, rows: CustomerRow[]): Promise<Customer[]> {
  const summaries = await customerSalesSummaries(
    db,
    businessId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCustomer(r, summaries.get(r.id)));
}

/** GET /customers: live customers by name, searched by name or phone, a page at a time. */
export async function listCustomers(ctx: Ctx, q: ListCustomersQuery): Promise<CustomerPage> {
  const { rows, total } = await customerRowsPage(ctx, q);
  return { items: await withSales(ctx.db, ctx.businessId, rows), total };
}

/** GET /customers/{id}. */
export async function getCustomer(ctx: Ctx, id: string): Promise<Customer> {
  const [customer] = await withSales(ctx.db, ctx.businessId, [await findCustomerRow(ctx.db, ctx.businessId, id)]);
  return customer!;
}

/** PUT /customers/{id}: the changed record, with what they owe. */
export async function updateCustomer(ctx: Ctx, id: string, input: UpdateCustomerInput): Promise<Customer> {
  const [customer] = await withSales(ctx.db, ctx.businessId, [await updateCustomerRow(ctx, id, input)]);
  return customer!;
}

/**
 * DELETE /customers/{id}: a customer who never bought anything is deleted; one with sales is
 * archived (hidden from lists and the till, kept with their statement). The row is locked, so a
 * sale linking the customer at the same moment waits, and then finds them gone or archived.
 */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<{ deleted: boolean; customer: Customer }> {
  return transact(ctx.db, async (tx) => {
    const row = await findCustomerRow(tx, ctx.businessId, id, true);
    const summary = (await customerSalesSummaries(tx, ctx.businessId, [id])).get(id) ?? NO_SALES;
    if (summary.sales === 0) {
      await eraseCustomer(tx, ctx.businessId, id);
      return { deleted: true, customer: toCustomer(row) };
    }
    return { deleted: false, customer: toCustomer(await archiveCustomer(tx, ctx.businessId, row), summary) };
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
