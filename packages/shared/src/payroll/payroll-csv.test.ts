import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { KENYA_RULE_SETS } from "./kenya-rule-sets.ts";
import { payProfileInputSchema } from "./pay-profile.ts";
import { payrollScheduleCsv } from "./payroll-csv.ts";
import { computePayslip } from "./payslip.ts";
import { ruleSetForMonth } from "./rule-set.ts";

const rules = ruleSetForMonth(KENYA_RULE_SETS, "2025-06")!.rules;
const line = (name: string, gross: number, over: object = {}) => ({
  employeeName: name,
  kraPin: "A123456789B",
  nssfNumber: "NS-1",
  shaNumber: "SHA-1",
  idNumber: "12345678",
  payMethod: "mpesa" as const,
  payTo: "M-Pesa 0712345678",
  payslip: computePayslip({ basicPay: gross * 100, allowances: [], commissions: 0, deductions: [] }, rules),
  ...over,
});
const parse = (csv: string) => Papa.parse<string[]>(csv).data;

describe("payroll schedules as CSV", () => {
  const lines = [line("Ann", 50_000), line("Ben", 100_000)];

  it("PAYE: PIN, gross, taxable and PAYE per employee (5,845.85 and 19,812.35), total 25,658.20", () => {
    const rows = parse(payrollScheduleCsv("paye", lines));
    expect(rows[0]).toEqual([
      "Employee",
      "KRA PIN",
      "Gross pay",
      "Allowable deductions",
      "Taxable pay",
      "Tax charged",
      "Personal relief",
      "Insurance relief",
      "PAYE",
    ]);
    expect(rows[1]).toEqual([
      "Ann",
      "A123456789B",
      "50000.00",
      "5125.00",
      "44875.00",
      "8245.85",
      "2400.00",
      "0.00",
      "5845.85",
    ]);
    expect(rows[3]![0]).toBe("Total");
    expect(rows[3]![8]).toBe("25658.20");
  });

  it("NSSF: tiers on both sides; Ben 480 + 3,840 each, total 8,640", () => {
    const rows = parse(payrollScheduleCsv("nssf", lines));
    expect(rows[2]).toEqual([
      "Ben",
      "12345678",
      "A123456789B",
      "NS-1",
      "100000.00",
      "480.00",
      "480.00",
      "3840.00",
      "3840.00",
      "8640.00",
    ]);
  });

  it("SHIF and AHL: 1,375 + 2,750 = 4,125; levy 750 + 1,500 each side, total 4,500", () => {
    expect(parse(payrollScheduleCsv("shif", lines))[3]).toEqual(["Total", "", "", "", "150000.00", "4125.00"]);
    expect(parse(payrollScheduleCsv("ahl", lines))[3]).toEqual([
      "Total",
      "",
      "",
      "150000.00",
      "2250.00",
      "2250.00",
      "4500.00",
    ]);
  });

  it("payments: net 39,029.15 to Ann's M-Pesa; a name that looks like a formula is escaped", () => {
    const rows = parse(payrollScheduleCsv("payments", [line("=HYPERLINK(1)", 50_000)]));
    expect(rows[1]).toEqual(["'=HYPERLINK(1)", "mpesa", "M-Pesa 0712345678", "39029.15"]);
  });
});

describe("pay profile input", () => {
  const ok = (v: object) => payProfileInputSchema.safeParse({ basicPay: 5_000_000, ...v });
  it("takes a KRA PIN in any case and keeps it upper case", () => {
    expect(ok({ kraPin: "a123456789b" }).data?.kraPin).toBe("A123456789B");
    expect(ok({ kraPin: "A12345678B" }).success).toBe(false);
  });
  it("refuses negative, fractional and absurd pay (over KES 50 million a month, allowances included)", () => {
    expect(ok({ basicPay: -1 }).success).toBe(false);
    expect(ok({ basicPay: 10.5 }).success).toBe(false);
    expect(ok({ basicPay: 5_000_000_001 }).success).toBe(false);
    expect(ok({ basicPay: 4_000_000_000, allowances: [{ name: "House", amount: 1_000_000_001 }] }).success).toBe(false);
  });
  it("asks for the number when paying by M-Pesa", () => {
    expect(ok({ payMethod: "mpesa" }).success).toBe(false);
    expect(ok({ payMethod: "mpesa", mpesaPhone: "0712345678" }).success).toBe(true);
  });
});
