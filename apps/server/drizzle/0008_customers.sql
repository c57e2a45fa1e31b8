CREATE TABLE "customers" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"address" text,
	"notes" text DEFAULT '' NOT NULL,
	"credit_limit" bigint,
	"archived_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_id_idx" ON "customers" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_business_phone_key" ON "customers" USING btree ("business_id","phone") WHERE "customers"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customers_business_name_idx" ON "customers" USING btree ("business_id",lower("name"),"id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_business_id_customer_id_customers_business_id_id_fk" FOREIGN KEY ("business_id","customer_id") REFERENCES "public"."customers"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_business_customer_idx" ON "sales" USING btree ("business_id","customer_id","created_at") WHERE "sales"."customer_id" IS NOT NULL;