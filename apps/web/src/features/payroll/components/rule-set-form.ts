import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { CreateRuleSetInput, StatutoryRules } from "@app/shared/payroll/rule-set";

/** A rule set as the Settings form holds it: shillings and percentages as typed text. */
export type RuleSetForm = {
  name: string;
  effectiveFrom: string;
  sources: string;
  bands: { upTo: string; rate: string }[];
  money: Record<MoneyKey, string>;
  percent: Record<PercentKey, string>;
  shifDeductible: boolean;
  ahlDeductible: boolean;
};

export const MONEY_KEYS = [
  "personalRelief",
  "insuranceReliefCap",
  "nssfLowerLimit",
  "nssfUpperLimit",
  "shifMinimum",
  "ahlReliefCap",
  "pensionCap",
  "nitaPerEmployee",
] as const;
export type MoneyKey = (typeof MONEY_KEYS)[number];
export const PERCENT_KEYS = [
  "insuranceReliefRate",
  "nssfRate",
  "nssfEmployerRate",
  "shifRate",
  "ahlRate",
  "ahlEmployerRate",
  "ahlReliefRate",
] as const;
export type PercentKey = (typeof PERCENT_KEYS)[number];

/** Basis points as percent text: 275 -> "2.75". */
export const percentText = (bp: number) => String(bp / 100);
/** Percent text as basis points ("32.5" -> 3250), or NaN when it is not a percentage with up to 2 decimals. */
export function basisPointsOf(text: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : Number.NaN;
}
const cents = (text: string) => parseKES(text.trim()) ?? Number.NaN;

/** A form started from a rule set (the latest, so support changes only what the law changed). */
export function formOfRules(rules: StatutoryRules): RuleSetForm {
  return {
    name: "",
    effectiveFrom: "",
    sources: "",
    bands: rules.paye.bands.map((b) => ({
      upTo: b.upTo === null ? "" : formatCentsPlain(b.upTo),
      rate: percentText(b.rateBp),
    })),
    money: {
      personalRelief: formatCentsPlain(rules.paye.personalRelief),
      insuranceReliefCap: formatCentsPlain(rules.paye.insuranceReliefCap),
      nssfLowerLimit: formatCentsPlain(rules.nssf.lowerLimit),
      nssfUpperLimit: formatCentsPlain(rules.nssf.upperLimit),
      shifMinimum: formatCentsPlain(rules.shif.minimum),
      ahlReliefCap: formatCentsPlain(rules.ahl.reliefCap),
      pensionCap: formatCentsPlain(rules.pensionCap),
      nitaPerEmployee: formatCentsPlain(rules.nitaPerEmployee),
    },
    percent: {
      insuranceReliefRate: percentText(rules.paye.insuranceReliefRateBp),
      nssfRate: percentText(rules.nssf.rateBp),
      nssfEmployerRate: percentText(rules.nssf.employerRateBp),
      shifRate: percentText(rules.shif.rateBp),
      ahlRate: percentText(rules.ahl.rateBp),
      ahlEmployerRate: percentText(rules.ahl.employerRateBp),
      ahlReliefRate: percentText(rules.ahl.reliefRateBp),
    },
    shifDeductible: rules.shif.deductible,
    ahlDeductible: rules.ahl.deductible,
  };
}

/** The body of POST /api/payrollRuleSets, before the shared schema checks it. */
export function inputOfRuleSetForm(f: RuleSetForm): CreateRuleSetInput {
  const m = (k: MoneyKey) => cents(f.money[k]);
  const p = (k: PercentKey) => basisPointsOf(f.percent[k]);
  return {
    name: f.name,
    effectiveFrom: f.effectiveFrom,
    sources: f.sources,
    rules: {
      paye: {
        bands: f.bands.map((b, i) => ({
          upTo: i === f.bands.length - 1 && b.upTo.trim() === "" ? null : cents(b.upTo),
          rateBp: basisPointsOf(b.rate),
        })),
        personalRelief: m("personalRelief"),
        insuranceReliefRateBp: p("insuranceReliefRate"),
        insuranceReliefCap: m("insuranceReliefCap"),
      },
      nssf: {
        rateBp: p("nssfRate"),
        employerRateBp: p("nssfEmployerRate"),
        lowerLimit: m("nssfLowerLimit"),
        upperLimit: m("nssfUpperLimit"),
      },
      shif: { rateBp: p("shifRate"), minimum: m("shifMinimum"), deductible: f.shifDeductible },
      ahl: {
        rateBp: p("ahlRate"),
        employerRateBp: p("ahlEmployerRate"),
        deductible: f.ahlDeductible,
        reliefRateBp: p("ahlReliefRate"),
        reliefCap: m("ahlReliefCap"),
      },
      pensionCap: m("pensionCap"),
      nitaPerEmployee: m("nitaPerEmployee"),
    },
  };
}
