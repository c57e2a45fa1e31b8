import net from "node:net";
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { PrintLine } from "@app/shared/printing/receipt";
import type { NetworkPrintingPolicy } from "../../config.ts";
import { resolvePrinterAddress } from "./printer-address.ts";

/**
 * Text as one harmless printed line: control characters (CR, LF, ESC, GS, ...) and Unicode line
 * breaks become a space, so a product named "Soda\r\nSET pwned 1" or carrying ESC/POS commands
 * prints as words on one line, never as another line or a printer command.
 */
export const printableText = (text: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ");

/**
 * ESC/POS bytes for a printed document, cut at the end. `openDrawer`: the cash drawer wired to
 * the printer's kick-out port is opened (ESC p: pin 2, a 100 ms pulse) before the cut (issue 31).
 */
export function encodeEscPos(
  lines: readonly PrintLine[],
  columns: number,
  options: { openDrawer?: boolean } = {},
): Uint8Array {
  const e = new ReceiptPrinterEncoder({ language: "esc-pos", columns }).initialize();
  for (const line of lines) {
    if (line.kind === "rule") e.rule();
    else if (line.kind === "feed") e.newline(2);
    // KRA's verification link: the printer draws the QR code itself (ESC/POS "GS ( k"), centred.
    else if (line.kind === "qr")
      e.align("center").qrcode(line.data, { model: 2, size: 5, errorlevel: "m" }).align("left");
    else {
      e.align(line.align ?? "left").bold(Boolean(line.bold));
      if (line.large) e.size(2, 2);
      // The encoder wraps a line too long for the paper, counting large text twice as wide.
      e.line(printableText(line.text));
      if (line.large) e.size(1, 1);
    }
  }
  e.align("left").bold(false);
  if (options.openDrawer) e.pulse(0, 100, 500);
  return e.cut("partial").encode();
}

/** ESC/POS bytes that only open the cash drawer ("No sale"): ESC @, then ESC p 0 with a 100 ms pulse. */
export function encodeDrawerPulse(): Uint8Array {
  return new ReceiptPrinterEncoder({ language: "esc-pos" }).initialize().pulse(0, 100, 500).encode();
}

export class PrinterError extends Error {}

/**
 * Sends raw bytes to a network printer ("raw" printing, port 9100): check the address, connect,
 * write, close. Every failure (address not allowed, no such name, refused, timed out, reset) is
 * the same PrinterError text, so the answer never tells an open port from a closed one.
 */
export async function sendToPrinter(
  host: string,
  port: number,
  bytes: Uint8Array,
  policy: NetworkPrintingPolicy,
  timeoutMs = 5000,
): Promise<void> {
  const failure = () =>
    new PrinterError(
      `The printer at ${host}:${port} could not be reached. Check that it is on and connected to the shop's network.`,
    );
  const address = await resolvePrinterAddress(host, port, policy);
  if (!address) throw failure();
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: address, port });
    const fail = () => {
      socket.destroy();
      reject(failure());
    };
    socket.setTimeout(timeoutMs, fail);
    socket.once("error", fail);
    socket.once("connect", () => socket.end(Buffer.from(bytes)));
    socket.once("close", (hadError) => {
      if (!hadError) resolve();
    });
  });
}
