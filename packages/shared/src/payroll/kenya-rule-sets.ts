import type { StatutoryRules } from "./rule-set.ts";

/**
 * The Kenyan rule sets the first payroll migration seeds (monthly figures, resident employee,
 * primary employer). The running app reads them from the database, never from here: this file
 * is the reviewed source of that seed and of the unit tests. Figures and sources are those of
 * shared/research/kenya-and-anchors.md (sections 0 and 1.1); re-check them against kra.go.ke,
 * nssf.or.ke and sha.go.ke before relying on them, and add a new rule set (provider support, in
 * the app) when the law changes.
 *
 * Not modelled: NHIF (before October 2024, a banded health contribution), so no rule set starts
 * before SHIF did; a run for an earlier month is refused.
 */
export type SeedRuleSet = { name: string; effectiveFrom: string; rules: StatutoryRules; sources: string };

const KES = (shillings: number) => shillings * 100;

/** PAYE monthly bands from 1 July 2023 (Finance Act 2023), unchanged since. */
const PAYE_FROM_JULY_2023: StatutoryRules["paye"] = {
  bands: [
    { upTo: KES(24_000), rateBp: 1000 },
    { upTo: KES(32_333), rateBp: 2500 },
    { upTo: KES(500_000), rateBp: 3000 },
    { upTo: KES(800_000), rateBp: 3250 },
    { upTo: null, rateBp: 3500 },
  ],
  personalRelief: KES(2_400),
  insuranceReliefRateBp: 1500,
  insuranceReliefCap: KES(5_000),
};

const nssf = (lowerLimit: number, upperLimit: number): StatutoryRules["nssf"] => ({
  rateBp: 600,
  employerRateBp: 600,
  lowerLimit: KES(lowerLimit),
  upperLimit: KES(upperLimit),
});

const SHIF_BEFORE_PAYE: StatutoryRules["shif"] = { rateBp: 275, minimum: KES(300), deductible: true };
const AHL_BEFORE_PAYE: StatutoryRules["ahl"] = {
  rateBp: 150,
  employerRateBp: 150,
  deductible: true,
  reliefRateBp: 0,
  reliefCap: 0,
};

const PAYE_SOURCES =
  "PAYE bands from 1 Jul 2023: Finance Act 2023 (KRA table quoted by victormatara.com, theonlinekenyan.com). " +
  "Personal relief 2,400 and insurance relief 15% capped at 5,000 a month: kra.go.ke FAQ 733; PwC tax summaries. " +
  "NITA 50 per employee per month, employer cost: nita.go.ke levy inspectorate.";

export const KENYA_RULE_SETS: readonly SeedRuleSet[] = [
  {
    name: "SHIF replaces NHIF (Oct 2024)",
    effectiveFrom: "2024-10-01",
    rules: {
      paye: PAYE_FROM_JULY_2023,
      nssf: nssf(7_000, 36_000),
      shif: { rateBp: 275, minimum: KES(300), deductible: false },
      ahl: { rateBp: 150, employerRateBp: 150, deductible: false, reliefRateBp: 1500, reliefCap: KES(9_000) },
      pensionCap: KES(20_000),
      nitaPerEmployee: KES(50),
    },
    sources:
      `${PAYE_SOURCES} SHIF 2.75% of gross, minimum 300, from 1 Oct 2024: PaySpace SHIF article; SHA statement. ` +
      "AHL 1.5% + 1.5%: Affordable Housing Act gazetted 19 Mar 2024 (kra.go.ke FAQ 733). " +
      "NSSF year 2 (7,000 / 36,000) from Feb 2024: mercans.com, elevatehr.co. " +
      "Unverified: the 15% affordable housing relief (cap 9,000 a month) and the 20,000 pension cap before 27 Dec 2024 " +
      "are seen only in third-party calculators.",
  },
  {
    name: "Tax Laws (Amendment) Act 2024 (27 Dec 2024)",
    effectiveFrom: "2024-12-27",
    rules: {
      paye: PAYE_FROM_JULY_2023,
      nssf: nssf(7_000, 36_000),
      shif: SHIF_BEFORE_PAYE,
      ahl: AHL_BEFORE_PAYE,
      pensionCap: KES(30_000),
      nitaPerEmployee: KES(50),
    },
    sources:
      `${PAYE_SOURCES} From 27 Dec 2024 SHIF and the employee's AHL are deducted before PAYE, the AHL relief ends ` +
      "and the pension cap is 30,000 a month: KRA notice on the Tax Laws (Amendment) Act 2024 (regfollower.com).",
  },
  {
    name: "NSSF year 3 (Feb 2025)",
    effectiveFrom: "2025-02-01",
    rules: {
      paye: PAYE_FROM_JULY_2023,
      nssf: nssf(8_000, 72_000),
      shif: SHIF_BEFORE_PAYE,
      ahl: AHL_BEFORE_PAYE,
      pensionCap: KES(30_000),
      nitaPerEmployee: KES(50),
    },
    sources:
      `${PAYE_SOURCES} NSSF year 3: lower limit 8,000, upper 72,000 (max 4,320 each side) from the February 2025 ` +
      "payroll: support.payspace.com (Kenya update to NSSF rates effective February 2025); crs.co.za 6 Feb 2025.",
  },
  {
    name: "NSSF year 4 (Feb 2026)",
    effectiveFrom: "2026-02-01",
    rules: {
      paye: PAYE_FROM_JULY_2023,
      nssf: nssf(9_000, 108_000),
      shif: SHIF_BEFORE_PAYE,
      ahl: AHL_BEFORE_PAYE,
      pensionCap: KES(30_000),
      nitaPerEmployee: KES(50),
    },
    sources:
      `${PAYE_SOURCES} NSSF year 4: lower limit 9,000, upper 108,000 (max 6,480 each side) from the February 2026 ` +
      "payroll: PwC Kenya tax alert 30 Jan 2026; cmadvocates.com; keldinellp.com.",
  },
];
