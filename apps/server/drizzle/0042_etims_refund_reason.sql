ALTER TABLE "sales" ADD COLUMN "etims_refund_reason" text;--> statement-breakpoint
-- Issue 30: the refund reason of a credit note. The person voiding a sale KRA signed chooses KRA's
-- refund reason (code class 32, checked against the business's cached list before the void); the
-- void keeps it on the sale, and 0039's credit note takes it from there. On the sale, not on the
-- correction: a sale voided before KRA signed it gets its credit note only when KRA signs it
-- (this function again), long after the void. A credit note for an edit (the sale not voided) is
-- 06 "Refund", as before; so is a void with no reason chosen.
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
  PERFORM pg_notify('etims_outbox', sale.business_id::text);
END $$;
