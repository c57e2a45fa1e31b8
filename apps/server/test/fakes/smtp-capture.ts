import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One e-mail the local SMTP server received: the envelope, the raw message and its text (quoted-printable decoded). */
export type CapturedMail = { from: string; to: string[]; raw: string; text: string };

/** The body of a one-part message, its quoted-printable soft breaks and =XX escapes undone (UTF-8). */
function bodyTextOf(raw: string): string {
  const [head = "", ...rest] = raw.split("\r\n\r\n");
  const body = rest.join("\r\n\r\n");
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25"));
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it is
 * given, with a user and password it checks (AUTH PLAIN/LOGIN, no TLS). `refuseNext(n)` answers
 * the next n messages with a temporary 451 failure.
 */
export async function startSmtpCapture(auth = { user: "shop", pass: "mail-secret" }) {
  const mails: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(a, _session, cb) {
      if (a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
      else cb(new Error("Invalid username or password"));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals--;
          const err = new Error("Try again later") as Error & { responseCode: number };
          err.responseCode = 451;
          return cb(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: bodyTextOf(raw),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${auth.user}:${auth.pass}@127.0.0.1:${port}`,
    mails,
    refuseNext(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
