import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { BusinessPairInput, Transfer, TransferProductsInput } from "@app/shared/inventory/transfer";
import { mayUseArea } from "@app/shared/permissions/areas";
import type { Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, forbidden } from "../../platform/errors.ts";
import { fingerprintOf, runIdempotent } from "../../platform/idempotency.ts";
import { businesses } from "../businesses/businesses.public.ts";
import { products } from "./products.table.ts";
import { applyStockChange } from "./stock-ledger.ts";
import { copyProductImage } from "./product-io.service.ts";
import type { FileStorage } from "../../platform/files.ts";
import { stockTransfers, type TransferLine } from "./transfers.table.ts";
import { now } from "../../platform/clock.ts";
import { toTransfer } from "./transfer-log.service.ts";

type ProductRow = typeof products.$inferSelect;
type Kind = Transfer["kind"];
type Wanted = { productId: string; quantity: number }[];

/**
 * The destination must be an active business of the source's owner. The guard has checked that
 * the caller acts for the source: its owner, an employee of it (handleTransfer moves stock
 * between the owner's businesses), or support, who may not join two owners' stock.
 */
async function destinationOf(ctx: Ctx, toBusinessId: string) {
  const [to] = await ctx.db.select().from(businesses).where(eq(businesses.id, toBusinessId));
  if (!to || to.deletedAt || to.ownerId !== ctx.business.ownerId)
    throw forbidden("You can only transfer to another business of the same owner");
  if (!to.accountActive) throw new AppError("ACCOUNT_INACTIVE", `${to.name} is inactive; stock cannot be moved there`);
  // Whether the business has an Inventory at all (a payroll business has none), whoever asks.
  if (!mayUseArea("inventory", { isAdmin: true, details: ctx.user.details }, to))
    throw forbidden(`${to.name} keeps no stock, so nothing can be moved there`);
  return to;
}

/**
 * Finds the destination's product for a source product (same SKU, else same barcode, else,
 * for a product with neither, the same name), creating it when there is none. A live match
 * is preferred; an archived one is brought back, or the stock would land out of sight.
 */
async function matchOrCreate(tx: Tx, files: FileStorage, toBusinessId: string, source: ProductRow): Promise<string> {
  const match = source.sku
    ? eq(products.sku, source.sku)
    : source.barcode
      ? eq(products.barcode, source.barcode)
      : and(
          isNull(products.sku),
          isNull(products.barcode),
          eq(sql`lower(${products.name})`, source.name.toLowerCase()),
        );
  const [found] = await tx
    .select({ id: products.id, archivedAt: products.archivedAt })
    .from(products)
    .where(
      and(
        eq(products.businessId, toBusinessId),
        source.sku && source.barcode ? or(match, eq(products.barcode, source.barcode)) : match,
      ),
    )
    .orderBy(sql`${products.archivedAt} IS NOT NULL`)
    .limit(1);
  if (found?.archivedAt) {
    await tx
      .update(products)
      .set({ archivedAt: null, active: true, updatedAt: now() })
      .where(and(eq(products.businessId, toBusinessId), eq(products.id, found.id)));
  }
  if (found) return found.id;
  const [created] = await tx
    .insert(products)
    .values({
      businessId: toBusinessId,
      name: source.name,
      sku: source.sku,
      barcode: source.barcode,
      unit: source.unit,
      buyingPrice: source.buyingPrice,
      sellingPrice: source.sellingPrice,
      wholesalePrice: source.wholesalePrice,
      reorderLevel: source.reorderLevel,
      image: await copyProductImage(files, source.image, toBusinessId),
      description: source.description,
    })
    .returning({ id: products.id });
  return created!.id;
}

/**
 * Moves quantities from this business to another of the same owner: every line or none.
 * All product rows involved are locked in id order first, so concurrent transfers (even in
 * opposite directions) queue instead of deadlocking, and the source never goes below zero.
 */
async function move(
  ctx: Ctx,
  files: FileStorage,
  kind: Kind,
  request: { toBusinessId: string; note: string },
  lineup: (tx: Tx) => Promise<Wanted>,
  idempotencyKey?: string,
): Promise<Transfer> {
  const to = await destinationOf(ctx, request.toBusinessId);
  const note = request.note;
  // The key with another destination or other lines is refused, not answered with the first result.
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key: idempotencyKey, scope: `transfer:${kind}`, fingerprint: fingerprintOf(request) },
    async (tx) => {
      // Transfers into one business take turns finding or creating its products, so two of them
      // never both create the same product (a duplicate, or a lost race on its SKU). Taken before
      // any row lock, so it cannot close a cycle with them.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`products-into:${to.id}`}, 0))`);
      const wanted = await lineup(tx);
      const ids = wanted.map((w) => w.productId);
      const sources = ids.length
        ? await tx
            .select()
            .from(products)
            .where(and(eq(products.businessId, ctx.businessId), inArray(products.id, ids)))
        : [];
      const byId = new Map(sources.map((p) => [p.id, p]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length)
        throw new AppError(
          "VALIDATION_ERROR",
          "Some products are not in this business",
          Object.fromEntries(missing.map((id) => [`products.${id}`, "No such product here"])),
        );

      const lines: TransferLine[] = [];
      for (const w of wanted)
        lines.push({
          productId: w.productId,
          toProductId: await matchOrCreate(tx, files, to.id, byId.get(w.productId)!),
          name: byId.get(w.productId)!.name,
          quantity: w.quantity,
        });
      await tx.execute(sql`
      SELECT 1 FROM products
      WHERE (business_id = ${ctx.businessId} AND id IN (${sql.join(
        lines.map((l) => sql`${l.productId}`),
        sql`, `,
      )}))
         OR (business_id = ${to.id} AND id IN (${sql.join(
           lines.map((l) => sql`${l.toProductId}`),
           sql`, `,
         )}))
      ORDER BY id FOR UPDATE`);

      const [out] = await tx
        .insert(stockTransfers)
        .values({
          businessId: ctx.businessId,
          kind,
          direction: "out",
          counterpartBusinessId: to.id,
          lines,
          note,
          createdBy: ctx.user.details.username,
        })
        .returning();
      // One event in both businesses' logs: the same moment on both rows.
      await tx.insert(stockTransfers).values({
        businessId: to.id,
        id: out!.id,
        kind,
        direction: "in",
        counterpartBusinessId: ctx.businessId,
        lines,
        note,
        createdBy: ctx.user.details.username,
        createdAt: out!.createdAt,
      });
      for (const line of lines) {
        if (line.quantity === 0) continue;
        const ref = { refType: "transfer", refId: out!.id, note };
        const taken = await applyStockChange(
          tx,
          {
            businessId: ctx.businessId,
            productId: line.productId,
            delta: -line.quantity,
            reason: "transfer_out",
            ...ref,
          },
          ctx.user,
        );
        if (!taken) {
          const have = byId.get(line.productId)!;
          throw new AppError(
            "CONFLICT",
            `Not enough ${have.name} to transfer ${line.quantity}; nothing was transferred`,
            { [`products.${line.productId}`]: "More than is in stock" },
          );
        }
        const added = await applyStockChange(
          tx,
          { businessId: to.id, productId: line.toProductId, delta: line.quantity, reason: "transfer_in", ...ref },
          ctx.user,
        );
        if (!added)
          throw new AppError(
            "CONFLICT",
            `${to.name} cannot hold ${line.quantity} more ${line.name}; nothing was transferred`,
            { [`products.${line.productId}`]: "More than the largest quantity" },
          );
      }
      return toTransfer(
        out!,
        new Map([
          [ctx.businessId, ctx.business.name],
          [to.id, to.name],
        ]),
      );
    },
  );
}

export function transferProducts(
  ctx: Ctx,
  files: FileStorage,
  input: TransferProductsInput,
  idempotencyKey?: string,
): Promise<Transfer> {
  const request = { toBusinessId: input.toBusinessId, note: input.note, products: input.products };
  return move(ctx, files, "transfer", request, async () => input.products, idempotencyKey);
}

/** Moves the whole stock of every product with a quantity (read inside the transfer, so a retry gets the first result). */
export function transferAllProducts(
  ctx: Ctx,
  files: FileStorage,
  input: BusinessPairInput,
  idempotencyKey?: string,
): Promise<Transfer> {
  return move(
    ctx,
    files,
    "transfer_all",
    { toBusinessId: input.toBusinessId, note: "All stock" },
    async (tx) => {
      const stocked = await tx
        .select({ productId: products.id, quantity: products.quantity })
        .from(products)
        .where(
          and(eq(products.businessId, ctx.businessId), isNull(products.archivedAt), sql`${products.quantity} > 0`),
        );
      if (!stocked.length) throw new AppError("CONFLICT", "There is no stock to transfer");
      return stocked;
    },
    idempotencyKey,
  );
}

/** Copies the catalog (products without quantities) to another business of the owner. */
export function copyCatalog(
  ctx: Ctx,
  files: FileStorage,
  input: BusinessPairInput,
  idempotencyKey?: string,
): Promise<Transfer> {
  return move(
    ctx,
    files,
    "copy",
    { toBusinessId: input.toBusinessId, note: "Catalog copy" },
    async (tx) => {
      const all = await tx
        .select({ productId: products.id })
        .from(products)
        .where(and(eq(products.businessId, ctx.businessId), isNull(products.archivedAt)));
      if (!all.length) throw new AppError("CONFLICT", "There are no products to copy");
      return all.map((p) => ({ productId: p.productId, quantity: 0 }));
    },
    idempotencyKey,
  );
}
