CREATE TABLE "report_day_parts" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_day_parts_business_id_dim_day_key_pk" PRIMARY KEY("business_id","dim","day","key")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"sales_total" bigint DEFAULT 0 NOT NULL,
	"cost_total" bigint DEFAULT 0 NOT NULL,
	"items" bigint DEFAULT 0 NOT NULL,
	"voided_count" integer DEFAULT 0 NOT NULL,
	"voided_total" bigint DEFAULT 0 NOT NULL,
	"credit_collected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_days_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_dirty_days" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "report_dirty_days_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_line_costs" (
	"business_id" uuid NOT NULL,
	"sale_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_line_costs_business_id_sale_id_product_id_pk" PRIMARY KEY("business_id","sale_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_month_parts" (
	"business_id" uuid NOT NULL,
	"month" date NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_month_parts_business_id_dim_month_key_pk" PRIMARY KEY("business_id","dim","month","key")
);
--> statement-breakpoint
ALTER TABLE "report_day_parts" ADD CONSTRAINT "report_day_parts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_dirty_days" ADD CONSTRAINT "report_dirty_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_line_costs" ADD CONSTRAINT "report_line_costs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_month_parts" ADD CONSTRAINT "report_month_parts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;