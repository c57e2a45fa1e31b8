import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.ts";

/**
 * The POS catalog as one JSON text built by PostgreSQL (no row objects in Node): every
 * sellable product column by column, sorted by name. With `since`, only products changed
 * after that version, and the ids of those no longer sold. A change made by a transaction
 * that started before `since` but committed after it carries an earlier updated_at, so the
 * window reaches two minutes further back; applying a change twice is harmless.
 */
export async function catalogJson(ctx: Ctx, since?: string): Promise<string> {
  const changed = since ? sql`AND updated_at > ${since}::timestamptz - interval '2 minutes'` : sql``;
  const sellable = sql`(active AND archived_at IS NULL)`;
  const { rows } = await ctx.db.execute<{ body: string }>(sql`
    WITH p AS (
      SELECT id, name, sku, barcode, selling_price, wholesale_price, quantity, unit, image, updated_at, ${sellable} AS sellable
      FROM products WHERE business_id = ${ctx.businessId} ${since ? changed : sql`AND ${sellable}`}
    ), live AS (SELECT * FROM p WHERE sellable ORDER BY lower(name), id)
    SELECT json_build_object(
      'version', (SELECT to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') FROM products WHERE business_id = ${ctx.businessId}),
      'full', ${since ? sql`false` : sql`true`},
      'ids', coalesce((SELECT json_agg(id) FROM live), '[]'),
      'names', coalesce((SELECT json_agg(name) FROM live), '[]'),
      'skus', coalesce((SELECT json_agg(sku) FROM live), '[]'),
      'barcodes', coalesce((SELECT json_agg(barcode) FROM live), '[]'),
      'sellingprices', coalesce((SELECT json_agg(selling_price) FROM live), '[]'),
      'wholesalePrices', coalesce((SELECT json_agg(wholesale_price) FROM live), '[]'),
      'quantities', coalesce((SELECT json_agg(quantity) FROM live), '[]'),
      'units', coalesce((SELECT json_agg(unit) FROM live), '[]'),
      'images', coalesce((SELECT json_agg(image) FROM live), '[]'),
      'removed', coalesce((SELECT json_agg(id) FROM p WHERE NOT sellable), '[]')
    )::text AS body`);
  return rows[0]!.body;
}
