import { formatKES } from "@app/shared/money/money";
import type { ReceiptFormat } from "@app/shared/sales-documents/receipt";
import { drawQr, labelValue, newPdf, rollSize } from "../../platform/pdf.ts";

/** What a receipt says, top to bottom; the same content prints on an 80 mm roll or on A4. */
export type ReceiptBlock =
  | { t: "title"; text: string }
  | { t: "center"; text: string }
  | { t: "text"; text: string }
  | { t: "pair"; label: string; value: string; bold?: boolean }
  | { t: "rule" }
  /** KRA's QR code (its verification link), centred. */
  | { t: "qr"; data: string };

/** A QR code's side on the roll and on A4, in points (about 32 mm and 39 mm). */
const QR_SIZE = { roll: 90, a4: 110 } as const;

export const money = formatKES;

/** Renders receipt blocks: an 80 mm roll (9 pt, centred header) or an A4 page (wider margins). */
export function renderReceiptPdf(
  blocks: readonly ReceiptBlock[],
  format: ReceiptFormat,
  title: string,
): Promise<Buffer> {
  const roll = format === "80mm";
  const { doc, done } = newPdf({
    // A QR code is as tall as about eight lines of text.
    size: roll ? rollSize(blocks.length + 6 + blocks.filter((b) => b.t === "qr").length * 8) : "A4",
    margin: roll ? 12 : 56,
    info: { Title: title },
  });
  const left = roll ? 12 : 56;
  const width = roll ? doc.page.width - 24 : Math.min(doc.page.width - 112, 360);
  const size = roll ? 9 : 10;
  for (const b of blocks) {
    switch (b.t) {
      case "title":
        doc
          .font("Helvetica-Bold")
          .fontSize(size + 3)
          .text(b.text, left, doc.y, { width, align: "center" });
        break;
      case "center":
        doc.font("Helvetica").fontSize(size).text(b.text, left, doc.y, { width, align: "center" });
        break;
      case "text":
        doc.font("Helvetica").fontSize(size).text(b.text, left, doc.y, { width });
        break;
      case "pair":
        labelValue(doc, left, width, b.label, b.value, { bold: b.bold, size });
        break;
      case "qr": {
        const side = roll ? QR_SIZE.roll : QR_SIZE.a4;
        drawQr(doc, b.data, left + (width - side) / 2, doc.y + 2, side);
        break;
      }
      case "rule":
        doc.moveDown(0.3);
        doc
          .moveTo(left, doc.y)
          .lineTo(left + width, doc.y)
          .lineWidth(0.5)
          .dash(2, { space: 2 })
          .stroke()
          .undash();
        doc.moveDown(0.3);
        break;
    }
  }
  doc.end();
  return done;
}
