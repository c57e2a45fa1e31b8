ALTER TABLE "subscription_payments" ALTER COLUMN "plan_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_payments" ALTER COLUMN "billing_cycle" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_inactive_reason" CHECK (account_active = (inactive_reason IS NULL));--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_refund_flagged" CHECK ((refund_reason IS NULL) = (refund_flagged_at IS NULL));