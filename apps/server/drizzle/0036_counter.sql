CREATE TABLE "owner_pins" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawer_openings" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"reason" text NOT NULL,
	"sale_id" uuid,
	"opened_by" text NOT NULL,
	"opened_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_openings_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "cash_rounding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "max_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "list_price" bigint;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "discount_reason" text;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "ticket_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "discount_approved_by" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cash_rounding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_pins" ADD CONSTRAINT "owner_pins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_openings_business_idx" ON "drawer_openings" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_cash_rounding" CHECK (cash_rounding IN (0, 1, 5, 10));--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_max_discount_percent" CHECK (max_discount_percent BETWEEN 0 AND 100);