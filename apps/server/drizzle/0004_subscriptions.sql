CREATE TABLE "mpesa_stk_requests" (
	"checkout_request_id" text PRIMARY KEY NOT NULL,
	"merchant_request_id" text NOT NULL,
	"business_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"callback_at" timestamp with time zone,
	"callback" jsonb
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"phone" text,
	"result_code" integer,
	"result_desc" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "subscription_payments_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_users" integer NOT NULL,
	"max_products" integer NOT NULL,
	"inventory_management" boolean NOT NULL,
	"analytics" boolean NOT NULL,
	"multi_branch" boolean NOT NULL,
	"api_access" boolean NOT NULL,
	"priority_support" boolean NOT NULL,
	"custom_reports" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"cycles_paid" integer DEFAULT 0 NOT NULL,
	"next_billing_date" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"payment_method" text NOT NULL,
	"mpesa_phone" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "mpesa_stk_requests" ADD CONSTRAINT "mpesa_stk_requests_business_id_payment_id_subscription_payments_business_id_id_fk" FOREIGN KEY ("business_id","payment_id") REFERENCES "public"."subscription_payments"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_business_id_subscription_id_subscriptions_business_id_id_fk" FOREIGN KEY ("business_id","subscription_id") REFERENCES "public"."subscriptions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_stk_requests_payment_key" ON "mpesa_stk_requests" USING btree ("business_id","payment_id");--> statement-breakpoint
CREATE INDEX "subscription_payments_id_idx" ON "subscription_payments" USING btree ("id");--> statement-breakpoint
CREATE INDEX "subscription_payments_subscription_idx" ON "subscription_payments" USING btree ("business_id","subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_payments_pending_idx" ON "subscription_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_transaction_key" ON "subscription_payments" USING btree ("business_id","payment_method","transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_id_idx" ON "subscriptions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","next_billing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_live_per_business" ON "subscriptions" USING btree ("business_id") WHERE status IN ('pending', 'active', 'past_due');--> statement-breakpoint
CREATE INDEX "support_requests_id_idx" ON "support_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "support_requests_time_idx" ON "support_requests" USING btree ("created_at");