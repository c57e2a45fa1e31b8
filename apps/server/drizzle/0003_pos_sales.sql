CREATE TABLE "business_counters" (
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "business_counters_business_id_name_pk" PRIMARY KEY("business_id","name")
);
--> statement-breakpoint
CREATE TABLE "credit_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "credit_payments_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"total_price" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_lines_business_id_sale_id_line_no_pk" PRIMARY KEY("business_id","sale_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_number" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"payments" jsonb NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"credit_amount" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"credit_status" text,
	"credit_payment_method" text,
	"customer_name" text,
	"customer_phone" text,
	"cleared_by" text,
	"served_by" text NOT NULL,
	"served_by_id" uuid,
	"section_id" uuid,
	"section_name" text,
	"table_id" uuid,
	"table_name" text,
	"ticket_id" uuid,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "sales_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "section_tables" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "section_tables_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "captain_order_prints" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"print_number" integer NOT NULL,
	"sale_id" uuid,
	"section_id" uuid,
	"section_name" text,
	"table_id" uuid,
	"table_name" text,
	"changes" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"printed_by" text NOT NULL,
	"print_status" text NOT NULL,
	"printer_error" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "captain_order_prints_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"role" text NOT NULL,
	"host" text,
	"port" integer,
	"paper_width" integer DEFAULT 80 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "business_counters" ADD CONSTRAINT "business_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_tables" ADD CONSTRAINT "section_tables_business_id_section_id_sections_business_id_id_fk" FOREIGN KEY ("business_id","section_id") REFERENCES "public"."sections"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captain_order_prints" ADD CONSTRAINT "captain_order_prints_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_payments_sale_idx" ON "credit_payments" USING btree ("business_id","sale_id","paid_at");--> statement-breakpoint
CREATE INDEX "sale_lines_product_idx" ON "sale_lines" USING btree ("business_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_business_number_key" ON "sales" USING btree ("business_id","sale_number");--> statement-breakpoint
CREATE INDEX "sales_id_idx" ON "sales" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sales_business_list_idx" ON "sales" USING btree ("business_id","channel","status","created_at");--> statement-breakpoint
CREATE INDEX "sales_business_credit_idx" ON "sales" USING btree ("business_id","created_at") WHERE "sales"."credit_amount" > 0;--> statement-breakpoint
CREATE INDEX "section_tables_section_idx" ON "section_tables" USING btree ("business_id","section_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "section_tables_section_name_key" ON "section_tables" USING btree ("business_id","section_id",lower("name"));--> statement-breakpoint
CREATE INDEX "section_tables_id_idx" ON "section_tables" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sections_id_idx" ON "sections" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "captain_order_prints_ticket_key" ON "captain_order_prints" USING btree ("business_id","ticket_id","print_number");--> statement-breakpoint
CREATE INDEX "captain_order_prints_sale_idx" ON "captain_order_prints" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE INDEX "captain_order_prints_id_idx" ON "captain_order_prints" USING btree ("id");--> statement-breakpoint
CREATE INDEX "printers_id_idx" ON "printers" USING btree ("id");