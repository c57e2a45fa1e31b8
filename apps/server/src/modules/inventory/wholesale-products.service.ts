import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type {
  CreateWholesaleProductInput,
  UpdateWholesaleProductInput,
  WholesaleProduct,
} from "@app/shared/inventory/wholesale-product";
import type { Db, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";
import { products } from "./products.table.ts";
import { wholesaleProducts } from "./wholesale-products.table.ts";

// The wholesale catalogue (issue 33): what the wholesale till sells. Its price is the product's
// wholesale price: each write here sets it, in one transaction, and the trigger of migration 0045
// keeps the catalogue in step with it (a product given a wholesale price elsewhere joins it).
// Writing the product also marks it changed for the till's catalog delta (change_xid).

const columns = {
  _id: wholesaleProducts.id,
  productId: wholesaleProducts.productId,
  name: products.name,
  unit: products.unit,
  sellingprice: products.sellingPrice,
  wholesalePrice: products.wholesalePrice,
  minQuantity: wholesaleProducts.minQuantity,
  quantity: products.quantity,
  createdAt: wholesaleProducts.createdAt,
};

/** The catalogue's rows joined to their products: live products only. */
async function select(db: Db | Tx, businessId: string, id?: string): Promise<WholesaleProduct[]> {
  const rows = await db
    .select(columns)
    .from(wholesaleProducts)
    .innerJoin(
      products,
      and(eq(products.businessId, wholesaleProducts.businessId), eq(products.id, wholesaleProducts.productId)),
    )
    .where(
      and(
        eq(wholesaleProducts.businessId, businessId),
        isNull(products.archivedAt),
        id ? eq(wholesaleProducts.id, id) : undefined,
      ),
    )
    .orderBy(sql`lower(${products.name})`, asc(wholesaleProducts.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The business's wholesale catalogue, by product name. */
export async function listWholesaleProducts(ctx: Ctx): Promise<WholesaleProduct[]> {
  return select(ctx.db, ctx.businessId);
}

/** Puts a live product of the business in the wholesale catalogue at its wholesale price; 409 when it is there already. */
export async function createWholesaleProduct(
  ctx: Ctx,
  input: Omit<CreateWholesaleProductInput, "businessId">,
): Promise<WholesaleProduct> {
  return transact(ctx.db, async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        and(eq(products.businessId, ctx.businessId), eq(products.id, input.productId), isNull(products.archivedAt)),
      )
      .for("update");
    if (!product)
      throw new AppError("VALIDATION_ERROR", "The product is not one of this business's", {
        productId: "Choose a product of this business",
      });
    const [already] = await tx
      .select({ id: wholesaleProducts.id })
      .from(wholesaleProducts)
      .where(and(eq(wholesaleProducts.businessId, ctx.businessId), eq(wholesaleProducts.productId, product.id)));
    if (already)
      throw conflict(`${product.name} is already in the wholesale catalogue`, {
        productId: "Already in the wholesale catalogue: change it there",
      });
    // The trigger adds the row as the price is set; then it takes the minimum and who added it.
    await tx
      .update(products)
      .set({ wholesalePrice: input.wholesalePrice, updatedAt: now() })
      .where(and(eq(products.businessId, ctx.businessId), eq(products.id, product.id)));
    const [row] = await tx
      .update(wholesaleProducts)
      .set({ minQuantity: input.minQuantity, createdBy: ctx.user.details.username })
      .where(and(eq(wholesaleProducts.businessId, ctx.businessId), eq(wholesaleProducts.productId, product.id)))
      .returning({ id: wholesaleProducts.id });
    return (await select(tx, ctx.businessId, row!.id))[0]!;
  });
}

/** The product of a catalogue row, locked; 404 when the business has no such row. */
async function productOf(tx: Tx, ctx: Ctx, id: string): Promise<string> {
  const [row] = await tx
    .select({ productId: wholesaleProducts.productId })
    .from(wholesaleProducts)
    .where(and(eq(wholesaleProducts.businessId, ctx.businessId), eq(wholesaleProducts.id, id)))
    .for("update");
  if (!row) throw notFound("Wholesale product");
  return row.productId;
}

/** Changes a wholesale product's price and minimum. */
export async function updateWholesaleProduct(
  ctx: Ctx,
  id: string,
  input: UpdateWholesaleProductInput,
): Promise<WholesaleProduct> {
  return transact(ctx.db, async (tx) => {
    const productId = await productOf(tx, ctx, id);
    await tx
      .update(products)
      .set({ wholesalePrice: input.wholesalePrice, updatedAt: now() })
      .where(and(eq(products.businessId, ctx.businessId), eq(products.id, productId)));
    await tx
      .update(wholesaleProducts)
      .set({ minQuantity: input.minQuantity, updatedAt: now() })
      .where(and(eq(wholesaleProducts.businessId, ctx.businessId), eq(wholesaleProducts.id, id)));
    const [out] = await select(tx, ctx.businessId, id);
    if (!out) throw notFound("Wholesale product");
    return out;
  });
}

/** Takes a product out of the wholesale catalogue: its wholesale price is cleared (the trigger removes the row). */
export async function deleteWholesaleProduct(ctx: Ctx, id: string): Promise<void> {
  await transact(ctx.db, async (tx) => {
    const productId = await productOf(tx, ctx, id);
    await tx
      .update(products)
      .set({ wholesalePrice: 0, updatedAt: now() })
      .where(and(eq(products.businessId, ctx.businessId), eq(products.id, productId)));
  });
}

export async function businessIdOfWholesaleProduct(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: wholesaleProducts.businessId })
    .from(wholesaleProducts)
    .where(eq(wholesaleProducts.id, id));
  return row?.businessId ?? null;
}
