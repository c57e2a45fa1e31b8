CREATE TABLE "etims_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"org_outbox_id" bigint,
	"refund_reason_cd" text,
	"proof" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "etims_outbox" ADD COLUMN "sent" jsonb;--> statement-breakpoint
ALTER TABLE "etims_corrections" ADD CONSTRAINT "etims_corrections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etims_corrections_sale_idx" ON "etims_corrections" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_corrections_org_key" ON "etims_corrections" USING btree ("org_outbox_id") WHERE "etims_corrections"."kind" = 'credit';--> statement-breakpoint
-- Issue 30: a sale KRA signed, then changed. KRA's receipt cannot be changed, so the change is
-- told to KRA the way the specification asks: a credit note (rcptTyCd R, orgInvcNo the signed
-- receipt) cancels the receipt KRA holds, and a sale still standing is signed again as it now is.
-- - voided after KRA signed it, or signed by KRA after it was voided: a credit note;
-- - edited after KRA signed it (the sales module sets etims_state back to 'pending', as does the
--   queue when the sale changed while KRA was signing it): a credit note, and the sale signed anew;
-- - restored after its credit note: signed anew.
-- As in 0034, the database does it so that every path that changes a sale is covered and sales
-- (layer 6) need not know the etims module. The credit note cancels exactly what KRA signed: the
-- queue keeps it on the outbox row (`sent`). One credit note per signed receipt.
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
    VALUES (sale.business_id, sale.id, 'credit', signed_row, '06', sale.updated_at)
    ON CONFLICT (org_outbox_id) WHERE kind = 'credit' DO NOTHING
    RETURNING id INTO credit_id;
  IF credit_id IS NULL THEN RETURN; END IF;
  -- Its times are the change's own (the app's clock), never the database's.
  INSERT INTO etims_outbox (business_id, kind, ref_id, queued_at, next_attempt_at)
    VALUES (sale.business_id, 'credit', credit_id, sale.updated_at, sale.updated_at);
  PERFORM pg_notify('etims_outbox', sale.business_id::text);
END $$;
--> statement-breakpoint
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
    PERFORM pg_notify('etims_outbox', NEW.business_id::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_etims_changed BEFORE UPDATE OF status, etims_state ON sales
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.etims_state IS DISTINCT FROM NEW.etims_state)
  EXECUTE FUNCTION etims_sale_changed();
