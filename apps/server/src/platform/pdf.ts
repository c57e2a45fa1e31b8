import PDFDocument from "pdfkit";
import QRCode from "qrcode";

/** Points per millimetre (PDF units are 1/72 inch). */
export const MM = 72 / 25.4;

/** An 80 mm roll: 80 mm wide, tall enough for `lines` lines of 9 pt text (the roll is cut after). */
export function rollSize(lines: number): [number, number] {
  return [80 * MM, Math.max(100 * MM, 24 * MM + lines * 12.5)];
}

/**
 * A pdfkit document (standard Helvetica: no font files to ship) and the promise of its bytes,
 * resolved when the caller ends it.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** Two texts on one line: the label at the left, the value at the right (receipts and tables). */
export function labelValue(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  label: string,
  value: string,
  opts: { bold?: boolean; size?: number } = {},
): void {
  const y = doc.y;
  doc.font(opts.bold ? "Helvetica-Bold" : "Helvetica").fontSize(opts.size ?? 9);
  const valueWidth = Math.min(width * 0.45, doc.widthOfString(value) + 2);
  doc.text(label, left, y, { width: width - valueWidth - 4 });
  const after = doc.y;
  doc.text(value, left + width - valueWidth, y, { width: valueWidth, align: "right" });
  doc.y = Math.max(after, doc.y);
}

/**
 * A QR code drawn as vector squares (the `qrcode` library's encoder, error correction M, a
 * 4-module quiet zone) with its top-left corner at (x, y) and `size` points wide; the text cursor
 * moves below it.
 */
export function drawQr(doc: PDFKit.PDFDocument, data: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(data, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  doc.save().rect(x, y, size, size).fill("#ffffff").fillColor("#000000");
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(x + (c + 4) * cell, y + (r + 4) * cell, cell, cell);
  doc.fill("#000000").restore();
  doc.x = x;
  doc.y = y + size + 2;
}
