CREATE TABLE "etims_codes" (
	"business_id" uuid NOT NULL,
	"code_class" text NOT NULL,
	"class_name" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"extra" text,
	"sort_order" integer,
	"in_use" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "etims_codes_business_id_code_class_code_pk" PRIMARY KEY("business_id","code_class","code")
);
--> statement-breakpoint
CREATE TABLE "etims_devices" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"kra_pin" text NOT NULL,
	"bhf_id" text NOT NULL,
	"device_serial" text NOT NULL,
	"taxpayer_name" text,
	"branch_name" text,
	"sdc_id" text NOT NULL,
	"mrc_no" text NOT NULL,
	"sealed_cmc_key" text NOT NULL,
	"base_url" text NOT NULL,
	"initialised_by" text NOT NULL,
	"initialised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code_lists_fetched_at" timestamp with time zone,
	"item_classes_fetched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "etims_item_classes" (
	"business_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer,
	"tax_type" text,
	"major" text,
	"in_use" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "etims_item_classes_business_id_code_pk" PRIMARY KEY("business_id","code")
);
--> statement-breakpoint
ALTER TABLE "etims_codes" ADD CONSTRAINT "etims_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_devices" ADD CONSTRAINT "etims_devices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_item_classes" ADD CONSTRAINT "etims_item_classes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;