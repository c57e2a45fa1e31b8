CREATE TABLE "etims_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "etims_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"invc_no" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"lease_until" timestamp with time zone,
	"error_code" text,
	"error" text,
	"queued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "etims_devices" ADD COLUMN "next_invc_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "etims_devices" ADD COLUMN "next_item_seq" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_item_class" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_item_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_packaging_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_quantity_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_item_seq" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_item_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "etims_error" text;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD COLUMN "etims_refund_reason" text;--> statement-breakpoint
ALTER TABLE "etims_outbox" ADD CONSTRAINT "etims_outbox_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_outbox_ref_key" ON "etims_outbox" USING btree ("business_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "etims_outbox_open_idx" ON "etims_outbox" USING btree ("business_id","id") WHERE "etims_outbox"."state" <> 'done';--> statement-breakpoint
-- Issue 30: the eTIMS outbox. For a business with an eTIMS device, recording a sale (or
-- wholesale order), an invoice or a credit note marks it pending and queues it for KRA in the
-- same transaction; a product saved with every eTIMS detail is queued for registration
-- (saveItem), and its registration cleared when a detail KRA holds changes. The database does
-- this so that every path that records them (the till, offline sync, rooms, documents) queues
-- them, and the sales module (layer 6) need not know the etims module (layer 7). At commit,
-- `etims_outbox` is notified with the business: the job runner sends (flows/etims-queue.ts).
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
    PERFORM pg_notify('etims_outbox', NEW.business_id::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_etims_queue BEFORE INSERT ON sales
  FOR EACH ROW EXECUTE FUNCTION etims_queue_record('sale');
--> statement-breakpoint
CREATE TRIGGER sales_documents_etims_queue BEFORE INSERT ON sales_documents
  FOR EACH ROW WHEN (NEW.type IN ('invoice', 'credit_note')) EXECUTE FUNCTION etims_queue_record('document');
--> statement-breakpoint
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
    PERFORM pg_notify('etims_outbox', NEW.business_id::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_etims_queue BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION etims_queue_product();
