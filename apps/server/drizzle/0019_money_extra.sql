-- The money ledger is append-only: a change to a source is recorded as new rows in the other
-- direction, never by changing or removing a row (TRUNCATE, used by a backup restore, is not affected).
CREATE FUNCTION money_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'money_movements is append-only: record a correcting movement instead of % ', TG_OP;
END $$;
--> statement-breakpoint
CREATE TRIGGER money_movements_append_only BEFORE UPDATE OR DELETE ON money_movements
  FOR EACH ROW EXECUTE FUNCTION money_movements_append_only();
--> statement-breakpoint
-- Sales made before the VAT snapshot: every business was unregistered for VAT (the flag is new),
-- so each line was band D (non-VAT, the column's default) and the whole sale one D band.
UPDATE sales SET vat_bands = jsonb_build_array(jsonb_build_object(
    'taxType', 'D', 'rateBp', 0, 'taxable', total, 'tax', 0, 'total', total))
WHERE vat_bands = '[]'::jsonb AND total > 0;
--> statement-breakpoint
-- Backfill the ledger from the sales already made: each checkout payment (not the credit part)
-- as money in when the sale was made, by whoever served it...
INSERT INTO money_movements (business_id, kind, direction, method, amount, occurred_at, reference, description,
                             source_area, source_id, actor_kind, actor_id, actor_name, created_at)
SELECT s.business_id, 'sale_payment', 'in', p->>'method', (p->>'amount')::bigint, s.created_at, nullif(p->>'reference', ''),
       CASE s.channel WHEN 'retail' THEN 'Sale #' ELSE 'Order #' END || s.sale_number,
       'sales', s.id,
       CASE WHEN EXISTS (SELECT 1 FROM employees e WHERE e.business_id = s.business_id AND e.id = s.served_by_id)
            THEN 'employee' ELSE 'admin' END,
       s.served_by_id, s.served_by, s.created_at
FROM sales s CROSS JOIN LATERAL jsonb_array_elements(s.payments) AS p
WHERE p->>'method' IN ('Cash', 'M-Pesa', 'Bank Transfer') AND (p->>'amount')::bigint > 0;
--> statement-breakpoint
-- ...each credit repayment as money in on its payment date...
INSERT INTO money_movements (business_id, kind, direction, method, amount, occurred_at, reference, description,
                             source_area, source_id, source_item_id, actor_kind, actor_id, actor_name, created_at)
SELECT c.business_id, 'credit_repayment', 'in', c.method, c.amount, c.paid_at, NULL,
       'Payment on ' || CASE s.channel WHEN 'retail' THEN 'Sale #' ELSE 'Order #' END || s.sale_number,
       'sales', s.id, c.id, 'admin', NULL, c.recorded_by, c.created_at
FROM credit_payments c JOIN sales s ON s.business_id = c.business_id AND s.id = c.sale_id
WHERE c.amount > 0;
--> statement-breakpoint
-- ...and for a voided sale, all of that back out when it was voided, so its movements add up to nothing.
INSERT INTO money_movements (business_id, kind, direction, method, amount, occurred_at, reference, description,
                             source_area, source_id, source_item_id, correction, actor_kind, actor_id, actor_name, created_at)
SELECT m.business_id, m.kind, 'out', m.method, m.amount, s.voided_at, m.reference, m.description || ' voided',
       m.source_area, m.source_id, m.source_item_id, 'voided', 'admin', NULL, coalesce(s.voided_by, m.actor_name), s.voided_at
FROM money_movements m JOIN sales s ON s.business_id = m.business_id AND s.id = m.source_id
WHERE m.source_area = 'sales' AND s.status = 'voided' AND s.voided_at IS NOT NULL;
