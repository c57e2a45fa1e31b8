import net from "node:net";
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import type { PrintLine } from "@app/shared/printing/receipt";

/** ESC/POS bytes for a printed document, cut at the end. */
export function encodeEscPos(lines: readonly PrintLine[], columns: number): Uint8Array {
  const e = new ReceiptPrinterEncoder({ language: "esc-pos", columns }).initialize();
  for (const line of lines) {
    if (line.kind === "rule") e.rule();
    else if (line.kind === "feed") e.newline(2);
    else {
      e.align(line.align ?? "left").bold(Boolean(line.bold));
      if (line.large) e.size(2, 2);
      // The encoder wraps a line too long for the paper, counting large text twice as wide.
      e.line(line.text);
      if (line.large) e.size(1, 1);
    }
  }
  return e.align("left").bold(false).cut("partial").encode();
}

export class PrinterError extends Error {}

/**
 * Sends raw bytes to a network printer (port 9100, "raw" printing): connect, write, close.
 * Fails with a PrinterError a person can act on when the printer cannot be reached in time.
 */
export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host, port });
    const fail = (message: string) => {
      socket.destroy();
      reject(new PrinterError(message));
    };
    socket.setTimeout(timeoutMs, () =>
      fail(`The printer at ${host}:${port} did not answer within ${timeoutMs / 1000} s`),
    );
    socket.once("error", (err: NodeJS.ErrnoException) =>
      fail(
        err.code === "ECONNREFUSED"
          ? `The printer at ${host}:${port} refused the connection; is it on?`
          : `Could not reach the printer at ${host}:${port} (${err.code ?? err.message})`,
      ),
    );
    socket.once("connect", () => socket.end(Buffer.from(bytes)));
    socket.once("close", (hadError) => {
      if (!hadError) resolve();
    });
  });
}
