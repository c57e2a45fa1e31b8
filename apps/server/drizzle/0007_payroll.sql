CREATE TABLE "commission_rules" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid,
	"occupation" text,
	"kind" text NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"amount_per_item" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "commission_rules_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "pay_profiles" (
	"business_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kra_pin" text,
	"nssf_number" text,
	"sha_number" text,
	"id_number" text,
	"pay_method" text DEFAULT 'bank' NOT NULL,
	"bank_name" text,
	"bank_account" text,
	"mpesa_phone" text,
	"basic_pay" bigint DEFAULT 0 NOT NULL,
	"allowances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_profiles_business_id_employee_id_pk" PRIMARY KEY("business_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_name" text NOT NULL,
	"occupation" text NOT NULL,
	"kra_pin" text,
	"nssf_number" text,
	"sha_number" text,
	"id_number" text,
	"pay_method" text NOT NULL,
	"pay_to" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"payslip" jsonb NOT NULL,
	CONSTRAINT "payroll_lines_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rule_set_id" uuid NOT NULL,
	"employee_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"payment_reference" text,
	CONSTRAINT "payroll_runs_business_id_id_pk" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "statutory_rule_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"effective_from" date NOT NULL,
	"rules" jsonb NOT NULL,
	"sources" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statutory_rule_sets_effective_from_unique" UNIQUE("effective_from")
);
--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_business_id_employee_id_employees_business_id_id_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_profiles" ADD CONSTRAINT "pay_profiles_business_id_employee_id_employees_business_id_id_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_business_id_run_id_payroll_runs_business_id_id_fk" FOREIGN KEY ("business_id","run_id") REFERENCES "public"."payroll_runs"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_business_id_employee_id_employees_business_id_id_fk" FOREIGN KEY ("business_id","employee_id") REFERENCES "public"."employees"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_rule_set_id_statutory_rule_sets_id_fk" FOREIGN KEY ("rule_set_id") REFERENCES "public"."statutory_rule_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_employee_key" ON "commission_rules" USING btree ("business_id","employee_id") WHERE "commission_rules"."employee_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_occupation_key" ON "commission_rules" USING btree ("business_id",lower("occupation")) WHERE "commission_rules"."occupation" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "commission_rules_id_idx" ON "commission_rules" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_run_employee_key" ON "payroll_lines" USING btree ("business_id","run_id","employee_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_employee_idx" ON "payroll_lines" USING btree ("business_id","employee_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_id_idx" ON "payroll_lines" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_business_month_key" ON "payroll_runs" USING btree ("business_id","month");--> statement-breakpoint
CREATE INDEX "payroll_runs_id_idx" ON "payroll_runs" USING btree ("id");--> statement-breakpoint
-- The Kenyan statutory rule sets in force and earlier (for back pay), from packages/shared/src/payroll/kenya-rule-sets.ts.
-- Later changes of the law are added as new rows (provider support, POST /api/payrollRuleSets), never by editing these.
INSERT INTO "statutory_rule_sets" ("name", "effective_from", "rules", "sources", "created_by") VALUES
  ('SHIF replaces NHIF (Oct 2024)', '2024-10-01', '{"paye":{"bands":[{"upTo":2400000,"rateBp":1000},{"upTo":3233300,"rateBp":2500},{"upTo":50000000,"rateBp":3000},{"upTo":80000000,"rateBp":3250},{"upTo":null,"rateBp":3500}],"personalRelief":240000,"insuranceReliefRateBp":1500,"insuranceReliefCap":500000},"nssf":{"rateBp":600,"employerRateBp":600,"lowerLimit":700000,"upperLimit":3600000},"shif":{"rateBp":275,"minimum":30000,"deductible":false},"ahl":{"rateBp":150,"employerRateBp":150,"deductible":false,"reliefRateBp":1500,"reliefCap":900000},"pensionCap":2000000,"nitaPerEmployee":5000}'::jsonb, 'PAYE bands from 1 Jul 2023: Finance Act 2023 (KRA table quoted by victormatara.com, theonlinekenyan.com). Personal relief 2,400 and insurance relief 15% capped at 5,000 a month: kra.go.ke FAQ 733; PwC tax summaries. NITA 50 per employee per month, employer cost: nita.go.ke levy inspectorate. SHIF 2.75% of gross, minimum 300, from 1 Oct 2024: PaySpace SHIF article; SHA statement. AHL 1.5% + 1.5%: Affordable Housing Act gazetted 19 Mar 2024 (kra.go.ke FAQ 733). NSSF year 2 (7,000 / 36,000) from Feb 2024: mercans.com, elevatehr.co. Unverified: the 15% affordable housing relief (cap 9,000 a month) and the 20,000 pension cap before 27 Dec 2024 are seen only in third-party calculators.', 'migration 0007'),
  ('Tax Laws (Amendment) Act 2024 (27 Dec 2024)', '2024-12-27', '{"paye":{"bands":[{"upTo":2400000,"rateBp":1000},{"upTo":3233300,"rateBp":2500},{"upTo":50000000,"rateBp":3000},{"upTo":80000000,"rateBp":3250},{"upTo":null,"rateBp":3500}],"personalRelief":240000,"insuranceReliefRateBp":1500,"insuranceReliefCap":500000},"nssf":{"rateBp":600,"employerRateBp":600,"lowerLimit":700000,"upperLimit":3600000},"shif":{"rateBp":275,"minimum":30000,"deductible":true},"ahl":{"rateBp":150,"employerRateBp":150,"deductible":true,"reliefRateBp":0,"reliefCap":0},"pensionCap":3000000,"nitaPerEmployee":5000}'::jsonb, 'PAYE bands from 1 Jul 2023: Finance Act 2023 (KRA table quoted by victormatara.com, theonlinekenyan.com). Personal relief 2,400 and insurance relief 15% capped at 5,000 a month: kra.go.ke FAQ 733; PwC tax summaries. NITA 50 per employee per month, employer cost: nita.go.ke levy inspectorate. From 27 Dec 2024 SHIF and the employee''s AHL are deducted before PAYE, the AHL relief ends and the pension cap is 30,000 a month: KRA notice on the Tax Laws (Amendment) Act 2024 (regfollower.com).', 'migration 0007'),
  ('NSSF year 3 (Feb 2025)', '2025-02-01', '{"paye":{"bands":[{"upTo":2400000,"rateBp":1000},{"upTo":3233300,"rateBp":2500},{"upTo":50000000,"rateBp":3000},{"upTo":80000000,"rateBp":3250},{"upTo":null,"rateBp":3500}],"personalRelief":240000,"insuranceReliefRateBp":1500,"insuranceReliefCap":500000},"nssf":{"rateBp":600,"employerRateBp":600,"lowerLimit":800000,"upperLimit":7200000},"shif":{"rateBp":275,"minimum":30000,"deductible":true},"ahl":{"rateBp":150,"employerRateBp":150,"deductible":true,"reliefRateBp":0,"reliefCap":0},"pensionCap":3000000,"nitaPerEmployee":5000}'::jsonb, 'PAYE bands from 1 Jul 2023: Finance Act 2023 (KRA table quoted by victormatara.com, theonlinekenyan.com). Personal relief 2,400 and insurance relief 15% capped at 5,000 a month: kra.go.ke FAQ 733; PwC tax summaries. NITA 50 per employee per month, employer cost: nita.go.ke levy inspectorate. NSSF year 3: lower limit 8,000, upper 72,000 (max 4,320 each side) from the February 2025 payroll: support.payspace.com (Kenya update to NSSF rates effective February 2025); crs.co.za 6 Feb 2025.', 'migration 0007'),
  ('NSSF year 4 (Feb 2026)', '2026-02-01', '{"paye":{"bands":[{"upTo":2400000,"rateBp":1000},{"upTo":3233300,"rateBp":2500},{"upTo":50000000,"rateBp":3000},{"upTo":80000000,"rateBp":3250},{"upTo":null,"rateBp":3500}],"personalRelief":240000,"insuranceReliefRateBp":1500,"insuranceReliefCap":500000},"nssf":{"rateBp":600,"employerRateBp":600,"lowerLimit":900000,"upperLimit":10800000},"shif":{"rateBp":275,"minimum":30000,"deductible":true},"ahl":{"rateBp":150,"employerRateBp":150,"deductible":true,"reliefRateBp":0,"reliefCap":0},"pensionCap":3000000,"nitaPerEmployee":5000}'::jsonb, 'PAYE bands from 1 Jul 2023: Finance Act 2023 (KRA table quoted by victormatara.com, theonlinekenyan.com). Personal relief 2,400 and insurance relief 15% capped at 5,000 a month: kra.go.ke FAQ 733; PwC tax summaries. NITA 50 per employee per month, employer cost: nita.go.ke levy inspectorate. NSSF year 4: lower limit 9,000, upper 108,000 (max 6,480 each side) from the February 2026 payroll: PwC Kenya tax alert 30 Jan 2026; cmadvocates.com; keldinellp.com.', 'migration 0007');
