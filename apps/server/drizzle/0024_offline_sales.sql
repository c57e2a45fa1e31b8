ALTER TABLE "sales" ADD COLUMN "offline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "stock_shortfall" jsonb;--> statement-breakpoint
CREATE INDEX "sales_business_stock_review_idx" ON "sales" USING btree ("business_id","channel","sale_number") WHERE "sales"."stock_shortfall" IS NOT NULL;