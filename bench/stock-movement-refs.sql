-- EXPLAIN of stockHeldBy (what a sale holds of a product) on 2M stock movements, before and after
-- migration 0031's index. Run against a scratch database: psql -d scratch -f bench/stock-movement-refs.sql
DROP TABLE IF EXISTS sm;
CREATE TABLE sm (business_id uuid NOT NULL, id uuid NOT NULL DEFAULT gen_random_uuid(), seq bigint GENERATED ALWAYS AS IDENTITY, product_id uuid NOT NULL, delta int NOT NULL, quantity_after int NOT NULL, reason text NOT NULL, ref_type text, ref_id text, note text NOT NULL DEFAULT '', created_at timestamptz NOT NULL DEFAULT clock_timestamp(), PRIMARY KEY (business_id, id));
CREATE INDEX sm_product_time ON sm (business_id, product_id, created_at, seq);
CREATE INDEX sm_business_time ON sm (business_id, created_at);
-- 20 businesses x 100k movements; one hot product gets a third of each business's movements
INSERT INTO sm (business_id, product_id, delta, quantity_after, reason, ref_type, ref_id, created_at)
SELECT ('00000000-0000-0000-0000-0000000000' || lpad(b::text, 2, '0'))::uuid,
       CASE WHEN i % 3 = 0 THEN '11111111-1111-1111-1111-111111111111'::uuid ELSE md5((i % 500)::text)::uuid END,
       -1, 10, 'sale', 'sale', md5((b * 1000000 + i / 3)::text)::uuid::text, now() - (i || ' seconds')::interval
FROM generate_series(1, 20) b, generate_series(1, 100000) i;
ANALYZE sm;
\echo --- before
EXPLAIN (ANALYZE, BUFFERS) SELECT product_id, -sum(delta)::bigint AS held FROM sm
WHERE business_id = '00000000-0000-0000-0000-000000000007' AND product_id = ANY(ARRAY['11111111-1111-1111-1111-111111111111']::uuid[])
  AND ref_type = 'sale' AND ref_id = md5((7 * 1000000 + 3)::text)::uuid::text GROUP BY product_id;
CREATE INDEX sm_ref ON sm (business_id, ref_type, ref_id);
ANALYZE sm;
\echo --- after
EXPLAIN (ANALYZE, BUFFERS) SELECT product_id, -sum(delta)::bigint AS held FROM sm
WHERE business_id = '00000000-0000-0000-0000-000000000007' AND product_id = ANY(ARRAY['11111111-1111-1111-1111-111111111111']::uuid[])
  AND ref_type = 'sale' AND ref_id = md5((7 * 1000000 + 3)::text)::uuid::text GROUP BY product_id;
