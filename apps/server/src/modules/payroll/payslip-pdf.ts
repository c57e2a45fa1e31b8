import PDFDocument from "pdfkit";
import { formatAmount } from "@app/shared/money/money";
import type { PayslipLine } from "@app/shared/payroll/payroll";

/** Cents as shillings with thousands separators, e.g. 3902915 -> "39,029.15" (columns headed KES). */
const amount = formatAmount;
const percent = (bp: number) => `${(bp / 100).toLocaleString("en-KE", { maximumFractionDigits: 2 })}%`;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

type Row = [label: string, value: string] | [label: string, value: string, bold: true];

/**
 * A payslip as an A4 PDF (pdfkit, standard Helvetica: no font files to ship): who and where
 * the pay goes, earnings, statutory and other deductions with the PAYE working, net pay and
 * the employer's contributions. Every figure is the run line's frozen payslip.
 */
export function renderPayslipPdf(line: PayslipLine, businessName: string): Promise<Buffer> {
  const p = line.payslip;
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Payslip ${line.month} ${line.employeeName}`, Author: businessName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const section = (title: string, rows: Row[]) => {
    doc.moveDown(0.6).font("Helvetica-Bold").fontSize(11).text(title, left);
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(right, doc.y + 2)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.3);
    for (const [label, value, bold] of rows) {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
      doc.text(label, left, y, { width: 330 });
      doc.text(value, left + 330, y, { width: right - left - 330, align: "right" });
    }
  };

  doc.font("Helvetica-Bold").fontSize(16).text(businessName, left);
  doc
    .font("Helvetica")
    .fontSize(12)
    .text(`Payslip for ${monthName(line.month)}`);
  doc.moveDown(0.4).fontSize(10);
  const who: [string, string | null][] = [
    ["Employee", line.employeeName],
    ["Occupation", line.occupation],
    ["ID number", line.idNumber],
    ["KRA PIN", line.kraPin],
    ["NSSF number", line.nssfNumber],
    ["SHA number", line.shaNumber],
    ["Paid to", line.payTo],
  ];
  for (const [label, value] of who) doc.text(`${label}: ${value ?? "-"}`);

  section("Earnings", [
    ["Basic pay", amount(p.basicPay)],
    ...p.allowances.map((a): Row => [a.name, amount(a.amount)]),
    ...(p.commissions ? [["Commissions", amount(p.commissions)] as Row] : []),
    ["Gross pay", amount(p.gross), true],
  ]);
  section("Deductions", [
    ["NSSF tier I", amount(p.nssfTier1)],
    ["NSSF tier II", amount(p.nssfTier2)],
    ["SHIF", amount(p.shif)],
    ["Affordable Housing Levy", amount(p.ahl)],
    ["PAYE", amount(p.paye)],
    ...p.otherDeductions.map((d): Row => [d.name, amount(d.amount)]),
    ["Total deductions", amount(p.totalDeductions), true],
  ]);
  section("PAYE working", [
    ["Allowable deductions (pension, SHIF, AHL)", amount(p.allowableDeductions)],
    ["Taxable pay", amount(p.taxablePay)],
    ...p.taxBands
      .filter((b) => b.taxable > 0)
      .map((b): Row => [`Tax at ${percent(b.rateBp)} on ${amount(b.taxable)}`, amount(b.tax)]),
    ["Tax charged", amount(p.taxBeforeRelief)],
    ["Personal relief", amount(p.personalRelief)],
    ...(p.insuranceRelief ? [["Insurance relief", amount(p.insuranceRelief)] as Row] : []),
    ...(p.housingRelief ? [["Affordable housing relief", amount(p.housingRelief)] as Row] : []),
    ["PAYE", amount(p.paye), true],
  ]);
  section("Net pay", [["Net pay (KES)", amount(p.net), true]]);
  section("Employer contributions (not deducted from pay)", [
    ["NSSF employer", amount(p.nssfEmployer)],
    ["Affordable Housing Levy employer", amount(p.ahlEmployer)],
    ["NITA levy", amount(p.nita)],
    ["Cost to employer", amount(p.employerCost), true],
  ]);
  doc
    .moveDown(1)
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#555555")
    .text(`Statutory rules: ${line.ruleSetName}. Payroll status: ${line.status}. Amounts in KES.`, left);
  doc.end();
  return done;
}
