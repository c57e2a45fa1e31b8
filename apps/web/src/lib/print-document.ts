import { COLUMNS_BY_WIDTH } from "@app/shared/printing/printer-values";
import type { PrintLine } from "@app/shared/printing/receipt";
import { qrSvg } from "./qr-svg.ts";

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The document as HTML for a receipt printer's paper (monospace, one line per line). */
export function printHtml(lines: readonly PrintLine[], paperMm: 58 | 80 = 80): string {
  // A monospace glyph is 0.6 em wide: this size fits the paper's columns (48 on 80 mm, 32 on 58 mm) in its printable width.
  const fontMm = ((paperMm - 6) / COLUMNS_BY_WIDTH[paperMm] / 0.6).toFixed(2);
  const body = lines
    .map((l) => {
      if (l.kind === "rule") return `<div class="rule"></div>`;
      if (l.kind === "feed") return `<div class="feed"></div>`;
      // KRA's QR code, about 30 mm wide on 80 mm paper (22 mm on 58 mm), centred.
      if (l.kind === "qr") return `<div class="qr">${qrSvg(l.data, paperMm === 80 ? 30 : 22)}</div>`;
      const cls = [l.bold ? "b" : "", l.large ? "l" : "", l.align ?? "left"].join(" ");
      return `<div class="${cls}">${escape(l.text) || "&nbsp;"}</div>`;
    })
    .join("");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Print</title><style>
    @page { size: ${paperMm}mm auto; margin: 3mm; }
    body { margin: 0; width: ${paperMm - 6}mm; font: ${fontMm}mm/1.35 "Courier New", monospace; color: #000; }
    div { white-space: pre; overflow: hidden; } .b { font-weight: 700; } .l { font-size: 1.5em; white-space: pre-wrap; }
    .center { text-align: center; } .right { text-align: right; }
    .rule { border-top: 1px dashed #000; margin: 3px 0; } .feed { height: 12px; }
    .qr { text-align: center; margin: 2mm 0; } .qr svg { display: inline-block; }
  </style></head><body>${body}</body></html>`;
}

/**
 * Prints a document through the browser's print dialog (the fallback when there is no
 * network printer): a hidden frame holds it, so the page itself is not printed.
 */
export function printInBrowser(lines: readonly PrintLine[], paperMm: 58 | 80 = 80): void {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.querySelector("iframe[data-print-frame]")?.remove();
  const frame = document.createElement("iframe");
  frame.setAttribute("data-print-frame", "");
  frame.setAttribute("data-testid", "print-frame");
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;";
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(printHtml(lines, paperMm));
  doc.close();
  frame.contentWindow?.focus();
  frame.contentWindow?.print();
  // Give the keyboard back to the till (the scanner and shortcuts type into the page, not the frame).
  window.focus();
  focused?.focus();
}
