import { z } from "zod";
import type { StatutoryRules } from "./rule-set.ts";

/**
 * One month's payslip, every step in integer cents (section 1.2 of the payroll research):
 *
 *  1. gross = basic pay + allowances + commissions
 *  2. NSSF tier I = rate x min(gross, lower limit); tier II = rate x (min(gross, upper limit) - lower limit)
 *     (pensionable pay is gross pay, as Kenyan bureaus compute it); the employer matches each tier
 *  3. SHIF = max(rate x gross, minimum); AHL = rate x gross (employee), the employer pays the same rate
 *  4. allowable = min(NSSF + registered pension, pension cap) + SHIF and AHL when the rule set deducts them
 *  5. taxable pay = gross - allowable; tax = the sum over bands of rate x the slice of taxable pay in the band
 *  6. PAYE = max(0, tax - personal relief - insurance relief - housing relief)
 *  7. net = gross - NSSF - SHIF - AHL - PAYE - every other deduction (pension, insurance, HELB, loans, ...)
 *  8. employer cost = gross + NSSF employer + AHL employer + NITA
 *
 * Rounding: each line that applies a rate (each NSSF tier, SHIF, AHL, each tax band, each relief)
 * is rounded on its own to the nearest cent, halves up; sums of lines are then exact. No KRA
 * rule names a rounding; per-line half-up reproduces the published worked examples to the cent.
 */

/** A rate in basis points of an amount in cents, rounded half up to the cent (amounts are never negative). */
export function applyRate(cents: number, rateBp: number): number {
  const scaled = cents * rateBp; // exact: both are integers and the product stays below 2^53
  const whole = Math.floor(scaled / 10_000);
  const rest = scaled - whole * 10_000; // exact integer remainder, 0..9999
  return rest >= 5_000 ? whole + 1 : whole;
}

/** Deductions other than the statutory ones. `pension` (a registered scheme) is deducted before PAYE. */
export const DEDUCTION_KINDS = ["helb", "loan", "advance", "sacco", "insurance", "pension", "other"] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

export type PayslipInput = {
  basicPay: number;
  allowances: readonly { name: string; amount: number }[];
  /** Commissions earned in the month (commission rules), paid as earnings. */
  commissions: number;
  deductions: readonly { kind: DeductionKind; name: string; amount: number }[];
};

const cents = z.number().int();
export const taxBandLineSchema = z.object({
  from: cents,
  upTo: cents.nullable(),
  rateBp: cents,
  taxable: cents,
  tax: cents,
});
export type TaxBandLine = z.infer<typeof taxBandLineSchema>;

/** Every figure of a payslip, frozen on the run line when it is computed. */
export const payslipSchema = z.object({
  basicPay: cents,
  allowances: z.array(z.object({ name: z.string(), amount: cents })),
  allowancesTotal: cents,
  commissions: cents,
  gross: cents,
  nssfTier1: cents,
  nssfTier2: cents,
  nssf: cents,
  nssfEmployerTier1: cents,
  nssfEmployerTier2: cents,
  nssfEmployer: cents,
  shif: cents,
  ahl: cents,
  ahlEmployer: cents,
  /** Registered pension contributions other than NSSF. */
  pension: cents,
  /** NSSF + pension, capped: the part deducted before PAYE. */
  allowablePension: cents,
  allowableDeductions: cents,
  taxablePay: cents,
  taxBands: z.array(taxBandLineSchema),
  taxBeforeRelief: cents,
  personalRelief: cents,
  insuranceRelief: cents,
  housingRelief: cents,
  paye: cents,
  otherDeductions: z.array(z.object({ kind: z.enum(DEDUCTION_KINDS), name: z.string(), amount: cents })),
  otherDeductionsTotal: cents,
  totalDeductions: cents,
  net: cents,
  nita: cents,
  employerCost: cents,
});
export type Payslip = z.infer<typeof payslipSchema>;

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);

/** Tax on taxable pay, band by band (each band's tax rounded on its own). */
export function taxByBand(taxablePay: number, bands: StatutoryRules["paye"]["bands"]): TaxBandLine[] {
  const lines: TaxBandLine[] = [];
  let from = 0;
  for (const band of bands) {
    const top = band.upTo === null ? taxablePay : Math.min(taxablePay, band.upTo);
    const taxable = Math.max(0, top - from);
    lines.push({ from, upTo: band.upTo, rateBp: band.rateBp, taxable, tax: applyRate(taxable, band.rateBp) });
    if (band.upTo === null) break;
    from = band.upTo;
  }
  return lines;
}

/** The NSSF tiers of pensionable pay: [tier I base, tier II base]. */
export function nssfBases(pensionable: number, nssf: StatutoryRules["nssf"]): [number, number] {
  const tier1 = Math.min(pensionable, nssf.lowerLimit);
  const tier2 = Math.max(0, Math.min(pensionable, nssf.upperLimit) - nssf.lowerLimit);
  return [tier1, tier2];
}

/** Computes one month's payslip under a rule set (see the steps and the rounding rule above). */
export function computePayslip(input: PayslipInput, rules: StatutoryRules): Payslip {
  const allowancesTotal = sum(input.allowances.map((a) => a.amount));
  const gross = input.basicPay + allowancesTotal + input.commissions;
  const paid = gross > 0; // nothing is due on a month without pay

  const [tier1Base, tier2Base] = nssfBases(gross, rules.nssf);
  const nssfTier1 = applyRate(tier1Base, rules.nssf.rateBp);
  const nssfTier2 = applyRate(tier2Base, rules.nssf.rateBp);
  const nssfEmployerTier1 = applyRate(tier1Base, rules.nssf.employerRateBp);
  const nssfEmployerTier2 = applyRate(tier2Base, rules.nssf.employerRateBp);
  const nssf = nssfTier1 + nssfTier2;
  const shif = paid ? Math.max(applyRate(gross, rules.shif.rateBp), rules.shif.minimum) : 0;
  const ahl = applyRate(gross, rules.ahl.rateBp);
  const ahlEmployer = applyRate(gross, rules.ahl.employerRateBp);

  const pension = sum(input.deductions.filter((d) => d.kind === "pension").map((d) => d.amount));
  const allowablePension = Math.min(nssf + pension, rules.pensionCap);
  const allowableDeductions = allowablePension + (rules.shif.deductible ? shif : 0) + (rules.ahl.deductible ? ahl : 0);
  const taxablePay = Math.max(0, gross - allowableDeductions);
  const taxBands = taxByBand(taxablePay, rules.paye.bands);
  const taxBeforeRelief = sum(taxBands.map((b) => b.tax));

  const premiums = sum(input.deductions.filter((d) => d.kind === "insurance").map((d) => d.amount));
  const personalRelief = paid ? rules.paye.personalRelief : 0;
  const insuranceRelief = Math.min(
    applyRate(premiums, rules.paye.insuranceReliefRateBp),
    rules.paye.insuranceReliefCap,
  );
  const housingRelief = Math.min(applyRate(ahl, rules.ahl.reliefRateBp), rules.ahl.reliefCap);
  const paye = Math.max(0, taxBeforeRelief - personalRelief - insuranceRelief - housingRelief);

  const otherDeductions = input.deductions.map((d) => ({ kind: d.kind, name: d.name, amount: d.amount }));
  const otherDeductionsTotal = sum(otherDeductions.map((d) => d.amount));
  const totalDeductions = nssf + shif + ahl + paye + otherDeductionsTotal;
  const nssfEmployer = nssfEmployerTier1 + nssfEmployerTier2;
  const nita = paid ? rules.nitaPerEmployee : 0;

  return {
    basicPay: input.basicPay,
    allowances: input.allowances.map((a) => ({ name: a.name, amount: a.amount })),
    allowancesTotal,
    commissions: input.commissions,
    gross,
    nssfTier1,
    nssfTier2,
    nssf,
    nssfEmployerTier1,
    nssfEmployerTier2,
    nssfEmployer,
    shif,
    ahl,
    ahlEmployer,
    pension,
    allowablePension,
    allowableDeductions,
    taxablePay,
    taxBands,
    taxBeforeRelief,
    personalRelief,
    insuranceRelief,
    housingRelief,
    paye,
    otherDeductions,
    otherDeductionsTotal,
    totalDeductions,
    net: gross - totalDeductions,
    nita,
    employerCost: gross + nssfEmployer + ahlEmployer + nita,
  };
}

/** The totals of a run's payslips, for the run list, the analysis page and the returns. */
export const PAYSLIP_TOTAL_KEYS = [
  "gross",
  "nssf",
  "nssfEmployer",
  "shif",
  "ahl",
  "ahlEmployer",
  "paye",
  "otherDeductionsTotal",
  "net",
  "nita",
  "employerCost",
] as const satisfies readonly (keyof Payslip)[];
export type PayslipTotals = Record<(typeof PAYSLIP_TOTAL_KEYS)[number], number>;

export function totalPayslips(payslips: readonly Payslip[]): PayslipTotals {
  const totals = Object.fromEntries(PAYSLIP_TOTAL_KEYS.map((k) => [k, 0])) as PayslipTotals;
  for (const p of payslips) for (const k of PAYSLIP_TOTAL_KEYS) totals[k] += p[k];
  return totals;
}
