import { describe, expect, it } from "vitest";
import { KENYA_RULE_SETS } from "./kenya-rule-sets.ts";
import { applyRate, computePayslip, taxByBand, totalPayslips, type PayslipInput } from "./payslip.ts";
import { ruleSetForMonth, statutoryRulesSchema, type StatutoryRules } from "./rule-set.ts";

const KES = (shillings: number) => Math.round(shillings * 100);
const rulesFor = (month: string): StatutoryRules => ruleSetForMonth(KENYA_RULE_SETS, month)!.rules;
const FEB_2025 = rulesFor("2025-06");
const FEB_2026 = rulesFor("2026-03");
const salary = (gross: number, over: Partial<PayslipInput> = {}): PayslipInput => ({
  basicPay: KES(gross),
  allowances: [],
  commissions: 0,
  deductions: [],
  ...over,
});

describe("applyRate: a rate of an amount, rounded half up to the cent", () => {
  it("2.75% of 33,333.33 = 916.666575 -> 916.67", () => expect(applyRate(3_333_333, 275)).toBe(91_667));
  it("50% of 1 cent = 0.5 -> 1 cent (half up); 49.99% -> 0", () => {
    expect(applyRate(1, 5000)).toBe(1);
    expect(applyRate(1, 4999)).toBe(0);
  });
  it("35% of KES 50 million is exact: 17,500,000.00", () =>
    expect(applyRate(KES(50_000_000), 3500)).toBe(KES(17_500_000)));
});

describe("the issue's oracles (Feb 2025 rules, monthly, resident, primary employer)", () => {
  it("gross 50,000: NSSF 480 + 2,520 = 3,000; SHIF 1,375; AHL 750; taxable 44,875; tax 8,245.85; PAYE 5,845.85; net 39,029.15", () => {
    const p = computePayslip(salary(50_000), FEB_2025);
    expect([p.nssfTier1, p.nssfTier2, p.nssf]).toEqual([KES(480), KES(2_520), KES(3_000)]);
    expect(p.shif).toBe(KES(1_375));
    expect(p.ahl).toBe(KES(750));
    expect(p.taxablePay).toBe(KES(44_875));
    expect(p.taxBeforeRelief).toBe(KES(8_245.85));
    expect(p.paye).toBe(KES(5_845.85));
    expect(p.net).toBe(KES(39_029.15));
  });

  it("gross 100,000: NSSF 480 + 3,840 = 4,320; SHIF 2,750; AHL 1,500; taxable 91,430; tax 22,212.35; PAYE 19,812.35; net 71,617.65", () => {
    const p = computePayslip(salary(100_000), FEB_2025);
    expect([p.nssfTier1, p.nssfTier2, p.nssf]).toEqual([KES(480), KES(3_840), KES(4_320)]);
    expect(p.shif).toBe(KES(2_750));
    expect(p.ahl).toBe(KES(1_500));
    expect(p.taxablePay).toBe(KES(91_430));
    expect(p.taxBeforeRelief).toBe(KES(22_212.35));
    expect(p.paye).toBe(KES(19_812.35));
    expect(p.net).toBe(KES(71_617.65));
  });

  it("gross 100,000, employer: NSSF 4,320 + AHL 1,500 + NITA 50 -> cost 105,870", () => {
    const p = computePayslip(salary(100_000), FEB_2025);
    expect([p.nssfEmployer, p.ahlEmployer, p.nita]).toEqual([KES(4_320), KES(1_500), KES(50)]);
    expect(p.employerCost).toBe(KES(105_870));
  });
});

describe("derived cases", () => {
  it("allowances and commissions are gross: 40,000 basic + 6,000 house + 4,000 commission = 50,000 -> net 39,029.15", () => {
    const p = computePayslip(
      salary(40_000, { allowances: [{ name: "House", amount: KES(6_000) }], commissions: KES(4_000) }),
      FEB_2025,
    );
    expect([p.allowancesTotal, p.gross, p.net]).toEqual([KES(6_000), KES(50_000), KES(39_029.15)]);
  });

  it("NSSF cap (Feb 2025): gross 200,000 pays 480 + 6% x (72,000 - 8,000) = 4,320, as 100,000 does; employer the same", () => {
    const p = computePayslip(salary(200_000), FEB_2025);
    expect([p.nssf, p.nssfEmployer]).toEqual([KES(4_320), KES(4_320)]);
  });

  it("NSSF cap (Feb 2026): gross 200,000: 540 + 5,940 = 6,480; SHIF 5,500; AHL 3,000; taxable 185,020; tax 2,400 + 2,083.25 + 30% x 152,687 = 50,289.35; PAYE 47,889.35; net 137,130.65; cost 209,530", () => {
    const p = computePayslip(salary(200_000), FEB_2026);
    expect([p.nssfTier1, p.nssfTier2, p.nssf]).toEqual([KES(540), KES(5_940), KES(6_480)]);
    expect([p.shif, p.ahl, p.taxablePay]).toEqual([KES(5_500), KES(3_000), KES(185_020)]);
    expect([p.taxBeforeRelief, p.paye, p.net]).toEqual([KES(50_289.35), KES(47_889.35), KES(137_130.65)]);
    expect(p.employerCost).toBe(KES(209_530));
  });

  it("SHIF minimum: gross 10,000: 2.75% = 275 -> 300; NSSF 480 + 120 = 600; AHL 150; taxable 8,950; tax 895 < relief 2,400 -> PAYE 0; net 8,950", () => {
    const p = computePayslip(salary(10_000), FEB_2025);
    expect([p.shif, p.nssf, p.ahl, p.taxablePay]).toEqual([KES(300), KES(600), KES(150), KES(8_950)]);
    expect([p.taxBeforeRelief, p.paye, p.net]).toEqual([KES(895), 0, KES(8_950)]);
  });

  it("PAYE below relief: gross 20,000: NSSF 1,200, SHIF 550, AHL 300, taxable 17,950, tax 1,795 -> PAYE 0 (never negative), net 17,950", () => {
    const p = computePayslip(salary(20_000), FEB_2025);
    expect([p.nssf, p.shif, p.ahl, p.taxablePay, p.taxBeforeRelief]).toEqual([
      KES(1_200),
      KES(550),
      KES(300),
      KES(17_950),
      KES(1_795),
    ]);
    expect([p.paye, p.net]).toEqual([0, KES(17_950)]);
  });

  it("just past relief: gross 30,000: taxable 30,000 - 1,800 - 825 - 450 = 26,925; tax 2,400 + 25% x 2,925 = 3,131.25; PAYE 731.25; net 26,193.75", () => {
    const p = computePayslip(salary(30_000), FEB_2025);
    expect([p.taxablePay, p.taxBeforeRelief, p.paye, p.net]).toEqual([
      KES(26_925),
      KES(3_131.25),
      KES(731.25),
      KES(26_193.75),
    ]);
  });

  it("all five bands: gross 1,000,000: taxable 953,180; tax 2,400 + 2,083.25 + 140,300.10 + 97,500 + 53,613 = 295,896.35; PAYE 293,496.35; net 659,683.65", () => {
    const p = computePayslip(salary(1_000_000), FEB_2025);
    expect(p.taxablePay).toBe(KES(953_180));
    expect(p.taxBands.map((b) => [b.taxable, b.tax])).toEqual([
      [KES(24_000), KES(2_400)],
      [KES(8_333), KES(2_083.25)],
      [KES(467_667), KES(140_300.1)],
      [KES(300_000), KES(97_500)],
      [KES(153_180), KES(53_613)],
    ]);
    expect([p.taxBeforeRelief, p.paye, p.net]).toEqual([KES(295_896.35), KES(293_496.35), KES(659_683.65)]);
    expect(p.employerCost).toBe(KES(1_019_370));
  });

  it("tax per band rounds each band: 25% of 8,333.33 = 2,083.3325 -> 2,083.33", () => {
    const [, second] = taxByBand(KES(32_333.33), [
      { upTo: KES(24_000), rateBp: 1000 },
      { upTo: null, rateBp: 2500 },
    ]);
    expect(second!.tax).toBe(KES(2_083.33));
  });

  it("pension cap, insurance relief and other deductions: gross 100,000 with pension 28,000: allowable min(4,320 + 28,000, 30,000) = 30,000; taxable 65,750; tax 14,508.35; relief 2,400 + 15% x 2,000 premium = 300; PAYE 11,808.35; net 100,000 - 8,570 - 11,808.35 - 36,500 = 43,121.65", () => {
    const p = computePayslip(
      salary(100_000, {
        deductions: [
          { kind: "pension", name: "Staff pension", amount: KES(28_000) },
          { kind: "insurance", name: "Life cover", amount: KES(2_000) },
          { kind: "helb", name: "HELB", amount: KES(1_500) },
          { kind: "loan", name: "Salary advance", amount: KES(5_000) },
        ],
      }),
      FEB_2025,
    );
    expect([p.allowablePension, p.taxablePay, p.taxBeforeRelief]).toEqual([KES(30_000), KES(65_750), KES(14_508.35)]);
    expect([p.insuranceRelief, p.paye]).toEqual([KES(300), KES(11_808.35)]);
    expect([p.otherDeductionsTotal, p.net]).toEqual([KES(36_500), KES(43_121.65)]);
  });

  it("insurance relief is capped: 15% x 40,000 premium = 6,000 -> 5,000", () => {
    const p = computePayslip(
      salary(100_000, { deductions: [{ kind: "insurance", name: "Cover", amount: KES(40_000) }] }),
      FEB_2025,
    );
    expect(p.insuranceRelief).toBe(KES(5_000));
  });

  it("before 27 Dec 2024 (Nov 2024): gross 50,000: NSSF 420 + 1,740 = 2,160; SHIF and AHL not deductible; taxable 47,840; tax 9,135.35; relief 2,400 + housing 15% x 750 = 112.50; PAYE 6,622.85; net 39,092.15", () => {
    const p = computePayslip(salary(50_000), rulesFor("2024-11"));
    expect([p.nssf, p.shif, p.ahl, p.taxablePay]).toEqual([KES(2_160), KES(1_375), KES(750), KES(47_840)]);
    expect([p.taxBeforeRelief, p.housingRelief, p.paye, p.net]).toEqual([
      KES(9_135.35),
      KES(112.5),
      KES(6_622.85),
      KES(39_092.15),
    ]);
  });

  it("a month without pay owes nothing: gross 0 -> every line 0 (no SHIF minimum, no NITA)", () => {
    const p = computePayslip(salary(0), FEB_2025);
    expect([p.nssf, p.shif, p.ahl, p.paye, p.net, p.nita, p.employerCost]).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("net = gross - every deduction, and employer cost = gross + employer lines, for any pay (sampled)", () => {
    for (let gross = 0; gross <= KES(2_000_000); gross += 987_654_3) {
      const p = computePayslip({ basicPay: gross, allowances: [], commissions: 0, deductions: [] }, FEB_2026);
      expect(p.net).toBe(p.gross - p.nssf - p.shif - p.ahl - p.paye);
      expect(p.employerCost).toBe(p.gross + p.nssfEmployer + p.ahlEmployer + p.nita);
      expect(p.taxBands.reduce((a, b) => a + b.taxable, 0)).toBe(p.taxablePay);
      expect(p.paye).toBeGreaterThanOrEqual(0);
    }
  });

  it("totals add each figure over payslips: 50,000 + 100,000 -> net 39,029.15 + 71,617.65 = 110,646.80", () => {
    const totals = totalPayslips([computePayslip(salary(50_000), FEB_2025), computePayslip(salary(100_000), FEB_2025)]);
    expect(totals.net).toBe(KES(110_646.8));
    expect(totals.paye).toBe(KES(25_658.2));
  });
});

describe("rule sets by date", () => {
  const nameFor = (month: string) => ruleSetForMonth(KENYA_RULE_SETS, month)?.name ?? null;

  it("January 2026 uses the Feb 2025 NSSF limits (8,000 / 72,000): gross 100,000 -> NSSF 4,320", () => {
    expect(nameFor("2026-01")).toBe("NSSF year 3 (Feb 2025)");
    expect(computePayslip(salary(100_000), rulesFor("2026-01")).nssf).toBe(KES(4_320));
  });

  it("March 2026 uses the Feb 2026 limits (9,000 / 108,000): gross 100,000 -> NSSF 540 + 6% x 91,000 = 6,000", () => {
    expect(nameFor("2026-03")).toBe("NSSF year 4 (Feb 2026)");
    expect(computePayslip(salary(100_000), rulesFor("2026-03")).nssf).toBe(KES(6_000));
  });

  it("the phase starts with its month: February 2026 -> year 4, January 2025 -> 27 Dec 2024 rules, February 2025 -> year 3", () => {
    expect(nameFor("2026-02")).toBe("NSSF year 4 (Feb 2026)");
    expect(nameFor("2025-01")).toBe("Tax Laws (Amendment) Act 2024 (27 Dec 2024)");
    expect(nameFor("2025-02")).toBe("NSSF year 3 (Feb 2025)");
  });

  it("December 2024 is paid on the 31st, after the 27 Dec 2024 Act: its rules apply; November 2024 the October ones", () => {
    expect(nameFor("2024-12")).toBe("Tax Laws (Amendment) Act 2024 (27 Dec 2024)");
    expect(nameFor("2024-11")).toBe("SHIF replaces NHIF (Oct 2024)");
  });

  it("no rule set before SHIF (September 2024): null", () => expect(nameFor("2024-09")).toBeNull());

  it("every seeded rule set is valid, and dates are distinct", () => {
    for (const set of KENYA_RULE_SETS) expect(statutoryRulesSchema.safeParse(set.rules).success, set.name).toBe(true);
    expect(new Set(KENYA_RULE_SETS.map((s) => s.effectiveFrom)).size).toBe(KENYA_RULE_SETS.length);
  });

  it("refuses bands that do not go up, an unlimited band before the last, and an upper NSSF limit below the lower", () => {
    const base = KENYA_RULE_SETS[3]!.rules;
    const bad = (rules: unknown) => statutoryRulesSchema.safeParse(rules).success;
    expect(
      bad({
        ...base,
        paye: {
          ...base.paye,
          bands: [
            { upTo: KES(30_000), rateBp: 1000 },
            { upTo: KES(20_000), rateBp: 2500 },
            { upTo: null, rateBp: 3000 },
          ],
        },
      }),
    ).toBe(false);
    expect(
      bad({
        ...base,
        paye: {
          ...base.paye,
          bands: [
            { upTo: null, rateBp: 1000 },
            { upTo: null, rateBp: 2500 },
          ],
        },
      }),
    ).toBe(false);
    expect(bad({ ...base, nssf: { ...base.nssf, upperLimit: KES(1_000) } })).toBe(false);
  });
});
