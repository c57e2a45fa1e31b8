import { formatKES } from "@app/shared/money/money";
import type { CashUp } from "@app/shared/transactions/transaction";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import { labelValue, newPdf, rollSize } from "../../platform/pdf.ts";

/** A time as the business reads it (its time zone). */
export const whenIn = (iso: string, timeZone: string, language: DocumentLanguage = "en") =>
  new Intl.DateTimeFormat(language === "sw" ? "sw-KE" : "en-KE", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));

/** The Z report's words in each language (docs/glossary.md: droo, pesa ya kuanzia, ripoti ya Z). */
const Z_TEXT = {
  en: {
    title: "Z report",
    heading: "Z REPORT",
    till: "Till",
    allTills: "All tills",
    from: "From",
    to: "To",
    movements: "Movements",
    cashDrawer: "CASH DRAWER",
    openingFloat: "Opening float",
    cashIn: "Cash in",
    cashOut: "Cash out",
    expected: "Expected cash",
    counted: "Counted cash",
    short: "Difference (short)",
    over: "Difference (over)",
    difference: "Difference",
    other: "OTHER METHODS",
    mpesaIn: "M-Pesa in",
    mpesaOut: "M-Pesa out",
    bankIn: "Bank in",
    bankOut: "Bank out",
    note: "Note",
    closedBy: (who: string, when: string) => `Closed by ${who}, ${when}`,
  },
  sw: {
    title: "Ripoti ya Z",
    heading: "RIPOTI YA Z",
    till: "Droo",
    allTills: "Droo zote",
    from: "Kuanzia",
    to: "Hadi",
    movements: "Miamala",
    cashDrawer: "DROO YA PESA TASLIMU",
    openingFloat: "Pesa ya kuanzia",
    cashIn: "Taslimu iliyoingia",
    cashOut: "Taslimu iliyotoka",
    expected: "Taslimu inayotarajiwa",
    counted: "Taslimu iliyohesabiwa",
    short: "Tofauti (pungufu)",
    over: "Tofauti (ziada)",
    difference: "Tofauti",
    other: "NJIA NYINGINE",
    mpesaIn: "M-Pesa iliyoingia",
    mpesaOut: "M-Pesa iliyotoka",
    bankIn: "Benki iliyoingia",
    bankOut: "Benki iliyotoka",
    note: "Maelezo",
    closedBy: (who: string, when: string) => `Imefungwa na ${who}, ${when}`,
  },
} as const;

/**
 * The Z report of a cash-up on an 80 mm roll (pdfkit): the till and period, the cash drawer
 * (float, cash in and out, expected, counted, the difference), and M-Pesa and bank beside it,
 * in the language asked for (the user's: Accept-Language).
 */
export function renderZReport(
  c: CashUp,
  business: { name: string; timeZone: string },
  language: DocumentLanguage = "en",
): Promise<Buffer> {
  const x = Z_TEXT[language];
  const when = (iso: string) => whenIn(iso, business.timeZone, language);
  const { doc, done } = newPdf({
    size: rollSize(30),
    margin: 12,
    info: { Title: `${x.title} ${c.zNumber}`, Author: business.name },
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
  doc.fontSize(11).text(`${x.heading} #${c.zNumber}`, { width, align: "center" });
  doc.font("Helvetica").fontSize(9);
  doc.text(`${x.till}: ${c.userName ?? x.allTills}`, left, doc.y, { width, align: "center" });
  rule();
  row(x.from, c.periodStart ? when(c.periodStart) : "-");
  row(x.to, when(c.periodEnd));
  row(x.movements, String(c.movementCount));
  rule();
  doc.font("Helvetica-Bold").text(x.cashDrawer, left, doc.y, { width });
  row(x.openingFloat, formatKES(c.openingFloat));
  row(x.cashIn, formatKES(c.cashIn));
  row(x.cashOut, formatKES(c.cashOut ? -c.cashOut : 0));
  row(x.expected, formatKES(c.expectedCash), true);
  row(x.counted, formatKES(c.countedCash), true);
  row(c.difference < 0 ? x.short : c.difference > 0 ? x.over : x.difference, formatKES(c.difference), true);
  rule();
  doc.font("Helvetica-Bold").text(x.other, left, doc.y, { width });
  row(x.mpesaIn, formatKES(c.mpesaIn));
  row(x.mpesaOut, formatKES(c.mpesaOut ? -c.mpesaOut : 0));
  row(x.bankIn, formatKES(c.bankIn));
  row(x.bankOut, formatKES(c.bankOut ? -c.bankOut : 0));
  rule();
  if (c.note) doc.font("Helvetica").text(`${x.note}: ${c.note}`, left, doc.y, { width });
  doc.font("Helvetica").text(x.closedBy(c.closedBy, when(c.createdAt)), left, doc.y, { width });
  doc.end();
  return done;
}
