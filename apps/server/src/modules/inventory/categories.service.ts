import { and, asc, eq, sql } from "drizzle-orm";
import type { Category, Subcategory } from "@app/shared/inventory/category";
import type { Product } from "@app/shared/inventory/product";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { products } from "./products.table.ts";
import { updateProduct } from "./products.service.ts";
import { categories, subcategories } from "./categories.table.ts";
import { now } from "../../platform/clock.ts";

const nameTaken = () => conflict("That name is already used", { name: "Already used" });

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/** The business's categories with their subcategories and product counts. */
export async function listCategories(ctx: Ctx): Promise<Category[]> {
  const [cats, subs, counts] = await Promise.all([
    ctx.db
      .select()
      .from(categories)
      .where(eq(categories.businessId, ctx.businessId))
      .orderBy(asc(sql`lower(${categories.name})`)),
    ctx.db
      .select()
      .from(subcategories)
      .where(eq(subcategories.businessId, ctx.businessId))
      .orderBy(asc(sql`lower(${subcategories.name})`)),
    ctx.db
      .select({ categoryId: products.categoryId, n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.businessId, ctx.businessId), sql`${products.archivedAt} IS NULL`))
      .groupBy(products.categoryId),
  ]);
  const countOf = new Map(counts.map((c) => [c.categoryId, c.n]));
  return cats.map((c) => ({
    _id: c.id,
    name: c.name,
    subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => ({ _id: s.id, name: s.name })),
    productCount: countOf.get(c.id) ?? 0,
    createdAt: c.createdAt.toISOString(),
  }));
}

async function getCategory(ctx: Ctx, id: string): Promise<Category> {
  const found = (await listCategories(ctx)).find((c) => c._id === id);
  if (!found) throw notFound("Category");
  return found;
}

export async function createCategory(ctx: Ctx, name: string): Promise<Category> {
  const [row] = await withUniqueName(() =>
    ctx.db.insert(categories).values({ businessId: ctx.businessId, name }).returning(),
  );
  return { _id: row!.id, name: row!.name, subcategories: [], productCount: 0, createdAt: row!.createdAt.toISOString() };
}

export async function renameCategory(ctx: Ctx, id: string, name: string): Promise<Category> {
  const [row] = await withUniqueName(() =>
    ctx.db
      .update(categories)
      .set({ name })
      .where(and(eq(categories.businessId, ctx.businessId), eq(categories.id, id)))
      .returning(),
  );
  if (!row) throw notFound("Category");
  return getCategory(ctx, id);
}

/** Deletes a category and its subcategories; its products stay, uncategorised. */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ categoryId: null, subcategoryId: null, updatedAt: now() })
      .where(and(eq(products.businessId, ctx.businessId), eq(products.categoryId, id)));
    const deleted = await tx
      .delete(categories)
      .where(and(eq(categories.businessId, ctx.businessId), eq(categories.id, id)))
      .returning({ id: categories.id });
    if (!deleted.length) throw notFound("Category");
  });
}

export async function createSubcategory(
  ctx: Ctx,
  categoryId: string,
  name: string,
): Promise<{ subcategory: Subcategory; category: Category }> {
  const [row] = await withUniqueName(() =>
    ctx.db.insert(subcategories).values({ businessId: ctx.businessId, categoryId, name }).returning(),
  );
  return { subcategory: { _id: row!.id, name: row!.name }, category: await getCategory(ctx, categoryId) };
}

export async function renameSubcategory(ctx: Ctx, categoryId: string, subId: string, name: string): Promise<Category> {
  const [row] = await withUniqueName(() =>
    ctx.db
      .update(subcategories)
      .set({ name })
      .where(
        and(
          eq(subcategories.businessId, ctx.businessId),
          eq(subcategories.categoryId, categoryId),
          eq(subcategories.id, subId),
        ),
      )
      .returning(),
  );
  if (!row) throw notFound("Subcategory");
  return getCategory(ctx, categoryId);
}

/** Deletes a subcategory; its products stay in the category. */
export async function deleteSubcategory(ctx: Ctx, categoryId: string, subId: string): Promise<Category> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ subcategoryId: null, updatedAt: now() })
      .where(and(eq(products.businessId, ctx.businessId), eq(products.subcategoryId, subId)));
    const deleted = await tx
      .delete(subcategories)
      .where(
        and(
          eq(subcategories.businessId, ctx.businessId),
          eq(subcategories.categoryId, categoryId),
          eq(subcategories.id, subId),
        ),
      )
      .returning({ id: subcategories.id });
    if (!deleted.length) throw notFound("Subcategory");
  });
  return getCategory(ctx, categoryId);
}

/** Moves a product into a subcategory (and so into that subcategory's category); 404 for an unknown subcategory. */
export async function moveProductToSubcategory(ctx: Ctx, productId: string, subId: string): Promise<Product> {
  const [sub] = await ctx.db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.businessId, ctx.businessId), eq(subcategories.id, subId)));
  if (!sub) throw notFound("Subcategory");
  return updateProduct(ctx, productId, { categoryId: null, subcategoryId: subId });
}

export async function businessIdOfCategory(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: categories.businessId }).from(categories).where(eq(categories.id, id));
  return row?.businessId ?? null;
}
