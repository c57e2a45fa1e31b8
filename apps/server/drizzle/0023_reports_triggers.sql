-- Reports (issue 16): the rollups are rebuilt for the days marked here, when a report is read.
-- The triggers run in the writing transaction, so no sale, void, restore, edit or credit payment
-- can commit without marking its business day; the share lock held until commit makes a rebuild
-- that starts meanwhile wait for it (modules/reports/rollups.ts).
CREATE FUNCTION report_mark_day(b uuid, t timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  d := (t AT TIME ZONE coalesce((SELECT time_zone FROM businesses WHERE id = b), 'Africa/Nairobi'))::date;
  INSERT INTO report_dirty_days (business_id, day) VALUES (b, d) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM report_dirty_days WHERE business_id = b AND day = d FOR SHARE;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A backup restore (db/backup.ts) copies the report tables as they were.
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM report_mark_day(OLD.business_id, OLD.created_at);
    IF NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      PERFORM report_mark_day(NEW.business_id, NEW.created_at);
    END IF;
  ELSE
    PERFORM report_mark_day(NEW.business_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_sales_changed AFTER INSERT OR UPDATE ON sales
  FOR EACH ROW EXECUTE FUNCTION report_sales_changed();
--> statement-breakpoint
CREATE FUNCTION report_credit_payment_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A backup restore (db/backup.ts) copies the report tables as they were.
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM report_mark_day(NEW.business_id, NEW.paid_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_credit_payment_added AFTER INSERT ON credit_payments
  FOR EACH ROW EXECUTE FUNCTION report_credit_payment_added();
--> statement-breakpoint
-- The cost of goods at sale time: the product's weighted average cost when it was first put on the sale.
CREATE FUNCTION report_sale_lines_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A backup restore (db/backup.ts) copies the report tables as they were.
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  INSERT INTO report_line_costs (business_id, sale_id, product_id, unit_cost)
  SELECT DISTINCT ON (n.business_id, n.sale_id, n.product_id) n.business_id, n.sale_id, n.product_id, coalesce(p.buying_price, 0)
  FROM new_lines n LEFT JOIN products p ON p.business_id = n.business_id AND p.id = n.product_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_sale_lines_added AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_sale_lines_added();
--> statement-breakpoint
-- Sales made before the reports: their costs are today's costs (nothing older was kept), and every day with sales or payments is rebuilt on first read.
INSERT INTO report_line_costs (business_id, sale_id, product_id, unit_cost)
SELECT DISTINCT ON (l.business_id, l.sale_id, l.product_id) l.business_id, l.sale_id, l.product_id, coalesce(p.buying_price, 0)
FROM sale_lines l LEFT JOIN products p ON p.business_id = l.business_id AND p.id = l.product_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO report_dirty_days (business_id, day)
SELECT DISTINCT s.business_id, (s.created_at AT TIME ZONE b.time_zone)::date FROM sales s JOIN businesses b ON b.id = s.business_id
UNION
SELECT DISTINCT c.business_id, (c.paid_at AT TIME ZONE b.time_zone)::date FROM credit_payments c JOIN businesses b ON b.id = c.business_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A business's sales and credit payments by time: the rebuild of a day reads only that day's rows.
CREATE INDEX report_sales_business_time_idx ON sales (business_id, created_at);
--> statement-breakpoint
CREATE INDEX report_credit_payments_business_time_idx ON credit_payments (business_id, paid_at);
