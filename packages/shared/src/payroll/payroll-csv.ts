import { toCsv } from "../csv/csv.ts";
import { formatCentsPlain } from "../money/money.ts";
import type { PayrollSchedule, PayslipLine } from "./payroll.ts";

/**
 * The monthly returns of a run as CSV files, one row per employee and a total row: PAYE (KRA,
 * due the 9th), NSSF (tiers I and II, both sides), SHIF (SHA), the Housing Levy (both sides), and
 * the payment list (net pay and where it goes). Amounts in shillings with two decimals. Written by
 * the shared toCsv, so a cell a spreadsheet would run as a formula is written as text.
 */
type Line = Pick<
  PayslipLine,
  "employeeName" | "kraPin" | "nssfNumber" | "shaNumber" | "idNumber" | "payMethod" | "payTo" | "payslip"
>;

type Column = { header: string; cell: (l: Line) => string; total?: (l: Line) => number };

const money = (pick: (l: Line) => number): Pick<Column, "cell" | "total"> => ({
  cell: (l) => formatCentsPlain(pick(l)),
  total: pick,
});
const text = (pick: (l: Line) => string | null): Pick<Column, "cell"> => ({ cell: (l) => pick(l) ?? "" });

const COLUMNS: Record<PayrollSchedule, Column[]> = {
  paye: [
    { header: "Employee", ...text((l) => l.employeeName) },
    { header: "KRA PIN", ...text((l) => l.kraPin) },
    { header: "Gross pay", ...money((l) => l.payslip.gross) },
    { header: "Allowable deductions", ...money((l) => l.payslip.allowableDeductions) },
    { header: "Taxable pay", ...money((l) => l.payslip.taxablePay) },
    { header: "Tax charged", ...money((l) => l.payslip.taxBeforeRelief) },
    { header: "Personal relief", ...money((l) => l.payslip.personalRelief) },
    { header: "Insurance relief", ...money((l) => l.payslip.insuranceRelief) },
    { header: "PAYE", ...money((l) => l.payslip.paye) },
  ],
  nssf: [
    { header: "Employee", ...text((l) => l.employeeName) },
    { header: "ID number", ...text((l) => l.idNumber) },
    { header: "KRA PIN", ...text((l) => l.kraPin) },
    { header: "NSSF number", ...text((l) => l.nssfNumber) },
    { header: "Pensionable pay", ...money((l) => l.payslip.gross) },
    { header: "Tier I employee", ...money((l) => l.payslip.nssfTier1) },
    { header: "Tier I employer", ...money((l) => l.payslip.nssfEmployerTier1) },
    { header: "Tier II employee", ...money((l) => l.payslip.nssfTier2) },
    { header: "Tier II employer", ...money((l) => l.payslip.nssfEmployerTier2) },
    { header: "Total", ...money((l) => l.payslip.nssf + l.payslip.nssfEmployer) },
  ],
  shif: [
    { header: "Employee", ...text((l) => l.employeeName) },
    { header: "ID number", ...text((l) => l.idNumber) },
    { header: "KRA PIN", ...text((l) => l.kraPin) },
    { header: "SHA number", ...text((l) => l.shaNumber) },
    { header: "Gross pay", ...money((l) => l.payslip.gross) },
    { header: "SHIF", ...money((l) => l.payslip.shif) },
  ],
  ahl: [
    { header: "Employee", ...text((l) => l.employeeName) },
    { header: "ID number", ...text((l) => l.idNumber) },
    { header: "KRA PIN", ...text((l) => l.kraPin) },
    { header: "Gross pay", ...money((l) => l.payslip.gross) },
    { header: "Employee levy", ...money((l) => l.payslip.ahl) },
    { header: "Employer levy", ...money((l) => l.payslip.ahlEmployer) },
    { header: "Total", ...money((l) => l.payslip.ahl + l.payslip.ahlEmployer) },
  ],
  payments: [
    { header: "Employee", ...text((l) => l.employeeName) },
    { header: "Method", ...text((l) => l.payMethod) },
    { header: "Pay to", ...text((l) => l.payTo) },
    { header: "Net pay", ...money((l) => l.payslip.net) },
  ],
};

/** One schedule of a run as CSV text, with a total row at the end. */
export function payrollScheduleCsv(schedule: PayrollSchedule, lines: readonly Line[]): string {
  const columns = COLUMNS[schedule];
  const totals = columns.map((c, i) =>
    i === 0 ? "Total" : c.total ? formatCentsPlain(lines.reduce((a, l) => a + c.total!(l), 0)) : "",
  );
  return toCsv(
    columns.map((c) => c.header),
    [...lines.map((l) => columns.map((c) => c.cell(l))), totals],
  );
}

/** The file name of a schedule, e.g. `paye-2026-01.csv`. */
export const scheduleFileName = (schedule: PayrollSchedule, month: string) => `${schedule}-${month}.csv`;
