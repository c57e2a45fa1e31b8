ALTER TABLE "etims_devices" ADD COLUMN "next_sar_no" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "etims_outbox" ADD COLUMN "sar_no" integer;--> statement-breakpoint
-- Issue 30 item 7: stock movements to KRA (insertStockIO, saveStockMaster). For a business with
-- an eTIMS device, every stock ledger row of a product with its five eTIMS details is queued for
-- KRA in the transaction that writes it (the sender registers the product first if KRA does not
-- hold it yet, as for a sale). A product without its details is not queued: KRA cannot take it;
-- once completed, its next movement's report carries its whole remaining quantity
-- (saveStockMaster). Like 0034: every path that moves stock (the till, offline sync, supplies,
-- transfers, adjustments, the clinic) is covered, and inventory (layer 4) needs nothing of etims.
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
    PERFORM pg_notify('etims_outbox', NEW.business_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to the commit: a sale writes its stock movements before its own row, and KRA should
-- get the sale (queued by the sale's trigger) before the stock it took out.
CREATE CONSTRAINT TRIGGER stock_movements_etims_queue AFTER INSERT ON stock_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION etims_queue_stock_movement();
