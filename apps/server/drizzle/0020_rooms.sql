CREATE TABLE "bill_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid,
	"conference_id" uuid,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "bill_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "bill_payments_one_bill_check" CHECK (("bill_payments"."booking_id" IS NULL) <> ("bill_payments"."conference_id" IS NULL)),
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_charges" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"sale_id" uuid,
	"conference_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "booking_charges_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "booking_pages" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"code" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"guest_phone" text NOT NULL,
	"guests" integer DEFAULT 1 NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"nightly_rates" jsonb NOT NULL,
	"room_total" bigint DEFAULT 0 NOT NULL,
	"agreed_rate" bigint,
	"status" text DEFAULT 'booked' NOT NULL,
	"source" text DEFAULT 'desk' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"override_by" text,
	"override_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "bookings_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "bookings_stay_check" CHECK ("bookings"."check_out" > "bookings"."check_in")
);
--> statement-breakpoint
CREATE TABLE "conference_prices" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"per_person_per_day" bigint DEFAULT 0 NOT NULL,
	"hall_hire_per_day" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "conference_prices_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "conferences" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"organiser" text NOT NULL,
	"organiser_phone" text NOT NULL,
	"hall" text DEFAULT '' NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"persons" integer NOT NULL,
	"price_id" uuid NOT NULL,
	"per_person_per_day" bigint DEFAULT 0 NOT NULL,
	"hall_hire_per_day" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"booking_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "conferences_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "conferences_days_check" CHECK ("conferences"."end_day" >= "conferences"."start_day")
);
--> statement-breakpoint
CREATE TABLE "online_requests" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"room_type_id" uuid NOT NULL,
	"guest_name" text NOT NULL,
	"guest_phone" text NOT NULL,
	"guests" integer DEFAULT 1 NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"booking_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "online_requests_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer DEFAULT 2 NOT NULL,
	"rate" bigint DEFAULT 0 NOT NULL,
	"weekend_rate" bigint,
	"seasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "room_types_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"room_type_id" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "rooms_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_business_id_booking_id_bookings_business_id_id_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_business_id_conference_id_conferences_business_id_id_fk" FOREIGN KEY ("business_id","conference_id") REFERENCES "public"."conferences"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_business_id_booking_id_bookings_business_id_id_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_business_id_sale_id_sales_business_id_id_fk" FOREIGN KEY ("business_id","sale_id") REFERENCES "public"."sales"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_charges" ADD CONSTRAINT "booking_charges_business_id_conference_id_conferences_business_id_id_fk" FOREIGN KEY ("business_id","conference_id") REFERENCES "public"."conferences"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_pages" ADD CONSTRAINT "booking_pages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_business_id_room_id_rooms_business_id_id_fk" FOREIGN KEY ("business_id","room_id") REFERENCES "public"."rooms"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_prices" ADD CONSTRAINT "conference_prices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_business_id_price_id_conference_prices_business_id_id_fk" FOREIGN KEY ("business_id","price_id") REFERENCES "public"."conference_prices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferences" ADD CONSTRAINT "conferences_business_id_booking_id_bookings_business_id_id_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_requests" ADD CONSTRAINT "online_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_requests" ADD CONSTRAINT "online_requests_business_id_room_type_id_room_types_business_id_id_fk" FOREIGN KEY ("business_id","room_type_id") REFERENCES "public"."room_types"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_requests" ADD CONSTRAINT "online_requests_business_id_booking_id_bookings_business_id_id_fk" FOREIGN KEY ("business_id","booking_id") REFERENCES "public"."bookings"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_business_id_room_type_id_room_types_business_id_id_fk" FOREIGN KEY ("business_id","room_type_id") REFERENCES "public"."room_types"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_booking_idx" ON "bill_payments" USING btree ("business_id","booking_id");--> statement-breakpoint
CREATE INDEX "bill_payments_conference_idx" ON "bill_payments" USING btree ("business_id","conference_id");--> statement-breakpoint
CREATE INDEX "booking_charges_booking_idx" ON "booking_charges" USING btree ("business_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_charges_conference_key" ON "booking_charges" USING btree ("business_id","conference_id") WHERE "booking_charges"."conference_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_pages_code_key" ON "booking_pages" USING btree ("code");--> statement-breakpoint
CREATE INDEX "bookings_id_idx" ON "bookings" USING btree ("id");--> statement-breakpoint
CREATE INDEX "bookings_business_stay_idx" ON "bookings" USING btree ("business_id","check_in","check_out");--> statement-breakpoint
CREATE INDEX "bookings_business_room_idx" ON "bookings" USING btree ("business_id","room_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_business_status_idx" ON "bookings" USING btree ("business_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "conference_prices_business_name_key" ON "conference_prices" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "conference_prices_id_idx" ON "conference_prices" USING btree ("id");--> statement-breakpoint
CREATE INDEX "conferences_id_idx" ON "conferences" USING btree ("id");--> statement-breakpoint
CREATE INDEX "conferences_business_start_idx" ON "conferences" USING btree ("business_id","start_day");--> statement-breakpoint
CREATE INDEX "online_requests_id_idx" ON "online_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "online_requests_business_status_idx" ON "online_requests" USING btree ("business_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_types_business_name_key" ON "room_types" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "room_types_id_idx" ON "room_types" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_business_name_key" ON "rooms" USING btree ("business_id",lower("name")) WHERE "rooms"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rooms_id_idx" ON "rooms" USING btree ("id");