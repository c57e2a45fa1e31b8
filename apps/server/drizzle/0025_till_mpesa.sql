CREATE TABLE "employee_pins" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"pin_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_pins_business_id_employee_id_pk" PRIMARY KEY("business_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "mpesa_credentials" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"c2b_registered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mpesa_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"phone" text,
	"first_name" text,
	"receipt" text,
	"account_number" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"result_code" integer,
	"result_desc" text,
	"raw" jsonb,
	"matched_kind" text,
	"matched_id" uuid,
	"matched_label" text,
	"sale_id" uuid,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mpesa_payments_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "employee_pins" ADD CONSTRAINT "employee_pins_business_id_employee_id_employees_business_id_id_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_credentials" ADD CONSTRAINT "mpesa_credentials_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_payments" ADD CONSTRAINT "mpesa_payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_receipt_key" ON "mpesa_payments" USING btree ("business_id","receipt") WHERE "mpesa_payments"."receipt" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_payments_checkout_key" ON "mpesa_payments" USING btree ("checkout_request_id") WHERE "mpesa_payments"."checkout_request_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mpesa_payments_sale_idx" ON "mpesa_payments" USING btree ("business_id","sale_id");--> statement-breakpoint
CREATE INDEX "mpesa_payments_unclaimed_idx" ON "mpesa_payments" USING btree ("business_id","amount","paid_at") WHERE "mpesa_payments"."sale_id" IS NULL AND "mpesa_payments"."status" = 'confirmed';