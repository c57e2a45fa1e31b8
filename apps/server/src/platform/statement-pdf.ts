import PDFDocument from "pdfkit";
import { formatAmount } from "@app/shared/money/money";
import type { Statement } from "@app/shared/money/statement";

export type StatementPdfInput = {
  businessName: string;
  /** "Customer statement", "Supplier statement". */
  title: string;
  /** Who it is for: name first, then phone and other details. */
  party: string[];
  statement: Statement;
  /** The business's time zone, for the dates. */
  timeZone: string;
  /** The last line: what the balance means ("Amount owed by the customer"). */
  balanceLabel: string;
};

/**
 * A statement as an A4 PDF (pdfkit, standard Helvetica): who it is for, then every charge and
 * payment, oldest first, with the running balance, and the totals. Used for customers (credit
 * sales and their payments) and suppliers (supplies and what was paid for them).
 */
export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { statement } = input;
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    info: { Title: `${input.title}: ${input.party[0] ?? ""}`, Author: input.businessName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const day = new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeZone: input.timeZone });
  const left = 40;
  const right = doc.page.width - 40;
  // date, reference, description, charge, payment, balance
  const cols = [70, 70, 155, 80, 80, 80];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let x = left;
    let bottom = y;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: cols[i]! - 6, align: i >= 3 ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!;
    });
    doc.y = bottom + 3;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).stroke();
    doc.y += 3;
  };

  doc.font("Helvetica-Bold").fontSize(16).text(input.businessName, left);
  doc.font("Helvetica").fontSize(12).text(input.title);
  doc.moveDown(0.4).fontSize(10);
  for (const line of input.party) doc.text(line, left);
  doc.text(`Printed ${day.format(new Date())}. Amounts in KES.`, left);
  doc.moveDown(0.8);
  row(["Date", "Reference", "Description", "Charged", "Paid", "Balance"], true);
  rule();
  if (!statement.lines.length) row(["", "", "Nothing yet", "", "", formatAmount(0)]);
  for (const l of statement.lines)
    row([
      day.format(new Date(l.date)),
      l.reference,
      l.description,
      l.charge ? formatAmount(l.charge) : "",
      l.payment ? formatAmount(l.payment) : "",
      formatAmount(l.balance),
    ]);
  rule();
  row(["", "", "Totals", formatAmount(statement.totalCharged), formatAmount(statement.totalPaid), ""], true);
  doc.moveDown(0.6);
  doc
    .font("Helvetica-Bold")
    .fontSize(11)
    .text(`${input.balanceLabel}: KES ${formatAmount(statement.balance)}`, left);
  doc.end();
  return done;
}
