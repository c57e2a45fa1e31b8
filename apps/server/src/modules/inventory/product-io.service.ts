import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { findDuplicateCodes, productsToCsv, type CsvProblem } from "@app/shared/inventory/product-csv";
import type { z } from "zod";
import type { importProductsInputSchema } from "@app/shared/inventory/product-csv";
import type { Product } from "@app/shared/inventory/product";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { sniffImageType, type FileStorage } from "../../platform/files.ts";
import { categories, subcategories } from "./categories.table.ts";
import { findProductRow, toProduct } from "./products.service.ts";
import { products, stockMovements } from "./products.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

type ImportRows = z.output<typeof importProductsInputSchema>["rows"];

const FILES_URL = "/api/files/";
const fileKeyOf = (image: string | null) => (image?.startsWith(FILES_URL) ? image.slice(FILES_URL.length) : null);

/** Deletes an image's stored file, if it is one of ours; a file already gone is fine. */
async function removeStoredImage(files: FileStorage, image: string | null): Promise<void> {
  const key = fileKeyOf(image);
  if (key) await files.remove(key).catch(() => undefined);
}

/**
 * A copy of a product's image for another business (a transfer or catalog copy creating the
 * product there): each business owns its files, so replacing or removing the image at one
 * never breaks the other's. Null when the file is gone.
 */
export async function copyProductImage(
  files: FileStorage,
  image: string | null,
  toBusinessId: string,
): Promise<string | null> {
  const key = fileKeyOf(image);
  if (!key) return image;
  const copy = `products/${toBusinessId}/${randomUUID()}.${key.split(".").pop()}`;
  return files.copy(key, copy).then(
    () => `${FILES_URL}${copy}`,
    () => null,
  );
}

/** Stores an uploaded image (JPEG, PNG or WebP, checked by content) and points the product at it. */
export async function setProductImage(ctx: Ctx, files: FileStorage, productId: string, data: Buffer): Promise<Product> {
  const type = sniffImageType(data);
  if (!type)
    throw new AppError("VALIDATION_ERROR", "The image must be a JPEG, PNG or WebP file", {
      image: "Not a JPEG, PNG or WebP image",
    });
  const current = await findProductRow(ctx.db, ctx.businessId, productId);
  if (!current) throw notFound("Product");
  const key = `products/${ctx.businessId}/${randomUUID()}.${type.ext}`;
  await files.put(key, data);
  const [row] = await ctx.db
    .update(products)
    .set({ image: `${FILES_URL}${key}`, updatedAt: now() })
    .where(and(eq(products.businessId, ctx.businessId), eq(products.id, productId)))
    .returning();
  await removeStoredImage(files, current.image);
  return toProduct(row!);
}

/** Removes a product's image and deletes its file. */
export async function removeProductImage(ctx: Ctx, files: FileStorage, productId: string): Promise<Product> {
  const current = await findProductRow(ctx.db, ctx.businessId, productId);
  if (!current) throw notFound("Product");
  const [row] = await ctx.db
    .update(products)
    .set({ image: null, updatedAt: now() })
    .where(and(eq(products.businessId, ctx.businessId), eq(products.id, productId)))
    .returning();
  await removeStoredImage(files, current.image);
  return toProduct(row!);
}

/** Finds or creates the categories and subcategories an import names, returning their ids by name. */
async function categoryIdsByName(
  ctx: Ctx,
  tx: Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0],
  rows: ImportRows,
) {
  const ids = new Map<string, { id: string; subs: Map<string, string> }>();
  const existing = await tx.select().from(categories).where(eq(categories.businessId, ctx.businessId));
  const existingSubs = await tx.select().from(subcategories).where(eq(subcategories.businessId, ctx.businessId));
  for (const c of existing)
    ids.set(c.name.toLowerCase(), {
      id: c.id,
      subs: new Map(existingSubs.filter((s) => s.categoryId === c.id).map((s) => [s.name.toLowerCase(), s.id])),
    });
  for (const row of rows) {
    if (!row.category) continue;
    let cat = ids.get(row.category.toLowerCase());
    if (!cat) {
      const [created] = await tx
        .insert(categories)
        .values({ businessId: ctx.businessId, name: row.category })
        .returning();
      cat = { id: created!.id, subs: new Map() };
      ids.set(row.category.toLowerCase(), cat);
    }
    if (row.subcategory && !cat.subs.has(row.subcategory.toLowerCase())) {
      const [sub] = await tx
        .insert(subcategories)
        .values({ businessId: ctx.businessId, categoryId: cat.id, name: row.subcategory })
        .returning();
      cat.subs.set(row.subcategory.toLowerCase(), sub!.id);
    }
  }
  return ids;
}

/**
 * Imports products all or nothing: codes already used in the business or twice in the file
 * are reported by line, and then nothing is written. Quantities enter the ledger.
 */
export async function importProducts(ctx: Ctx, rows: ImportRows): Promise<{ created: number }> {
  const problems: CsvProblem[] = findDuplicateCodes(rows);
  const taken = await ctx.db
    .select({ sku: products.sku, barcode: products.barcode })
    .from(products)
    .where(
      and(
        eq(products.businessId, ctx.businessId),
        sql`(${products.sku} IS NOT NULL OR ${products.barcode} IS NOT NULL)`,
      ),
    );
  const skus = new Set(taken.map((t) => t.sku).filter(Boolean));
  const barcodes = new Set(taken.map((t) => t.barcode).filter(Boolean));
  rows.forEach((row, i) => {
    if (row.sku && skus.has(row.sku))
      problems.push({ line: i + 2, field: "sku", message: `SKU ${row.sku} is already used by a product` });
    if (row.barcode && barcodes.has(row.barcode))
      problems.push({ line: i + 2, field: "barcode", message: `Barcode ${row.barcode} is already used by a product` });
  });
  if (problems.length) {
    const fields = Object.fromEntries(problems.slice(0, 200).map((p) => [`line ${p.line}.${p.field}`, p.message]));
    throw new AppError("VALIDATION_ERROR", `${problems.length} problem(s) in the file; nothing was imported`, fields);
  }
  return transact(ctx.db, async (tx) => {
    const cats = await categoryIdsByName(ctx, tx, rows);
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const inserted = await tx
        .insert(products)
        .values(
          chunk.map((r) => {
            const cat = r.category ? cats.get(r.category.toLowerCase()) : undefined;
            return {
              businessId: ctx.businessId,
              name: r.name,
              sku: r.sku,
              barcode: r.barcode,
              categoryId: cat?.id ?? null,
              subcategoryId: (r.subcategory && cat?.subs.get(r.subcategory.toLowerCase())) || null,
              unit: r.unit,
              buyingPrice: r.buyingPrice,
              sellingPrice: r.sellingPrice,
              wholesalePrice: r.wholesalePrice,
              reorderLevel: r.reorderLevel,
              description: r.description,
              quantity: r.quantity,
              // With all five, the database queues the product for KRA (migration 0034's trigger).
              etimsItemClass: r.etimsItemClass,
              etimsItemType: r.etimsItemType,
              etimsOrigin: r.etimsOrigin,
              etimsPackagingUnit: r.etimsPackagingUnit,
              etimsQuantityUnit: r.etimsQuantityUnit,
            };
          }),
        )
        .returning({ id: products.id, quantity: products.quantity });
      // The opening stock enters the ledger in the same transaction, one movement per product.
      const opening = inserted.filter((p) => p.quantity > 0);
      if (opening.length) {
        await tx.insert(stockMovements).values(
          opening.map((p) => ({
            businessId: ctx.businessId,
            productId: p.id,
            delta: p.quantity,
            quantityAfter: p.quantity,
            reason: "adjustment" as const,
            note: "Imported opening stock",
            actorKind: ctx.user.kind,
            actorId: ctx.user.userId,
            actorName: ctx.user.details.username,
          })),
        );
      }
    }
    return { created: rows.length };
  });
}

/** Every live product of the business as CSV, in the columns the import reads. */
export async function exportProducts(ctx: Ctx): Promise<string> {
  const rows = await ctx.db
    .select({ product: products, categoryName: categories.name, subcategoryName: subcategories.name })
    .from(products)
    .leftJoin(categories, and(eq(categories.businessId, products.businessId), eq(categories.id, products.categoryId)))
    .leftJoin(
      subcategories,
      and(eq(subcategories.businessId, products.businessId), eq(subcategories.id, products.subcategoryId)),
    )
    .where(and(eq(products.businessId, ctx.businessId), isNull(products.archivedAt)))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
  return productsToCsv(
    rows.map((r) => ({ ...toProduct(r.product), categoryName: r.categoryName, subcategoryName: r.subcategoryName })),
  );
}
