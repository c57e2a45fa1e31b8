ALTER TABLE "businesses" ADD COLUMN "inactive_reason" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "plan_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "billing_cycle" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refund_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_payments_refund_idx" ON "subscription_payments" USING btree ("refund_flagged_at") WHERE refund_reason IS NOT NULL;