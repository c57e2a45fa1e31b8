import { z } from "zod";
import { PAY_METHODS } from "./pay-profile.ts";
import { PAYSLIP_TOTAL_KEYS, payslipSchema } from "./payslip.ts";
import { isoDateSchema, payMonthSchema } from "./rule-set.ts";

/**
 * Payroll runs: one per business and month. A run is computed as a draft (its lines frozen with
 * the rule set it used), then approved (it never changes again) and marked paid. Only a draft
 * can be deleted; to change a draft, delete it and run the month again.
 */
export const PAYROLL_STATUSES = ["draft", "approved", "paid"] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];

export const createPayrollInputSchema = z.object({
  businessId: z.uuid(),
  month: payMonthSchema,
  /** A rule set chosen by hand (e.g. December 2024); by default the one in force at the month's end. */
  ruleSetId: z.uuid().optional(),
  /** Add the month's commissions (commission rules, from the sales ledger) as earnings. */
  includeCommissions: z.boolean().default(true),
  /** Only these employees (all active staff with a pay profile when not given). */
  employeeIds: z.array(z.uuid()).min(1).max(5_000).optional(),
});
export type CreatePayrollInput = z.input<typeof createPayrollInputSchema>;

export const markPayrollPaidInputSchema = z.object({
  /** The day the money went out. */
  paidOn: isoDateSchema,
  /** A bank batch or M-Pesa bulk reference. */
  reference: z.string().trim().max(100).optional(),
});
export type MarkPayrollPaidInput = z.input<typeof markPayrollPaidInputSchema>;

export const payslipTotalsSchema = z.object(
  Object.fromEntries(PAYSLIP_TOTAL_KEYS.map((k) => [k, z.number().int()])) as Record<
    (typeof PAYSLIP_TOTAL_KEYS)[number],
    z.ZodNumber
  >,
);

export const payrollRunSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  month: payMonthSchema,
  status: z.enum(PAYROLL_STATUSES),
  ruleSet: z.object({ _id: z.uuid(), name: z.string(), effectiveFrom: isoDateSchema }),
  employees: z.number().int(),
  totals: payslipTotalsSchema,
  createdBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  approvedBy: z.string().nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  paidBy: z.string().nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  paidOn: isoDateSchema.nullable(),
  paymentReference: z.string().nullable(),
});
export type PayrollRun = z.infer<typeof payrollRunSchema>;

/** One employee's line of a run: who, where the pay goes, and the frozen payslip. */
export const payslipLineSchema = z.object({
  _id: z.uuid(),
  payrollId: z.uuid(),
  businessId: z.uuid(),
  month: payMonthSchema,
  status: z.enum(PAYROLL_STATUSES),
  ruleSetName: z.string(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  occupation: z.string(),
  kraPin: z.string().nullable(),
  nssfNumber: z.string().nullable(),
  shaNumber: z.string().nullable(),
  idNumber: z.string().nullable(),
  payMethod: z.enum(PAY_METHODS),
  payTo: z.string(),
  payslip: payslipSchema,
});
export type PayslipLine = z.infer<typeof payslipLineSchema>;

/** The monthly returns and the payment list, as CSV files. */
export const PAYROLL_SCHEDULES = ["paye", "nssf", "shif", "ahl", "payments"] as const;
export type PayrollSchedule = (typeof PAYROLL_SCHEDULES)[number];
