import nodemailer from "nodemailer";
import type { SendOutcome } from "./sms-client.ts";

/** An SMTP server (smtp://user:pass@host:587 or smtps://...:465) and the From address. */
export type EmailSettings = { url: string; from: string };

const transports = new Map<string, nodemailer.Transporter>();

/** One pooled transport per SMTP address, made on first use. */
function transportFor(url: string): nodemailer.Transporter {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/**
 * Sends one e-mail (plain text, and the receipt in a monospaced block for mail readers that show
 * HTML). A 4xx answer of the SMTP server or a failed connection is worth a retry; a 5xx is final.
 * The SMTP password is in the URL: errors carry the server's answer, never the URL.
 */
export async function sendEmail(
  settings: EmailSettings,
  mail: { to: string; subject: string; text: string; html?: string },
): Promise<SendOutcome> {
  try {
    const info = await transportFor(settings.url).sendMail({ from: settings.from, ...mail });
    if (info.rejected.length) return { ok: false, retry: false, error: "The mail server refused the address" };
    return { ok: true, providerId: info.messageId ?? null, cost: null };
  } catch (err) {
    const e = err as { responseCode?: number; code?: string; message?: string };
    const code = typeof e.responseCode === "number" ? e.responseCode : null;
    const said = code
      ? `the mail server answered ${code}`
      : `the mail server could not be reached (${e.code ?? "error"})`;
    return { ok: false, retry: code === null || code < 500, error: `E-mail not sent: ${said}` };
  }
}
