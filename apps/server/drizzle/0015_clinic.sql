CREATE TABLE "clinic_counters" (
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "clinic_counters_business_id_name_pk" PRIMARY KEY("business_id","name")
);
--> statement-breakpoint
CREATE TABLE "clinic_services" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_services_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "lab_requests" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"service_id" uuid,
	"test_name" text NOT NULL,
	"price" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"value" text,
	"unit" text,
	"reference_range" text,
	"flag" text,
	"comment" text,
	"resulted_by" text,
	"resulted_at" timestamp with time zone,
	CONSTRAINT "lab_requests_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "patient_access_log" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"user_kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"occupation" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "patient_access_log_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"patient_number" integer NOT NULL,
	"full_name" text NOT NULL,
	"sex" text NOT NULL,
	"birth_date" date,
	"phone" text,
	"id_number" text,
	"residence" text,
	"next_of_kin" text,
	"member_number" text,
	"allergies" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"medicine" text NOT NULL,
	"unit" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"duration_days" integer,
	"quantity" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"prescribed_by" text NOT NULL,
	"prescribed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"dispensed_by" text,
	"dispensed_at" timestamp with time zone,
	"amount" bigint,
	"batches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allergy_override_by" text,
	CONSTRAINT "prescriptions_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "prescriptions_quantity_positive" CHECK ("prescriptions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "visit_charges" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "visit_charges_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "visit_charges_amount_non_negative" CHECK ("visit_charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_payments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text,
	"insurer" text,
	"member_number" text,
	"preauth_reference" text,
	"recorded_by" text NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_payments_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "visit_payments_amount_positive" CHECK ("visit_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"visit_number" integer NOT NULL,
	"patient_id" uuid NOT NULL,
	"stage" text DEFAULT 'waiting' NOT NULL,
	"service_name" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"clinician_id" uuid,
	"clinician_name" text,
	"temperature" numeric(5, 1),
	"systolic" integer,
	"diastolic" integer,
	"pulse" integer,
	"weight" numeric(5, 1),
	"height" numeric(5, 1),
	"vitals_by" text,
	"vitals_at" timestamp with time zone,
	"complaint" text DEFAULT '' NOT NULL,
	"history" text DEFAULT '' NOT NULL,
	"examination" text DEFAULT '' NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"icd10_code" text,
	"icd10_title" text,
	"plan" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_batches" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_batches_business_id_id_pk" PRIMARY KEY("business_id","id"),
	CONSTRAINT "product_batches_quantity_range" CHECK ("product_batches"."quantity" >= 0 AND "product_batches"."quantity" <= "product_batches"."received")
);
--> statement-breakpoint
ALTER TABLE "clinic_counters" ADD CONSTRAINT "clinic_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_services" ADD CONSTRAINT "clinic_services_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_requests" ADD CONSTRAINT "lab_requests_business_id_visit_id_visits_business_id_id_fk" FOREIGN KEY ("business_id","visit_id") REFERENCES "public"."visits"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_access_log" ADD CONSTRAINT "patient_access_log_business_id_patient_id_patients_business_id_id_fk" FOREIGN KEY ("business_id","patient_id") REFERENCES "public"."patients"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_business_id_visit_id_visits_business_id_id_fk" FOREIGN KEY ("business_id","visit_id") REFERENCES "public"."visits"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_charges" ADD CONSTRAINT "visit_charges_business_id_visit_id_visits_business_id_id_fk" FOREIGN KEY ("business_id","visit_id") REFERENCES "public"."visits"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_payments" ADD CONSTRAINT "visit_payments_business_id_visit_id_visits_business_id_id_fk" FOREIGN KEY ("business_id","visit_id") REFERENCES "public"."visits"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_business_id_patient_id_patients_business_id_id_fk" FOREIGN KEY ("business_id","patient_id") REFERENCES "public"."patients"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_batches" ADD CONSTRAINT "product_batches_business_id_product_id_products_business_id_id_fk" FOREIGN KEY ("business_id","product_id") REFERENCES "public"."products"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_services_name_key" ON "clinic_services" USING btree ("business_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "clinic_services_id_idx" ON "clinic_services" USING btree ("id");--> statement-breakpoint
CREATE INDEX "lab_requests_id_idx" ON "lab_requests" USING btree ("id");--> statement-breakpoint
CREATE INDEX "lab_requests_visit_idx" ON "lab_requests" USING btree ("business_id","visit_id");--> statement-breakpoint
CREATE INDEX "lab_requests_status_idx" ON "lab_requests" USING btree ("business_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "patient_access_log_patient_idx" ON "patient_access_log" USING btree ("business_id","patient_id","at");--> statement-breakpoint
CREATE INDEX "patient_access_log_time_idx" ON "patient_access_log" USING btree ("business_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_number_key" ON "patients" USING btree ("business_id","patient_number");--> statement-breakpoint
CREATE INDEX "patients_id_idx" ON "patients" USING btree ("id");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("business_id",lower("full_name"));--> statement-breakpoint
CREATE INDEX "prescriptions_id_idx" ON "prescriptions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "prescriptions_visit_idx" ON "prescriptions" USING btree ("business_id","visit_id");--> statement-breakpoint
CREATE INDEX "prescriptions_status_idx" ON "prescriptions" USING btree ("business_id","status","prescribed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_charges_ref_key" ON "visit_charges" USING btree ("business_id","ref_id") WHERE "visit_charges"."ref_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "visit_charges_visit_idx" ON "visit_charges" USING btree ("business_id","visit_id");--> statement-breakpoint
CREATE INDEX "visit_charges_time_idx" ON "visit_charges" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "visit_payments_visit_idx" ON "visit_payments" USING btree ("business_id","visit_id");--> statement-breakpoint
CREATE INDEX "visit_payments_time_idx" ON "visit_payments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_number_key" ON "visits" USING btree ("business_id","visit_number");--> statement-breakpoint
CREATE INDEX "visits_id_idx" ON "visits" USING btree ("id");--> statement-breakpoint
CREATE INDEX "visits_patient_idx" ON "visits" USING btree ("business_id","patient_id","queued_at");--> statement-breakpoint
CREATE INDEX "visits_queue_idx" ON "visits" USING btree ("business_id","queued_at");--> statement-breakpoint
CREATE INDEX "visits_open_idx" ON "visits" USING btree ("business_id","stage") WHERE "visits"."stage" <> 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "product_batches_number_key" ON "product_batches" USING btree ("business_id","product_id","batch_number");--> statement-breakpoint
CREATE INDEX "product_batches_expiry_idx" ON "product_batches" USING btree ("business_id","product_id","expiry_date");--> statement-breakpoint
CREATE INDEX "product_batches_id_idx" ON "product_batches" USING btree ("id");