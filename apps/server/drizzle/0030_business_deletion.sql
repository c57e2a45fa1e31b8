ALTER TABLE "businesses" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- Erasing a deleted business for good (db/business-data/erase.ts, 30 days after its owner
-- deleted it) removes its audit rows too, and only its: the transaction names the business in
-- app.erasing_business. Every other change or deletion of these rows is still refused.
CREATE OR REPLACE FUNCTION refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.business_id::text = current_setting('app.erasing_business', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% rows are kept for the audit trail and cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.business_id::text = current_setting('app.erasing_business', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'money_movements is append-only: record a correcting movement instead of % ', TG_OP;
END $$;
