-- Issue 33: the wholesale catalogue (spec: POST /wholesaleProducts, the data kind "wholesale
-- product"): the products the wholesale till at /wholesale sells, and from how many units. The
-- wholesale price stays the product's one price (products.wholesale_price); this trigger keeps the
-- catalogue in step with it, whoever writes a product (the form, a CSV import, a transfer, SQL):
-- a wholesale price above zero puts the product in the catalogue, none takes it out.
CREATE TABLE "wholesale_products" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wholesale_products_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "wholesale_products_min_quantity_check" CHECK ("wholesale_products"."min_quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "wholesale_products" ADD CONSTRAINT "wholesale_products_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_products" ADD CONSTRAINT "wholesale_products_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_products_business_product_key" ON "wholesale_products" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE INDEX "wholesale_products_id_idx" ON "wholesale_products" USING btree ("id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_wholesale_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore or import (db/backup.ts, db/business-data/import.ts) copies the catalogue as it was.
  IF current_setting('app.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF NEW.wholesale_price > 0 THEN
    INSERT INTO wholesale_products (business_id, product_id) VALUES (NEW.business_id, NEW.id)
      ON CONFLICT (business_id, product_id) DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM wholesale_products WHERE business_id = NEW.business_id AND product_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_wholesale_catalogue AFTER INSERT OR UPDATE OF wholesale_price ON products
  FOR EACH ROW EXECUTE FUNCTION products_wholesale_catalogue();
--> statement-breakpoint
-- Existing data keeps working: every product with a wholesale price is in the catalogue, from 1 unit.
INSERT INTO wholesale_products (business_id, product_id, created_at)
  SELECT business_id, id, created_at FROM products WHERE wholesale_price > 0
  ON CONFLICT (business_id, product_id) DO NOTHING;
