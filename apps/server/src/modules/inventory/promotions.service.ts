import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CreatePromotionInput, Promotion, UpdatePromotionInput } from "@app/shared/pos/promotion-schema";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { now } from "../../platform/clock.ts";
import { products } from "./products.table.ts";
import { promotions } from "./promotions.table.ts";

// Promotions the owner defines (issue 31 item 2): the owner's list and the sale's re-check. The
// rules that apply them are packages/shared/src/pos/promotions.ts.

type Row = typeof promotions.$inferSelect;
type Fields = Omit<CreatePromotionInput, "businessId">;

const toPromotion = (r: Row, names: ReadonlyMap<string, string>): Promotion => ({
  _id: r.id,
  name: r.name,
  kind: r.kind,
  productIds: r.productIds,
  productNames: r.productIds.flatMap((id) => names.get(id) ?? []),
  unitPrice: r.unitPrice,
  buyQuantity: r.buyQuantity,
  freeQuantity: r.freeQuantity,
  breakQuantity: r.breakQuantity,
  breakAmount: r.breakAmount,
  startsAt: r.startsAt?.toISOString() ?? null,
  endsAt: r.endsAt?.toISOString() ?? null,
  days: r.days,
  dailyFrom: r.dailyFrom,
  dailyTo: r.dailyTo,
  active: r.active,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** Only the values of its kind are kept; the others are cleared. */
function columnsOf(input: Fields) {
  const k = input.kind;
  return {
    name: input.name,
    kind: k,
    productIds: [...new Set(input.productIds)],
    unitPrice: k === "price" ? (input.unitPrice ?? null) : null,
    buyQuantity: k === "buyXgetY" ? (input.buyQuantity ?? null) : null,
    freeQuantity: k === "buyXgetY" ? (input.freeQuantity ?? null) : null,
    breakQuantity: k === "quantityBreak" ? (input.breakQuantity ?? null) : null,
    breakAmount: k === "quantityBreak" ? (input.breakAmount ?? null) : null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    days: input.days,
    dailyFrom: input.dailyFrom ?? null,
    dailyTo: input.dailyTo ?? null,
    active: input.active,
  };
}

/** The names of the products these promotions name, for the owner's list. */
async function namesOf(db: Db | Tx, businessId: string, rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => r.productIds))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  return new Map(found.map((p) => [p.id, p.name]));
}

/** Promotions with their products' names. */
const withNames = async (db: Db | Tx, businessId: string, rows: Row[]) => {
  const names = await namesOf(db, businessId, rows);
  return rows.map((r) => toPromotion(r, names));
};

/** 400 naming productIds when one is not a live product of this business. */
async function checkProducts(ctx: Ctx, ids: readonly string[]): Promise<void> {
  const found = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, ctx.businessId), inArray(products.id, [...ids]), isNull(products.archivedAt)));
  if (found.length < new Set(ids).size)
    throw new AppError("VALIDATION_ERROR", "A product is not one of this business's", {
      productIds: "Choose products of this business",
    });
}

/** The business's promotions, newest first. */
export async function listPromotions(ctx: Ctx): Promise<Promotion[]> {
  const rows = await ctx.db
    .select()
    .from(promotions)
    .where(eq(promotions.businessId, ctx.businessId))
    .orderBy(sql`${promotions.createdAt} DESC`, asc(promotions.id));
  return withNames(ctx.db, ctx.businessId, rows);
}

/** Creates a promotion of the business's products. */
export async function createPromotion(ctx: Ctx, input: Fields): Promise<Promotion> {
  await checkProducts(ctx, input.productIds);
  const [row] = await ctx.db
    .insert(promotions)
    .values({ businessId: ctx.businessId, ...columnsOf(input), createdBy: ctx.user.details.username })
    .returning();
  return (await withNames(ctx.db, ctx.businessId, [row!]))[0]!;
}

/** Replaces a promotion's values; 404 when the business has no such promotion. */
export async function updatePromotion(ctx: Ctx, id: string, input: UpdatePromotionInput): Promise<Promotion> {
  await checkProducts(ctx, input.productIds);
  const [row] = await ctx.db
    .update(promotions)
    .set({ ...columnsOf(input), updatedAt: now() })
    .where(and(eq(promotions.businessId, ctx.businessId), eq(promotions.id, id)))
    .returning();
  if (!row) throw notFound("Promotion");
  return (await withNames(ctx.db, ctx.businessId, [row]))[0]!;
}

/** Deletes a promotion (sales made under it keep its name on their lines). */
export async function deletePromotion(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(promotions)
    .where(and(eq(promotions.businessId, ctx.businessId), eq(promotions.id, id)))
    .returning({ id: promotions.id });
  if (!deleted.length) throw notFound("Promotion");
}

/** The active promotions naming any of these products: what a sale re-checks, in its transaction. */
export async function promotionsForProducts(
  tx: Db | Tx,
  businessId: string,
  productIds: string[],
): Promise<Promotion[]> {
  if (!productIds.length) return [];
  const rows = await tx
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.businessId, businessId),
        eq(promotions.active, true),
        sql`${promotions.productIds} && ${sql.param(productIds)}::uuid[]`,
      ),
    );
  return rows.map((r) => toPromotion(r, new Map()));
}

export async function businessIdOfPromotion(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: promotions.businessId }).from(promotions).where(eq(promotions.id, id));
  return row?.businessId ?? null;
}
