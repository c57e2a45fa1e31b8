CREATE TABLE "sale_history" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sale_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"credit_payment_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "sale_history_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "credit_payments" DROP CONSTRAINT "credit_payments_business_id_sale_id_sales_business_id_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "sale_history" ADD CONSTRAINT "sale_history_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_history_sale_idx" ON "sale_history" USING btree ("business_id","sale_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE restrict ON UPDATE no action;