-- What a sale (or any reference) holds of each product is read at every void, edit and restore
-- (stockHeldBy): by business, ref_type and ref_id. Without this index PostgreSQL read every
-- movement of the product (a third of 100k rows for a best-seller: 42 ms, 2,312 buffers); with
-- it, the reference's own rows (0.06 ms, 5 buffers). bench/stock-movement-refs.sql measures it.
CREATE INDEX IF NOT EXISTS "stock_movements_ref_idx" ON "stock_movements" USING btree ("business_id","ref_type","ref_id");
