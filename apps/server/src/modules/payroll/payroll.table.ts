import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { COMMISSION_KINDS } from "@app/shared/payroll/commission";
import { PAY_METHODS, type PayProfileValues } from "@app/shared/payroll/pay-profile";
import { PAYROLL_STATUSES } from "@app/shared/payroll/payroll";
import type { Payslip, PayslipTotals } from "@app/shared/payroll/payslip";
import type { StatutoryRules } from "@app/shared/payroll/rule-set";
import { businesses } from "../businesses/businesses.table.ts";
import { employees } from "../hr/employees.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Statutory rule sets (PAYE bands, reliefs, NSSF limits, SHIF, AHL, NITA), each in force from its
 * date: platform data, like plans (no business). Seeded by the payroll migration; provider
 * support adds new ones. Never updated: a run points at the one it used.
 */
export const statutoryRuleSets = pgTable("statutory_rule_sets", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  effectiveFrom: date("effective_from", { mode: "string" }).notNull().unique(),
  rules: jsonb("rules").$type<StatutoryRules>().notNull(),
  sources: text("sources").notNull().default(""),
  createdBy: text("created_by").notNull(),
  createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
});

/** An employee's pay profile, owned by payroll (one per employee). */
export const payProfiles = pgTable(
  "pay_profiles",
  {
    businessId: uuid("business_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    kraPin: text("kra_pin"),
    nssfNumber: text("nssf_number"),
    shaNumber: text("sha_number"),
    idNumber: text("id_number"),
    payMethod: text("pay_method", { enum: PAY_METHODS }).notNull().default("bank"),
    bankName: text("bank_name"),
    bankAccount: text("bank_account"),
    mpesaPhone: text("mpesa_phone"),
    basicPay: cents("basic_pay"),
    allowances: jsonb("allowances").$type<PayProfileValues["allowances"]>().notNull().default([]),
    deductions: jsonb("deductions").$type<PayProfileValues["deductions"]>().notNull().default([]),
    updatedBy: text("updated_by").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow().$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.employeeId] }),
    foreignKey({ columns: [t.businessId, t.employeeId], foreignColumns: [employees.businessId, employees.id] }),
  ],
);

/** A payroll run: one per business and month; draft, then approved (frozen), then paid. */
export const payrollRuns = pgTable(
  "payroll_runs",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    month: text("month").notNull(),
    status: text("status", { enum: PAYROLL_STATUSES }).notNull().default("draft"),
    ruleSetId: uuid("rule_set_id")
      .notNull()
      .references(() => statutoryRuleSets.id),
    employeeCount: integer("employee_count").notNull(),
    totals: jsonb("totals").$type<PayslipTotals>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow().$defaultFn(now),
    approvedBy: text("approved_by"),
    approvedAt: at("approved_at"),
    paidBy: text("paid_by"),
    paidAt: at("paid_at"),
    paidOn: date("paid_on", { mode: "string" }),
    paymentReference: text("payment_reference"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    uniqueIndex("payroll_runs_business_month_key").on(t.businessId, t.month),
    index("payroll_runs_id_idx").on(t.id),
  ],
);

/** One employee's frozen payslip in a run, with the statutory numbers as they were. */
export const payrollLines = pgTable(
  "payroll_lines",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    runId: uuid("run_id").notNull(),
    employeeId: uuid("employee_id").notNull(),
    employeeName: text("employee_name").notNull(),
    occupation: text("occupation").notNull(),
    kraPin: text("kra_pin"),
    nssfNumber: text("nssf_number"),
    shaNumber: text("sha_number"),
    idNumber: text("id_number"),
    payMethod: text("pay_method", { enum: PAY_METHODS }).notNull(),
    payTo: text("pay_to").notNull(),
    gross: cents("gross"),
    net: cents("net"),
    payslip: jsonb("payslip").$type<Payslip>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.runId], foreignColumns: [payrollRuns.businessId, payrollRuns.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.businessId, t.employeeId], foreignColumns: [employees.businessId, employees.id] }),
    uniqueIndex("payroll_lines_run_employee_key").on(t.businessId, t.runId, t.employeeId),
    // An employee's own payslips (My Account).
    index("payroll_lines_employee_idx").on(t.businessId, t.employeeId),
    index("payroll_lines_id_idx").on(t.id),
  ],
);

/** Commission rules: for an employee or an occupation, a percentage of sales or an amount per item. */
export const commissionRules = pgTable(
  "commission_rules",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    employeeId: uuid("employee_id"),
    occupation: text("occupation"),
    kind: text("kind", { enum: COMMISSION_KINDS }).notNull(),
    rateBp: integer("rate_bp").notNull().default(0),
    amountPerItem: cents("amount_per_item"),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at")
      .notNull()
      .default(sql`clock_timestamp()`)
      .$defaultFn(now),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] }),
    foreignKey({ columns: [t.businessId, t.employeeId], foreignColumns: [employees.businessId, employees.id] }),
    // One rule per employee and per occupation.
    uniqueIndex("commission_rules_employee_key")
      .on(t.businessId, t.employeeId)
      .where(sql`${t.employeeId} IS NOT NULL`),
    uniqueIndex("commission_rules_occupation_key")
      .on(t.businessId, sql`lower(${t.occupation})`)
      .where(sql`${t.occupation} IS NOT NULL`),
    index("commission_rules_id_idx").on(t.id),
  ],
);
