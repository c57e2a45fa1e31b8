import { todayIn } from "@app/shared/inventory/daily-stock";
import type { ProductBatch, ReceiveBatchInput } from "@app/shared/inventory/batch";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { fingerprintOf, runIdempotent } from "../../platform/idempotency.ts";
import { listBatches, receiveBatch } from "./batches.ts";
import { findProductRow } from "./products.service.ts";

async function requireProduct(db: DbOrTx, businessId: string, id: string) {
  if (!(await findProductRow(db, businessId, id))) throw notFound("Product");
}

/** GET /products/{id}/batches. */
export async function getProductBatches(ctx: Ctx, productId: string): Promise<ProductBatch[]> {
  await requireProduct(ctx.db, ctx.businessId, productId);
  return listBatches(ctx.db, ctx.businessId, productId, todayIn(ctx.business.timeZone));
}

/** POST /products/{id}/batches: one transaction, a retry with the same Idempotency-Key answers the first result. */
export function receiveProductBatch(
  ctx: Ctx,
  productId: string,
  input: ReceiveBatchInput,
  key: string | undefined,
): Promise<ProductBatch> {
  return runIdempotent(
    ctx.db,
    { businessId: ctx.businessId, key, scope: `batch:${productId}`, fingerprint: fingerprintOf(input) },
    async (tx) => {
      await requireProduct(tx, ctx.businessId, productId);
      return receiveBatch(tx, ctx.businessId, productId, input, ctx.user, todayIn(ctx.business.timeZone));
    },
  );
}
