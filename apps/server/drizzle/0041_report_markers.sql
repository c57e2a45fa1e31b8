ALTER TABLE "report_dirty_days" DROP CONSTRAINT "report_dirty_days_business_id_day_pk";--> statement-breakpoint
ALTER TABLE "report_dirty_days" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "report_dirty_days_business_day_idx" ON "report_dirty_days" USING btree ("business_id","day");--> statement-breakpoint
-- Issue 32: a sale waited for the day's report rebuild. Every sale of a day shared one marker row
-- (business, day), and a rebuild deleted it at its start and recomputed the whole day in that
-- transaction: each sale of the day queued behind it, so a till slowed with every sale made that
-- day (a sale took 19 ms after the first hundred and 200 ms after five hundred). Now a marker is
-- a row per change, inserted with no lock to wait for; the rebuild deletes only the markers it
-- saw when it began, so a sale that commits meanwhile leaves its own behind for the next one.
-- A change to a sale's eTIMS state alone (KRA signing it) changes no figure: it marks nothing.
CREATE OR REPLACE FUNCTION report_mark_day(b uuid, t timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  d := (t AT TIME ZONE coalesce((SELECT time_zone FROM businesses WHERE id = b), 'Africa/Nairobi'))::date;
  INSERT INTO report_dirty_days (business_id, day) VALUES (b, d);
  PERFORM pg_notify('report_dirty_days', b::text);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A backup restore (db/backup.ts) copies the report tables as they were.
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    IF to_jsonb(OLD) - '{etims_state,etims_proof,etims_error}'::text[]
       = to_jsonb(NEW) - '{etims_state,etims_proof,etims_error}'::text[] THEN
      RETURN NULL;
    END IF;
    PERFORM report_mark_day(OLD.business_id, OLD.created_at);
    IF NEW.created_at IS DISTINCT FROM OLD.created_at THEN
      PERFORM report_mark_day(NEW.business_id, NEW.created_at);
    END IF;
  ELSE
    PERFORM report_mark_day(NEW.business_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
