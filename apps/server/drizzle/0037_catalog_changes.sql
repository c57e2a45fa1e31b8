CREATE TABLE "product_tombstones" (
	"business_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_tombstones_business_id_product_id_pk" PRIMARY KEY("business_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_tombstones" ADD CONSTRAINT "product_tombstones_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_tombstones_business_change_idx" ON "product_tombstones" USING btree ("business_id","change_xid");--> statement-breakpoint
CREATE INDEX "products_business_change_idx" ON "products" USING btree ("business_id","change_xid");--> statement-breakpoint
-- The till's catalog delta (issue 32, inventory/catalog.service.ts): every write of a product
-- records its transaction's id, whoever writes it (the API, a sale's stock, an import, SQL).
-- An explicit value (an import's copy of another database's ids) is overwritten too.
CREATE OR REPLACE FUNCTION products_change_xid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_change_xid BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_change_xid();
--> statement-breakpoint
-- A product deleted for good leaves a tombstone, so devices holding it drop it. Not while a
-- business is being erased (db/business-data/erase.ts names it in app.erasing_business).
CREATE OR REPLACE FUNCTION products_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.business_id::text = current_setting('app.erasing_business', true) THEN
    RETURN OLD;
  END IF;
  INSERT INTO product_tombstones (business_id, product_id) VALUES (OLD.business_id, OLD.id)
    ON CONFLICT (business_id, product_id) DO UPDATE SET change_xid = pg_current_xact_id(), deleted_at = now();
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_tombstone AFTER DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION products_tombstone();
--> statement-breakpoint
CREATE TRIGGER product_tombstones_change_xid BEFORE INSERT OR UPDATE ON product_tombstones
  FOR EACH ROW EXECUTE FUNCTION products_change_xid();
