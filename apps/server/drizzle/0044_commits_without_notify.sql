-- Issue 30: the tills' commits no longer wait for one another. Every sale notified the job
-- runner from its transaction (pg_notify: the reports' dirty day, and eTIMS's outbox row), and a
-- transaction that notifies takes one lock for the whole database from just before its commit to
-- its end, its commit's flush to disk included: the commits of 8 tills went one at a time instead
-- of together (measured on this machine, 8 sessions inserting a row: 2,450 commits/s without,
-- 1,370 to 1,560 with a notify). The job-running processes now look for waiting work on a short
-- timer instead (platform/jobs.ts, watch). The functions below are the latest of each (the
-- migration named beside it) without its pg_notify; nothing else in them changed.

-- report_mark_day: as in 0041_report_markers.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION report_mark_day(b uuid, t timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  d := (t AT TIME ZONE coalesce((SELECT time_zone FROM businesses WHERE id = b), 'Africa/Nairobi'))::date;
  INSERT INTO report_dirty_days (business_id, day) VALUES (b, d);
END $$;
--> statement-breakpoint
-- etims_queue_record: as in 0034_etims_queue.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION etims_queue_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore or a business's import puts rows back as they were (their outbox rows with them).
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NEW; END IF;
  IF EXISTS (SELECT 1 FROM etims_devices WHERE business_id = NEW.business_id) THEN
    NEW.etims_state := 'pending';
    -- Its times are the record's own, written by the app's clock: the queue compares them with that
    -- clock, never with the database's (which may differ from the app's).
    INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
      VALUES (NEW.business_id, TG_ARGV[0], NEW.id, NEW.created_at, NEW.created_at)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- etims_queue_product: as in 0034_etims_queue.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION etims_queue_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND (NEW.name, NEW.barcode, NEW.selling_price, NEW.tax_type, NEW.etims_item_class,
      NEW.etims_item_type, NEW.etims_origin, NEW.etims_packaging_unit, NEW.etims_quantity_unit)
    IS NOT DISTINCT FROM (OLD.name, OLD.barcode, OLD.selling_price, OLD.tax_type, OLD.etims_item_class,
      OLD.etims_item_type, OLD.etims_origin, OLD.etims_packaging_unit, OLD.etims_quantity_unit) THEN
    RETURN NEW;
  END IF;
  NEW.etims_registered_at := NULL;
  NEW.etims_error := NULL;
  IF NEW.etims_item_class IS NOT NULL AND NEW.etims_item_type IS NOT NULL AND NEW.etims_origin IS NOT NULL
     AND NEW.etims_packaging_unit IS NOT NULL AND NEW.etims_quantity_unit IS NOT NULL
     AND NEW.archived_at IS NULL
     AND EXISTS (SELECT 1 FROM etims_devices WHERE business_id = NEW.business_id) THEN
    INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
      VALUES (NEW.business_id, 'item', NEW.id, NEW.updated_at, NEW.updated_at)
      ON CONFLICT (business_id, kind, ref_id) DO UPDATE SET state = 'queued', attempts = 0, error_code = NULL,
        error = NULL, lease_until = NULL, done_at = NULL, next_attempt_at = NEW.updated_at
      WHERE etims_outbox.state IN ('done', 'failed');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- etims_queue_stock_movement: as in 0038_etims_stock_io.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION etims_queue_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.restoring', true) = 'on' OR NEW.delta = 0 THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM etims_devices WHERE business_id = NEW.business_id)
     AND EXISTS (SELECT 1 FROM products p WHERE p.business_id = NEW.business_id AND p.id = NEW.product_id
       AND p.etims_item_class IS NOT NULL AND p.etims_item_type IS NOT NULL AND p.etims_origin IS NOT NULL
       AND p.etims_packaging_unit IS NOT NULL AND p.etims_quantity_unit IS NOT NULL) THEN
    -- The movement's own time (the app's clock), never the database's.
    INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
      VALUES (NEW.business_id, 'stock', NEW.id, NEW.created_at, NEW.created_at)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- etims_sale_changed: as in 0039_etims_corrections.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION etims_sale_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  resend_id uuid;
BEGIN
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NEW; END IF;
  IF (NEW.status = 'voided' AND NEW.etims_state = 'signed'
        AND (OLD.status IS DISTINCT FROM 'voided' OR OLD.etims_state IS DISTINCT FROM 'signed'))
     OR (OLD.etims_state = 'signed' AND NEW.etims_state = 'pending') THEN
    PERFORM etims_credit_signed(NEW);
  END IF;
  IF NEW.status = 'completed'
     AND ((OLD.etims_state = 'signed' AND NEW.etims_state = 'pending')
       OR (OLD.status = 'voided' AND OLD.etims_state = 'signed')) THEN
    NEW.etims_state := 'pending';
    NEW.etims_proof := NULL;
    NEW.etims_error := NULL;
    INSERT INTO etims_corrections (business_id, sale_id, kind, created_at)
      VALUES (NEW.business_id, NEW.id, 'resend', NEW.updated_at)
      RETURNING id INTO resend_id;
    INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
      VALUES (NEW.business_id, 'resend', resend_id, NEW.updated_at, NEW.updated_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- etims_credit_signed: as in 0042_etims_refund_reason.sql, without its pg_notify.
CREATE OR REPLACE FUNCTION etims_credit_signed(sale sales) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  signed_row bigint;
  credit_id uuid;
BEGIN
  SELECT o.id INTO signed_row FROM etims_outbox o
  WHERE o.business_id = sale.business_id AND o.state = 'done' AND o.invc_no IS NOT NULL
    AND ((o.kind = 'sale' AND o.ref_id = sale.id)
      OR (o.kind = 'resend' AND o.ref_id IN (SELECT c.id FROM etims_corrections c
            WHERE c.business_id = sale.business_id AND c.sale_id = sale.id AND c.kind = 'resend')))
  ORDER BY o.id DESC LIMIT 1;
  IF signed_row IS NULL THEN RETURN; END IF;
  INSERT INTO etims_corrections (business_id, sale_id, kind, org_outbox_id, refund_reason_cd, created_at)
    VALUES (sale.business_id, sale.id, 'credit', signed_row,
      CASE WHEN sale.status = 'voided' THEN coalesce(sale.etims_refund_reason, '06') ELSE '06' END,
      sale.updated_at)
    ON CONFLICT (org_outbox_id) WHERE kind = 'credit' DO NOTHING
    RETURNING id INTO credit_id;
  IF credit_id IS NULL THEN RETURN; END IF;
  -- Its times are the change's own (the app's clock), never the database's.
  INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
    VALUES (sale.business_id, 'credit', credit_id, sale.updated_at, sale.updated_at);
END $$;
