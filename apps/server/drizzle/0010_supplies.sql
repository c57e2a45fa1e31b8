CREATE TABLE "supplier_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"at_delivery" boolean DEFAULT false NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "supplier_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "supplier_payments_amount_positive" CHECK ("supplier_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"address" text,
	"kra_pin" text,
	"contact_person" text,
	"notes" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "supply_commodities" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "supply_commodities_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "supply_products" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"transferred" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "supply_products_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "supply_products_transferred_range" CHECK ("supply_products"."transferred" >= 0 AND "supply_products"."transferred" <= "supply_products"."quantity")
);
--> statement-breakpoint
CREATE TABLE "supply_records" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_number" integer NOT NULL,
	"supplier_id" uuid NOT NULL,
	"supplied_at" timestamp with time zone NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"credit_amount" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"credit_status" text,
	"payment_method" text,
	"received_by" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "supply_records_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "supply_records_balance_range" CHECK ("supply_records"."balance" >= 0 AND "supply_records"."balance" <= "supply_records"."total")
);
--> statement-breakpoint
CREATE TABLE "supply_transfers" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"supply_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"cost_before" bigint DEFAULT 0 NOT NULL,
	"cost_after" bigint DEFAULT 0 NOT NULL,
	"quantity_after" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"transferred_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "supply_transfers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_business_id_supply_id_supply_records_business_id_id_fk" FOREIGN KEY ("business_id","supply_id") REFERENCES "public"."supply_records"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_commodities" ADD CONSTRAINT "supply_commodities_business_id_supply_id_supply_records_business_id_id_fk" FOREIGN KEY ("business_id","supply_id") REFERENCES "public"."supply_records"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_products" ADD CONSTRAINT "supply_products_business_id_supply_id_supply_records_business_id_id_fk" FOREIGN KEY ("business_id","supply_id") REFERENCES "public"."supply_records"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_records" ADD CONSTRAINT "supply_records_business_id_supplier_id_suppliers_business_id_id_fk" FOREIGN KEY ("business_id","supplier_id") REFERENCES "public"."suppliers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_transfers" ADD CONSTRAINT "supply_transfers_business_id_supply_id_supply_records_business_id_id_fk" FOREIGN KEY ("business_id","supply_id") REFERENCES "public"."supply_records"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_transfers" ADD CONSTRAINT "supply_transfers_business_id_line_id_supply_products_business_id_id_fk" FOREIGN KEY ("business_id","line_id") REFERENCES "public"."supply_products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_payments_supply_idx" ON "supplier_payments" USING btree ("business_id","supply_id","paid_at");--> statement-breakpoint
CREATE INDEX "supplier_payments_time_idx" ON "supplier_payments" USING btree ("business_id","paid_at");--> statement-breakpoint
CREATE INDEX "suppliers_id_idx" ON "suppliers" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_business_name_key" ON "suppliers" USING btree ("business_id",lower("name")) WHERE "suppliers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "supply_commodities_supply_idx" ON "supply_commodities" USING btree ("business_id","supply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_products_supply_product_key" ON "supply_products" USING btree ("business_id","supply_id","product_id");--> statement-breakpoint
CREATE INDEX "supply_products_product_idx" ON "supply_products" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_records_business_number_key" ON "supply_records" USING btree ("business_id","supply_number");--> statement-breakpoint
CREATE INDEX "supply_records_id_idx" ON "supply_records" USING btree ("id");--> statement-breakpoint
CREATE INDEX "supply_records_supplier_idx" ON "supply_records" USING btree ("business_id","supplier_id","supplied_at");--> statement-breakpoint
CREATE INDEX "supply_records_time_idx" ON "supply_records" USING btree ("business_id","supplied_at");--> statement-breakpoint
CREATE INDEX "supply_transfers_supply_idx" ON "supply_transfers" USING btree ("business_id","supply_id","created_at");