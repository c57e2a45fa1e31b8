CREATE TABLE "expense_categories" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_categories_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"spent_at" timestamp with time zone NOT NULL,
	"category_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"paid_to" text NOT NULL,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"has_etims_invoice" boolean DEFAULT false NOT NULL,
	"from_till" boolean DEFAULT false NOT NULL,
	"receipt_image" text,
	"recorded_by" text NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "expenses_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"kra_pin" text,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"business_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "document_counters_business_id_type_pk" PRIMARY KEY("business_id","type")
);
--> statement-breakpoint
CREATE TABLE "document_lines" (
	"business_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_type" text NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"invoice_line_no" integer,
	CONSTRAINT "document_lines_business_id_document_id_line_no_pk" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "document_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" text,
	"refund" boolean DEFAULT false NOT NULL,
	"credit_note_id" uuid,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "document_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "document_payments_amount_positive" CHECK ("document_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_details" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "payment_details_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "sales_documents" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"seq" integer NOT NULL,
	"state" text NOT NULL,
	"client_id" uuid,
	"party_name" text NOT NULL,
	"party_kra_pin" text,
	"party_contact" text,
	"party_address" text,
	"issued_at" timestamp with time zone NOT NULL,
	"due_date" date,
	"valid_until" date,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"vat_bands" jsonb NOT NULL,
	"related_id" uuid,
	"reason" text,
	"notes" text DEFAULT '' NOT NULL,
	"etims_state" text NOT NULL,
	"etims_error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "sales_documents_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sales_documents_total_non_negative" CHECK ("sales_documents"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_up_items" (
	"business_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"movement_id" uuid NOT NULL,
	"cash_up_id" uuid NOT NULL,
	CONSTRAINT "cash_up_items_business_id_scope_movement_id_pk" PRIMARY KEY("business_id","scope","movement_id")
);
--> statement-breakpoint
CREATE TABLE "cash_ups" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"z_number" integer NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone NOT NULL,
	"movement_count" integer NOT NULL,
	"opening_float" bigint DEFAULT 0 NOT NULL,
	"cash_in" bigint DEFAULT 0 NOT NULL,
	"cash_out" bigint DEFAULT 0 NOT NULL,
	"expected_cash" bigint DEFAULT 0 NOT NULL,
	"counted_cash" bigint DEFAULT 0 NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL,
	"mpesa_in" bigint DEFAULT 0 NOT NULL,
	"mpesa_out" bigint DEFAULT 0 NOT NULL,
	"bank_in" bigint DEFAULT 0 NOT NULL,
	"bank_out" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"closed_by" text NOT NULL,
	"closed_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "cash_ups_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "manual_transactions" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "manual_transactions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "manual_transactions_amount_positive" CHECK ("manual_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "money_movements" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "money_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reference" text,
	"description" text NOT NULL,
	"source_area" text NOT NULL,
	"source_id" uuid NOT NULL,
	"source_item_id" uuid,
	"correction" text,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "money_movements_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "money_movements_amount_positive" CHECK ("money_movements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_type" text;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "tax_type" text DEFAULT 'D' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "vat_bands" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "etims_state" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_category_id_expense_categories_business_id_id_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."expense_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_lines" ADD CONSTRAINT "document_lines_business_id_document_id_sales_documents_business_id_id_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."sales_documents"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_business_id_document_id_sales_documents_business_id_id_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."sales_documents"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_details" ADD CONSTRAINT "payment_details_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_documents" ADD CONSTRAINT "sales_documents_business_id_client_id_clients_business_id_id_fk" FOREIGN KEY ("business_id","client_id") REFERENCES "public"."clients"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_up_items" ADD CONSTRAINT "cash_up_items_business_id_cash_up_id_cash_ups_business_id_id_fk" FOREIGN KEY ("business_id","cash_up_id") REFERENCES "public"."cash_ups"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_up_items" ADD CONSTRAINT "cash_up_items_business_id_movement_id_money_movements_business_id_id_fk" FOREIGN KEY ("business_id","movement_id") REFERENCES "public"."money_movements"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_transactions" ADD CONSTRAINT "manual_transactions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_business_name_key" ON "expense_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "expense_categories_id_idx" ON "expense_categories" USING btree ("id");--> statement-breakpoint
CREATE INDEX "expenses_id_idx" ON "expenses" USING btree ("id");--> statement-breakpoint
CREATE INDEX "expenses_business_time_idx" ON "expenses" USING btree ("business_id","spent_at") WHERE "expenses"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "clients_id_idx" ON "clients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "clients_business_name_idx" ON "clients" USING btree ("business_id",lower("company_name"));--> statement-breakpoint
CREATE INDEX "document_payments_document_idx" ON "document_payments" USING btree ("business_id","document_id");--> statement-breakpoint
CREATE INDEX "payment_details_id_idx" ON "payment_details" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_documents_number_key" ON "sales_documents" USING btree ("business_id","type","seq");--> statement-breakpoint
CREATE INDEX "sales_documents_id_idx" ON "sales_documents" USING btree ("id");--> statement-breakpoint
CREATE INDEX "sales_documents_related_idx" ON "sales_documents" USING btree ("business_id","related_id");--> statement-breakpoint
CREATE INDEX "cash_up_items_cash_up_idx" ON "cash_up_items" USING btree ("business_id","cash_up_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_ups_business_z_key" ON "cash_ups" USING btree ("business_id","z_number");--> statement-breakpoint
CREATE INDEX "cash_ups_id_idx" ON "cash_ups" USING btree ("id");--> statement-breakpoint
CREATE INDEX "manual_transactions_id_idx" ON "manual_transactions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "money_movements_id_idx" ON "money_movements" USING btree ("id");--> statement-breakpoint
CREATE INDEX "money_movements_business_time_idx" ON "money_movements" USING btree ("business_id","occurred_at","seq");--> statement-breakpoint
CREATE INDEX "money_movements_source_idx" ON "money_movements" USING btree ("business_id","source_area","source_id");--> statement-breakpoint
CREATE INDEX "money_movements_actor_idx" ON "money_movements" USING btree ("business_id","actor_id","created_at");