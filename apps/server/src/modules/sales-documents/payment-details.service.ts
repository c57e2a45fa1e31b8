import { and, asc, eq } from "drizzle-orm";
import type { CreatePaymentDetailInput, PaymentDetail } from "@app/shared/sales-documents/payment-detail";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { paymentDetails } from "./sales-documents.table.ts";

type Row = typeof paymentDetails.$inferSelect;

const toDetail = (r: Row): PaymentDetail => ({
  _id: r.id,
  businessId: r.businessId,
  method: r.method,
  details: r.details,
  createdAt: r.createdAt.toISOString(),
});

/** The business's payment details, oldest first (the order they print in). */
export async function listPaymentDetails(db: DbOrTx, businessId: string): Promise<PaymentDetail[]> {
  const rows = await db
    .select()
    .from(paymentDetails)
    .where(eq(paymentDetails.businessId, businessId))
    .orderBy(asc(paymentDetails.createdAt), asc(paymentDetails.id));
  return rows.map(toDetail);
}

export async function createPaymentDetail(ctx: Ctx, input: CreatePaymentDetailInput): Promise<PaymentDetail> {
  const [row] = await ctx.db
    .insert(paymentDetails)
    .values({ businessId: ctx.businessId, method: input.method, details: input.details })
    .returning();
  return toDetail(row!);
}

export async function deletePaymentDetail(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const [row] = await ctx.db
    .delete(paymentDetails)
    .where(and(eq(paymentDetails.businessId, ctx.businessId), eq(paymentDetails.id, id)))
    .returning({ id: paymentDetails.id });
  if (!row) throw notFound("Payment detail");
  return { deleted: true };
}

export async function businessIdOfPaymentDetail(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: paymentDetails.businessId })
    .from(paymentDetails)
    .where(eq(paymentDetails.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
