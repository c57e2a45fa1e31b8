import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type {
  CreateProductInput,
  ListProductsQuery,
  Product,
  ProductPage,
  UpdateProductInput,
} from "@app/shared/inventory/product";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { categories, subcategories } from "./categories.table.ts";
import { products, productSearchText, stockMovements } from "./products.table.ts";
import { applyStockChange } from "./stock-ledger.ts";
import { now } from "../../platform/clock.ts";
import { containing } from "../../platform/search.ts";
import { offsetOf } from "../../platform/paging.ts";
import { transact } from "../../platform/retry.ts";

export type ProductRow = typeof products.$inferSelect;

export function toProduct(p: ProductRow): Product {
  return {
    _id: p.id,
    business: p.businessId,
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    categoryId: p.categoryId,
    subcategoryId: p.subcategoryId,
    unit: p.unit,
    buyingPrice: p.buyingPrice,
    sellingprice: p.sellingPrice,
    wholesalePrice: p.wholesalePrice,
    quantity: p.quantity,
    reorderLevel: p.reorderLevel,
    image: p.image,
    description: p.description,
    taxType: p.taxType,
    etimsItemClass: p.etimsItemClass,
    etimsItemType: p.etimsItemType,
    etimsOrigin: p.etimsOrigin,
    etimsPackagingUnit: p.etimsPackagingUnit,
    etimsQuantityUnit: p.etimsQuantityUnit,
    etimsItemCode: p.etimsItemCode,
    etimsRegistered: p.etimsRegisteredAt !== null,
    etimsError: p.etimsError,
    active: p.active,
    archived: p.archivedAt !== null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** One page of a business's products, searched, filtered and sorted in SQL (indexed). */
export async function listProducts(ctx: Ctx, q: ListProductsQuery): Promise<ProductPage> {
  const where: SQL[] = [eq(products.businessId, ctx.businessId)];
  if (!q.includeArchived) where.push(isNull(products.archivedAt));
  if (q.search) where.push(sql`${productSearchText(products)} LIKE ${containing(q.search.toLowerCase())}`);
  if (q.categoryId) where.push(eq(products.categoryId, q.categoryId));
  if (q.stockStatus === "out") where.push(sql`${products.quantity} <= 0`);
  if (q.stockStatus === "low")
    where.push(
      sql`${products.quantity} > 0 AND ${products.reorderLevel} > 0 AND ${products.quantity} <= ${products.reorderLevel}`,
    );
  if (q.stockStatus === "in")
    where.push(
      sql`${products.quantity} > 0 AND (${products.reorderLevel} = 0 OR ${products.quantity} > ${products.reorderLevel})`,
    );
  const dir = q.order === "desc" ? desc : asc;
  const sortColumn = {
    name: sql`lower(${products.name})`,
    quantity: products.quantity,
    sellingprice: products.sellingPrice,
    updatedAt: products.updatedAt,
  }[q.sort];
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(products)
      .where(condition)
      .orderBy(dir(sortColumn), dir(products.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(condition),
  ]);
  return { items: rows.map(toProduct), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findProductRow(db: DbOrTx, businessId: string, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.businessId, businessId), eq(products.id, id)));
  return row ?? null;
}

export async function getProduct(ctx: Ctx, id: string): Promise<Product> {
  const row = await findProductRow(ctx.db, ctx.businessId, id);
  if (!row) throw notFound("Product");
  return toProduct(row);
}

/** Checks that a category and subcategory belong to this business and to each other. */
async function resolveCategory(
  db: DbOrTx,
  businessId: string,
  categoryId: string | null | undefined,
  subcategoryId: string | null | undefined,
) {
  if (subcategoryId) {
    const [sub] = await db
      .select()
      .from(subcategories)
      .where(and(eq(subcategories.businessId, businessId), eq(subcategories.id, subcategoryId)));
    if (!sub)
      throw new AppError("VALIDATION_ERROR", "Invalid input: subcategoryId", { subcategoryId: "No such subcategory" });
    if (categoryId && categoryId !== sub.categoryId)
      throw new AppError("VALIDATION_ERROR", "Invalid input: subcategoryId", {
        subcategoryId: "That subcategory belongs to another category",
      });
    return { categoryId: sub.categoryId, subcategoryId };
  }
  if (categoryId) {
    const [cat] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), eq(categories.id, categoryId)));
    if (!cat) throw new AppError("VALIDATION_ERROR", "Invalid input: categoryId", { categoryId: "No such category" });
  }
  return { categoryId: categoryId ?? null, subcategoryId: null };
}

/** Turns a lost race on SKU or barcode uniqueness into a 409 naming the field. */
export function duplicateCodeError(err: unknown): AppError | null {
  if (isUniqueViolation(err, "products_business_sku_key"))
    return conflict("Another product already has that SKU", { sku: "Already used by another product" });
  if (isUniqueViolation(err, "products_business_barcode_key"))
    return conflict("Another product already has that barcode", { barcode: "Already used by another product" });
  return null;
}

/** Creates a product; an opening quantity enters the ledger as an adjustment. */
export async function createProduct(ctx: Ctx, input: CreateProductInput): Promise<Product> {
  try {
    return await transact(ctx.db, async (tx) => {
      const cat = await resolveCategory(tx, ctx.businessId, input.categoryId, input.subcategoryId);
      const { businessId: _b, quantity, sellingprice, ...rest } = input;
      const [row] = await tx
        .insert(products)
        .values({
          ...rest,
          ...cat,
          sku: input.sku ?? null,
          barcode: input.barcode ?? null,
          sellingPrice: sellingprice,
          businessId: ctx.businessId,
          quantity: 0,
        })
        .returning();
      if (quantity > 0)
        await applyStockChange(
          tx,
          {
            businessId: ctx.businessId,
            productId: row!.id,
            delta: quantity,
            reason: "adjustment",
            note: "Opening stock",
          },
          ctx.user,
        );
      return toProduct((await findProductRow(tx, ctx.businessId, row!.id))!);
    });
  } catch (err) {
    throw duplicateCodeError(err) ?? err;
  }
}

export async function updateProduct(ctx: Ctx, id: string, input: UpdateProductInput): Promise<Product> {
  try {
    return await transact(ctx.db, async (tx) => {
      const current = await findProductRow(tx, ctx.businessId, id);
      if (!current) throw notFound("Product");
      const touchesCategory = input.categoryId !== undefined || input.subcategoryId !== undefined;
      const cat = touchesCategory
        ? await resolveCategory(
            tx,
            ctx.businessId,
            input.categoryId !== undefined ? input.categoryId : current.categoryId,
            input.subcategoryId,
          )
        : {};
      const { sellingprice, ...rest } = input;
      const [row] = await tx
        .update(products)
        .set({
          ...rest,
          ...cat,
          ...(sellingprice !== undefined ? { sellingPrice: sellingprice } : {}),
          updatedAt: now(),
        })
        .where(and(eq(products.businessId, ctx.businessId), eq(products.id, id)))
        .returning();
      return toProduct(row!);
    });
  } catch (err) {
    throw duplicateCodeError(err) ?? err;
  }
}

/** Deletes a product, or archives it when it has sales (its history must stay readable). */
export async function deleteProduct(ctx: Ctx, id: string): Promise<{ archived: boolean }> {
  return transact(ctx.db, async (tx) => {
    const current = await findProductRow(tx, ctx.businessId, id);
    if (!current) throw notFound("Product");
    const [sold] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.businessId, ctx.businessId),
          eq(stockMovements.productId, id),
          eq(stockMovements.reason, "sale"),
        ),
      )
      .limit(1);
    if (sold) {
      await tx
        .update(products)
        .set({ archivedAt: now(), active: false, updatedAt: now() })
        .where(and(eq(products.businessId, ctx.businessId), eq(products.id, id)));
      return { archived: true };
    }
    await tx.delete(products).where(and(eq(products.businessId, ctx.businessId), eq(products.id, id)));
    return { archived: false };
  });
}

/** The business of a product, for the tenancy guard of /products/{id} routes. */
export async function businessIdOfProduct(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: products.businessId }).from(products).where(eq(products.id, id));
  return row?.businessId ?? null;
}
