-- Issue 31 item 2: the owner's promotions (the rules: packages/shared/src/pos/promotions.ts). A sale
-- line keeps the promotion it was sold under, as named then; a sale keeps the part of its discount
-- the promotions gave, which is not the cashier's (the /summary's discounts by employee leave it out).
CREATE TABLE "promotions" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"product_ids" uuid[] NOT NULL,
	"unit_price" bigint,
	"buy_quantity" integer,
	"free_quantity" integer,
	"break_quantity" integer,
	"break_amount" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"daily_from" text,
	"daily_to" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" IN ('price', 'buyXgetY', 'quantityBreak'))
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "promotion_id" uuid;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD COLUMN "promotion_name" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "promotion_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_id_idx" ON "promotions" USING btree ("id");