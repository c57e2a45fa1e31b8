import { formatKES } from "@app/shared/money/money";
import type { CashUp } from "@app/shared/transactions/transaction";
import { labelValue, newPdf, rollSize } from "../../platform/pdf.ts";

/** A time as the business reads it (its time zone). */
export const whenIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-KE", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(iso));

/**
 * The Z report of a cash-up on an 80 mm roll (pdfkit): the till and period, the cash drawer
 * (float, cash in and out, expected, counted, the difference), and M-Pesa and bank beside it.
 */
export function renderZReport(c: CashUp, business: { name: string; timeZone: string }): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: rollSize(30),
    margin: 12,
    info: { Title: `Z report ${c.zNumber}`, Author: business.name },
  });
  const left = 12;
  const width = doc.page.width - 24;
  const row = (label: string, value: string, bold = false) => labelValue(doc, left, width, label, value, { bold });
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .dash(2, { space: 2 })
      .stroke()
      .undash();
    doc.moveDown(0.3);
  };
  doc.font("Helvetica-Bold").fontSize(12).text(business.name, left, 12, { width, align: "center" });
  doc.fontSize(11).text(`Z REPORT #${c.zNumber}`, { width, align: "center" });
  doc.font("Helvetica").fontSize(9);
  doc.text(`Till: ${c.userName ?? "All tills"}`, left, doc.y, { width, align: "center" });
  rule();
  row("From", c.periodStart ? whenIn(c.periodStart, business.timeZone) : "-");
  row("To", whenIn(c.periodEnd, business.timeZone));
  row("Movements", String(c.movementCount));
  rule();
  doc.font("Helvetica-Bold").text("CASH DRAWER", left, doc.y, { width });
  row("Opening float", formatKES(c.openingFloat));
  row("Cash in", formatKES(c.cashIn));
  row("Cash out", formatKES(c.cashOut ? -c.cashOut : 0));
  row("Expected cash", formatKES(c.expectedCash), true);
  row("Counted cash", formatKES(c.countedCash), true);
  row(
    c.difference < 0 ? "Difference (short)" : c.difference > 0 ? "Difference (over)" : "Difference",
    formatKES(c.difference),
    true,
  );
  rule();
  doc.font("Helvetica-Bold").text("OTHER METHODS", left, doc.y, { width });
  row("M-Pesa in", formatKES(c.mpesaIn));
  row("M-Pesa out", formatKES(c.mpesaOut ? -c.mpesaOut : 0));
  row("Bank in", formatKES(c.bankIn));
  row("Bank out", formatKES(c.bankOut ? -c.bankOut : 0));
  rule();
  if (c.note) doc.font("Helvetica").text(`Note: ${c.note}`, left, doc.y, { width });
  doc
    .font("Helvetica")
    .text(`Closed by ${c.closedBy}, ${whenIn(c.createdAt, business.timeZone)}`, left, doc.y, { width });
  doc.end();
  return done;
}
