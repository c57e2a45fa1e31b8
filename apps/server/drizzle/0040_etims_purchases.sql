CREATE TABLE "etims_purchase_lines" (
	"business_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"item_code" text,
	"item_class" text,
	"name" text NOT NULL,
	"barcode" text,
	"packaging_unit" text,
	"packages" numeric(13, 2) NOT NULL,
	"quantity_unit" text,
	"quantity" numeric(13, 2) NOT NULL,
	"unit_price" bigint NOT NULL,
	"supply_amount" bigint NOT NULL,
	"discount_rate" numeric(5, 2) NOT NULL,
	"discount" bigint NOT NULL,
	"tax_type" text NOT NULL,
	"taxable" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "etims_purchase_lines_business_id_purchase_id_seq_pk" PRIMARY KEY("business_id","purchase_id","seq")
);
--> statement-breakpoint
CREATE TABLE "etims_purchases" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supplier_pin" text NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_branch" text DEFAULT '' NOT NULL,
	"supplier_invoice_no" bigint NOT NULL,
	"receipt_type" text NOT NULL,
	"payment_type" text,
	"sale_date" text,
	"total_taxable" bigint NOT NULL,
	"total_tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"bands" jsonb NOT NULL,
	"remark" text,
	"invc_no" integer NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"claimed_until" timestamp with time zone,
	"confirmed_as" text,
	"supply_id" uuid,
	"supply_number" integer,
	"expense_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etims_purchases_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "etims_purchases_outcome" CHECK (("etims_purchases"."state" = 'confirmed') = ("etims_purchases"."confirmed_as" IS NOT NULL) AND ("etims_purchases"."state" = 'new') = ("etims_purchases"."decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "etims_devices" ADD COLUMN "purchases_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "etims_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "etims_purchase_lines" ADD CONSTRAINT "etims_purchase_lines_business_id_purchase_id_etims_purchases_business_id_id_fk" FOREIGN KEY ("business_id","purchase_id") REFERENCES "public"."etims_purchases"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_purchases" ADD CONSTRAINT "etims_purchases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_purchases_invoice_key" ON "etims_purchases" USING btree ("business_id","supplier_pin","supplier_branch","supplier_invoice_no","receipt_type");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_purchases_invc_no_key" ON "etims_purchases" USING btree ("business_id","invc_no");--> statement-breakpoint
CREATE INDEX "etims_purchases_id_idx" ON "etims_purchases" USING btree ("id");--> statement-breakpoint
CREATE INDEX "etims_purchases_state_idx" ON "etims_purchases" USING btree ("business_id","state","fetched_at");