import { z } from "zod";

/**
 * A statutory rule set: every rate and limit a Kenyan payslip needs, in force from a date.
 * Rule sets are dated rows (the server's `statutory_rule_sets` table, seeded by a migration and
 * extended by provider support), never constants in the computation: `computePayslip` takes one
 * as an argument, and a payroll run records which one it used.
 *
 * Units: amounts are integer cents of KES per month; rates are basis points (1% = 100 bp, so
 * 2.75% = 275 and 32.5% = 3250), which keeps every rate an integer.
 */

/** The largest monthly amount a rule or a pay figure may hold: KES 50 million. */
export const MAX_MONTHLY_CENTS = 5_000_000_000;

export const monthlyCentsSchema = z
  .number()
  .int("Amounts are whole cents")
  .min(0, "Cannot be negative")
  .max(MAX_MONTHLY_CENTS, "Too large for a monthly amount");

export const basisPointsSchema = z
  .number()
  .int("Rates are whole basis points (1% = 100)")
  .min(0, "Cannot be negative")
  .max(10_000, "Cannot be above 100%");

/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date("Use a date like 2026-02-01");

/** One PAYE band: the rate on taxable pay above the previous band's upper limit, up to `upTo` (null: no limit). */
export const payeBandSchema = z.object({ upTo: monthlyCentsSchema.nullable(), rateBp: basisPointsSchema });
export type PayeBand = z.infer<typeof payeBandSchema>;

export const statutoryRulesSchema = z
  .object({
    paye: z.object({
      /** Cumulative monthly bands, ascending; the last has no upper limit. */
      bands: z.array(payeBandSchema).min(1).max(12),
      personalRelief: monthlyCentsSchema,
      insuranceReliefRateBp: basisPointsSchema,
      insuranceReliefCap: monthlyCentsSchema,
    }),
    nssf: z.object({
      rateBp: basisPointsSchema,
      employerRateBp: basisPointsSchema,
      /** Tier I: pensionable pay up to the lower earnings limit. */
      lowerLimit: monthlyCentsSchema,
      /** Tier II: pensionable pay above the lower and up to the upper earnings limit. */
      upperLimit: monthlyCentsSchema,
    }),
    shif: z.object({
      rateBp: basisPointsSchema,
      minimum: monthlyCentsSchema,
      /** Deducted from pay before PAYE (from 27 Dec 2024). */
      deductible: z.boolean(),
    }),
    ahl: z.object({
      rateBp: basisPointsSchema,
      employerRateBp: basisPointsSchema,
      /** The employee's levy is deducted before PAYE (from 27 Dec 2024). */
      deductible: z.boolean(),
      /** Affordable housing relief on the employee's levy (before 27 Dec 2024), 0 when none. */
      reliefRateBp: basisPointsSchema,
      reliefCap: monthlyCentsSchema,
    }),
    /** NSSF plus registered pension contributions deductible before PAYE, per month. */
    pensionCap: monthlyCentsSchema,
    /** NITA training levy, paid by the employer per employee per month. */
    nitaPerEmployee: monthlyCentsSchema,
  })
  .superRefine((rules, ctx) => {
    const { bands } = rules.paye;
    bands.forEach((band, i) => {
      const last = i === bands.length - 1;
      if (last && band.upTo !== null)
        ctx.addIssue({ code: "custom", path: ["paye", "bands", i, "upTo"], message: "The last band has no limit" });
      if (!last && band.upTo === null)
        ctx.addIssue({
          code: "custom",
          path: ["paye", "bands", i, "upTo"],
          message: "Only the last band has no limit",
        });
      const previous = i > 0 ? bands[i - 1]!.upTo : 0;
      if (!last && band.upTo !== null && previous !== null && band.upTo <= previous)
        ctx.addIssue({ code: "custom", path: ["paye", "bands", i, "upTo"], message: "Bands must go up" });
    });
    if (rules.nssf.upperLimit < rules.nssf.lowerLimit)
      ctx.addIssue({
        code: "custom",
        path: ["nssf", "upperLimit"],
        message: "The upper limit cannot be below the lower",
      });
  });
export type StatutoryRules = z.infer<typeof statutoryRulesSchema>;

/** What provider support sends to add a rule set (POST /api/payrollRuleSets). */
export const createRuleSetInputSchema = z.object({
  name: z.string().trim().min(1, "Name the rule set").max(120),
  effectiveFrom: isoDateSchema,
  rules: statutoryRulesSchema,
  /** Where the figures come from (laws, notices), shown beside the rule set. */
  sources: z.string().trim().max(4000).default(""),
});
export type CreateRuleSetInput = z.input<typeof createRuleSetInputSchema>;

export const ruleSetSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  effectiveFrom: isoDateSchema,
  rules: statutoryRulesSchema,
  sources: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type RuleSet = z.infer<typeof ruleSetSchema>;

/** A pay month, YYYY-MM. */
export const payMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use a month like 2026-01");

/** The last day of a pay month ("2024-12" -> "2024-12-31"). */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, "0")}`;
}

/**
 * The rule set in force for a pay month: the one with the latest effective date on or before
 * the month's last day (pay is due at month end, so a law in force by then applies to the
 * month: the Tax Laws (Amendment) Act of 27 Dec 2024 applies to December 2024's pay). Null
 * when none had started yet.
 */
export function ruleSetForMonth<T extends { effectiveFrom: string }>(ruleSets: readonly T[], month: string): T | null {
  const payDay = lastDayOfMonth(month);
  let found: T | null = null;
  for (const set of ruleSets)
    if (set.effectiveFrom <= payDay && (!found || set.effectiveFrom > found.effectiveFrom)) found = set;
  return found;
}
