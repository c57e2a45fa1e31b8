import { formatAmount, formatKES } from "@app/shared/money/money";
import { DOCUMENT_NOUN, type SalesDocument } from "@app/shared/sales-documents/document";
import { paymentDetailLine, type PaymentDetail } from "@app/shared/sales-documents/payment-detail";
import { etimsLabelOf, TAX_TYPE_NAMES, type VatBand } from "@app/shared/tax/vat";
import { AWAITING_KRA_MARK, etimsPrintOf, type EtimsReceiptBranch } from "@app/shared/etims/receipt-proof";
import type { DocumentLanguage } from "@app/shared/printing/receipt-text";
import { drawQr, newPdf } from "../../platform/pdf.ts";
import { pdfLocale, pdfStatus, pdfWords } from "../../platform/pdf-text.ts";

/** What a document prints of the business issuing it. */
export type Issuer = {
  name: string;
  kraPin: string | null;
  address: string | null;
  vatRegistered: boolean;
  timeZone: string;
};

export const dateIn = (iso: string, timeZone: string, language: DocumentLanguage = "en") =>
  new Intl.DateTimeFormat(pdfLocale(language), { dateStyle: "medium", timeZone }).format(new Date(iso));
const dayIn = (d: string, language: DocumentLanguage) =>
  new Intl.DateTimeFormat(pdfLocale(language), { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${d}T00:00:00Z`),
  );
const percent = (bp: number) => `${bp / 100}%`;

const TITLE: Record<SalesDocument["type"], string> = {
  invoice: "TAX INVOICE",
  quotation: "QUOTATION",
  credit_note: "CREDIT NOTE",
};

/** The VAT table rows of a document: band, rate, taxable amount, VAT and total (what eTIMS reports). */
export const vatTableRows = (bands: readonly VatBand[], w: (english: string) => string = (e) => e) =>
  bands.map((b) => [
    `${b.taxType} ${w(TAX_TYPE_NAMES[b.taxType])}`,
    percent(b.rateBp),
    formatAmount(b.taxable),
    formatAmount(b.tax),
    formatAmount(b.total),
  ]);

/**
 * An invoice, quotation or credit note as an A4 PDF (pdfkit): the business (name, KRA PIN,
 * address), the client (name, KRA PIN), the lines, a VAT table per tax band, the totals and
 * what is still owed, how to pay (payment details), and the document's eTIMS state: once KRA has
 * signed an invoice or credit note, KRA's control unit information and QR code (`etims`: the
 * business's connected branch, null when not connected); in `language` (the user's: pdf-text.ts).
 */
export function renderDocumentPdf(
  doc: SalesDocument,
  issuer: Issuer,
  payment: readonly PaymentDetail[],
  etims: EtimsReceiptBranch | null = null,
  language: DocumentLanguage = "en",
): Promise<Buffer> {
  const w = pdfWords(language);
  const day = (d: string) => dayIn(d, language);
  // A quotation is no tax document: it is never sent to KRA.
  const etimsPrint = doc.type === "quotation" ? ({ kind: "label" } as const) : etimsPrintOf(doc, etims);
  const { doc: pdf, done } = newPdf({
    size: "A4",
    margin: 48,
    info: { Title: `${w(DOCUMENT_NOUN[doc.type])} ${doc.number}`, Author: issuer.name },
  });
  const left = 48;
  const right = pdf.page.width - 48;
  const width = right - left;
  const rule = () => {
    pdf.moveDown(0.4);
    pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(0.5).strokeColor("#999999").stroke().strokeColor("#000000");
    pdf.moveDown(0.4);
  };
  /** A table row at fixed columns (x offsets and widths), the last columns right-aligned. */
  const tableRow = (cells: string[], cols: { x: number; w: number; align?: "left" | "right" }[], bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let bottom = y;
    cells.forEach((text, i) => {
      const c = cols[i]!;
      pdf.text(text, left + c.x, y, { width: c.w, align: c.align ?? "left" });
      bottom = Math.max(bottom, pdf.y);
    });
    pdf.y = bottom + 2;
    if (pdf.y > pdf.page.height - 90) pdf.addPage();
  };

  // The business and the document.
  pdf
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(issuer.name, left, 48, { width: width * 0.6 });
  pdf.font("Helvetica").fontSize(9);
  pdf.text(`${w("KRA PIN")}: ${issuer.kraPin ?? w("not set")}`, { width: width * 0.6 });
  if (issuer.address) pdf.text(issuer.address, { width: width * 0.6 });
  pdf.text(issuer.vatRegistered ? w("VAT registered") : w("Not registered for VAT"), { width: width * 0.6 });
  const headerBottom = pdf.y;
  pdf
    .font("Helvetica-Bold")
    .fontSize(14)
    .text(w(TITLE[doc.type]), left + width * 0.6, 48, { width: width * 0.4, align: "right" });
  pdf
    .font("Helvetica")
    .fontSize(10)
    .text(doc.number, { width: width * 0.4, align: "right" });
  pdf
    .fontSize(9)
    .text(`${w("Date")}: ${dateIn(doc.issuedAt, issuer.timeZone, language)}`, { width: width * 0.4, align: "right" });
  if (doc.dueDate) pdf.text(`${w("Due")}: ${day(doc.dueDate)}`, { width: width * 0.4, align: "right" });
  if (doc.validUntil) pdf.text(`${w("Valid until")}: ${day(doc.validUntil)}`, { width: width * 0.4, align: "right" });
  pdf.text(`${w("Status")}: ${pdfStatus(language, doc.status)}${doc.overdue ? ` (${w("overdue")})` : ""}`, {
    width: width * 0.4,
    align: "right",
  });
  pdf.text(
    etimsPrint.kind === "awaiting"
      ? AWAITING_KRA_MARK
      : etimsPrint.kind === "signed"
        ? `KRA receipt no. ${etimsPrint.rows.find((r) => r.label === "KRA receipt no.")!.value}`
        : w(etimsLabelOf(doc.etimsState, doc.type)),
    { width: width * 0.4, align: "right" },
  );
  pdf.y = Math.max(headerBottom, pdf.y);
  rule();

  // Who it is for.
  pdf
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(doc.type === "quotation" ? w("Quotation for") : w("Bill to"), left);
  pdf.font("Helvetica").fontSize(9).text(doc.party.name);
  pdf.text(`${w("KRA PIN")}: ${doc.party.kraPin ?? "-"}`);
  if (doc.party.contact) pdf.text(doc.party.contact);
  if (doc.party.address) pdf.text(doc.party.address);
  if (doc.related) {
    const what =
      doc.type === "credit_note" ? "Credit note for" : doc.type === "invoice" ? "From quotation" : "Converted to";
    pdf.moveDown(0.3).text(`${w(what)} ${doc.related.number}`);
  }
  if (doc.reason) pdf.text(`${w("Reason")}: ${doc.reason}`);
  rule();

  // Lines.
  const cols = [
    { x: 0, w: 20 },
    { x: 22, w: 230 },
    { x: 255, w: 40, align: "right" as const },
    { x: 300, w: 75, align: "right" as const },
    { x: 380, w: 35, align: "right" as const },
    { x: 420, w: width - 420, align: "right" as const },
  ];
  tableRow(["#", ...["Description", "Qty", "Unit price", "Tax", "Amount (KES)"].map(w)], cols, true);
  for (const l of doc.lines)
    tableRow(
      [
        String(l.lineNo),
        l.description,
        String(l.quantity),
        formatAmount(l.unitPrice),
        l.taxType,
        formatAmount(l.total),
      ],
      cols,
    );
  rule();

  // VAT per band.
  pdf.font("Helvetica-Bold").fontSize(10).text(w("VAT per tax band (prices include VAT)"), left);
  pdf.moveDown(0.2);
  const vatCols = [
    { x: 0, w: 150 },
    { x: 155, w: 60, align: "right" as const },
    { x: 220, w: 100, align: "right" as const },
    { x: 325, w: 80, align: "right" as const },
    { x: 410, w: width - 410, align: "right" as const },
  ];
  tableRow(["Band", "Rate", "Taxable amount", "VAT", "Total"].map(w), vatCols, true);
  for (const r of vatTableRows(doc.vatBands, w)) tableRow(r, vatCols);
  rule();

  // Totals.
  const totalRow = (label: string, value: string, bold = false) =>
    tableRow(
      [label, value],
      [
        { x: width - 260, w: 150 },
        { x: width - 105, w: 105, align: "right" },
      ],
      bold,
    );
  totalRow(w("Total VAT"), formatKES(doc.tax));
  totalRow(w("Total"), formatKES(doc.total), true);
  if (doc.type === "invoice") {
    if (doc.credited) totalRow(w("Credited"), formatKES(-doc.credited));
    totalRow(w("Paid"), formatKES(doc.amountPaid - doc.refunded));
    totalRow(w("Balance due"), formatKES(doc.balance), true);
  }
  if (doc.type === "invoice" && doc.payments.length) {
    pdf.moveDown(0.4).font("Helvetica-Bold").fontSize(10).text(w("Payments"), left);
    for (const p of doc.payments)
      pdf
        .font("Helvetica")
        .fontSize(9)
        .text(
          `${dateIn(p.paidAt, issuer.timeZone, language)}  ${p.refund ? w("Refund") : w("Payment")}  ${w(p.method)}${p.reference ? ` ${p.reference}` : ""}  ${formatKES(p.refund ? -p.amount : p.amount)}`,
          left,
        );
  }
  if (etimsPrint.kind === "signed") {
    // KRA's proof: the control unit information at the left, KRA's QR code at the right.
    rule();
    if (pdf.y > pdf.page.height - 200) pdf.addPage();
    const top = pdf.y;
    const qrSide = 110;
    pdf.font("Helvetica-Bold").fontSize(10).text("Control unit information (KRA eTIMS)", left, top);
    pdf.moveDown(0.2);
    for (const r of etimsPrint.rows)
      tableRow(
        [r.label, r.value],
        [
          { x: 0, w: 110 },
          { x: 115, w: width - qrSide - 130 },
        ],
      );
    const textBottom = pdf.y;
    if (etimsPrint.link) {
      drawQr(pdf, etimsPrint.link, right - qrSide, top, qrSide);
      pdf
        .font("Helvetica")
        .fontSize(6)
        .text(etimsPrint.link, left, Math.max(textBottom, pdf.y) + 2, { width });
    }
    pdf.y = Math.max(textBottom, pdf.y);
    pdf.x = left;
  }
  if (payment.length && doc.type !== "credit_note") {
    pdf.moveDown(0.6).font("Helvetica-Bold").fontSize(10).text(w("How to pay"), left);
    for (const d of payment)
      pdf
        .font("Helvetica")
        .fontSize(9)
        .text(paymentDetailLine({ ...d, method: w(d.method) }), left);
  }
  if (doc.notes) {
    pdf.moveDown(0.6).font("Helvetica-Bold").fontSize(10).text(w("Notes"), left);
    pdf.font("Helvetica").fontSize(9).text(doc.notes, left, pdf.y, { width });
  }
  pdf
    .moveDown(1)
    .font("Helvetica")
    .fontSize(7)
    .fillColor("#555555")
    .text(
      w(
        "Prices include VAT. VAT is worked out per line from the VAT-inclusive amount and rounded to the nearest cent (half up). Amounts in KES.",
      ),
      left,
      pdf.y,
      { width },
    );
  pdf.end();
  return done;
}
