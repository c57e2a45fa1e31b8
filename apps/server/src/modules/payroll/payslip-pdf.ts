import PDFDocument from "pdfkit";
import { formatAmount } from "@app/shared/money/money";
import type { PayslipLine } from "@app/shared/payroll/payroll";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import { pdfLocale, pdfWords } from "../../platform/pdf-text.ts";

/** Cents as shillings with thousands separators, e.g. 3902915 -> "39,029.15" (columns headed KES). */
const amount = formatAmount;
const percent = (bp: number) => `${(bp / 100).toLocaleString("en-KE", { maximumFractionDigits: 2 })}%`;

/** "2026-03" as "March 2026" ("Machi 2026" in Swahili). */
const monthName = (month: string, language: DocumentLanguage) =>
  new Intl.DateTimeFormat(pdfLocale(language), { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-15T00:00:00Z`),
  );

type Row = [label: string, value: string] | [label: string, value: string, bold: true];

/**
 * A payslip as an A4 PDF (pdfkit, standard Helvetica: no font files to ship): who and where
 * the pay goes, earnings, statutory and other deductions with the PAYE working, net pay and
 * the employer's contributions. Every figure is the run line's frozen payslip. Its words are in
 * `language` (the user's: pdf-text.ts).
 */
export function renderPayslipPdf(
  line: PayslipLine,
  businessName: string,
  language: DocumentLanguage = "en",
): Promise<Buffer> {
  const p = line.payslip;
  const w = pdfWords(language);
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${w("Payslip")} ${line.month} ${line.employeeName}`, Author: businessName },
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
    .text(`${w("Payslip for")} ${monthName(line.month, language)}`);
  doc.moveDown(0.4).fontSize(10);
  const who: [string, string | null][] = [
    [w("Employee"), line.employeeName],
    [w("Occupation"), line.occupation],
    [w("ID number"), line.idNumber],
    [w("KRA PIN"), line.kraPin],
    [w("NSSF number"), line.nssfNumber],
    [w("SHA number"), line.shaNumber],
    [w("Paid to"), line.payTo],
  ];
  for (const [label, value] of who) doc.text(`${label}: ${value ?? "-"}`);

  section(w("Earnings"), [
    [w("Basic pay"), amount(p.basicPay)],
    ...p.allowances.map((a): Row => [a.name, amount(a.amount)]),
    ...(p.commissions ? [[w("Commissions"), amount(p.commissions)] as Row] : []),
    [w("Gross pay"), amount(p.gross), true],
  ]);
  section(w("Deductions"), [
    [w("NSSF tier I"), amount(p.nssfTier1)],
    [w("NSSF tier II"), amount(p.nssfTier2)],
    [w("SHIF"), amount(p.shif)],
    [w("Affordable Housing Levy"), amount(p.ahl)],
    [w("PAYE"), amount(p.paye)],
    ...p.otherDeductions.map((d): Row => [d.name, amount(d.amount)]),
    [w("Total deductions"), amount(p.totalDeductions), true],
  ]);
  section(w("PAYE working"), [
    [w("Allowable deductions (pension, SHIF, AHL)"), amount(p.allowableDeductions)],
    [w("Taxable pay"), amount(p.taxablePay)],
    ...p.taxBands
      .filter((b) => b.taxable > 0)
      .map((b): Row => [`${w("Tax at")} ${percent(b.rateBp)} ${w("on")} ${amount(b.taxable)}`, amount(b.tax)]),
    [w("Tax charged"), amount(p.taxBeforeRelief)],
    [w("Personal relief"), amount(p.personalRelief)],
    ...(p.insuranceRelief ? [[w("Insurance relief"), amount(p.insuranceRelief)] as Row] : []),
    ...(p.housingRelief ? [[w("Affordable housing relief"), amount(p.housingRelief)] as Row] : []),
    [w("PAYE"), amount(p.paye), true],
  ]);
  section(w("Net pay"), [[w("Net pay (KES)"), amount(p.net), true]]);
  section(w("Employer contributions (not deducted from pay)"), [
    [w("NSSF employer"), amount(p.nssfEmployer)],
    [w("Affordable Housing Levy employer"), amount(p.ahlEmployer)],
    [w("NITA levy"), amount(p.nita)],
    [w("Cost to employer"), amount(p.employerCost), true],
  ]);
  doc
    .moveDown(1)
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#555555")
    .text(
      `${w("Statutory rules")}: ${line.ruleSetName}. ${w("Payroll status")}: ${w(line.status)}. ${w("Amounts in KES.")}`,
      left,
    );
  doc.end();
  return done;
}
