import { formatAmount } from "@app/shared/money/money";
import { summaryCsvRows, type Summary } from "@app/shared/reports/reports";
import { newPdf } from "../../platform/pdf.ts";

/** The summary as an A4 PDF: the same rows as its CSV export, one table after another. */
export function renderSummaryPdf(businessName: string, s: Summary): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: "A4",
    margin: 40,
    info: { Title: `Summary ${s.from} to ${s.to}`, Author: businessName },
  });
  const left = 40;
  const cols = [200, 105, 105, 105];
  doc.font("Helvetica-Bold").fontSize(16).text(businessName, left);
  doc.font("Helvetica").fontSize(12).text(`Summary, ${s.from} to ${s.to}`);
  doc.fontSize(9).text(`Compared with ${s.previous.from} to ${s.previous.to}. Amounts in KES.`);
  doc.moveDown(0.8);
  const [, ...rows] = summaryCsvRows(s);
  const header = (r: (string | number)[]) => r.length > 0 && /^(Figure|By |Top )/.test(String(r[0]));
  for (const r of rows) {
    if (!r.length) {
      doc.moveDown(0.6);
      continue;
    }
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    doc.font(header(r) ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let x = left;
    let bottom = y;
    r.forEach((cell, i) => {
      const text =
        typeof cell === "number"
          ? String(cell)
          : /^-?\d+\.\d\d$/.test(cell) && i > 0
            ? formatAmount(Math.round(Number(cell) * 100))
            : cell;
      doc.text(text, x, y, { width: cols[i]! - 6, align: i ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!;
    });
    doc.y = bottom + 2;
  }
  doc.end();
  return done;
}
