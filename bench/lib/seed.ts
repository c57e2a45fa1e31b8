import type pg from "pg";

/**
 * Seeds a business with n products (and their opening ledger rows, so the ledger stays
 * balanced) straight in SQL: the benchmarks measure reads and checkouts, not the seeding.
 * Names mix a few staples so searches have realistic hit counts.
 */
export async function seedProducts(
  pool: pg.Pool,
  businessId: string,
  n: number,
  quantity = "g % 200",
): Promise<number> {
  const started = performance.now();
  await pool.query(
    `INSERT INTO products (business_id, name, sku, barcode, selling_price, buying_price, wholesale_price, quantity, reorder_level)
     SELECT $1, 'Item ' || g || ' ' || (ARRAY['Soap','Sugar','Rice','Maize flour','Cooking oil','Soda','Bread','Milk'])[1 + g % 8],
            'SKU-' || g, '6161' || lpad(g::text, 9, '0'), 1000 + g % 5000, 800 + g % 4000, 900 + g % 4500, ${quantity}, CASE WHEN g % 10 = 0 THEN 20 ELSE 0 END
     FROM generate_series(1, $2) g`,
    [businessId, n],
  );
  await pool.query(
    `INSERT INTO stock_movements (business_id, product_id, delta, quantity_after, reason, note, actor_kind, actor_name)
     SELECT business_id, id, quantity, quantity, 'adjustment', 'Opening stock', 'admin', 'bench' FROM products WHERE business_id = $1 AND quantity > 0`,
    [businessId],
  );
  // Steady state: autovacuum keeps statistics and the visibility map (index-only counts) current.
  await pool.query("VACUUM ANALYZE products");
  await pool.query("VACUUM ANALYZE stock_movements");
  return performance.now() - started;
}
