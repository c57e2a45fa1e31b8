import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

// What the logs may hold. Never a secret of a URL: the M-Pesa callback tokens travel in the path
// (Daraja signs nothing; whoever knows a token can send a confirmation), and a few query
// parameters carry secrets. Never a database error's details: PostgreSQL's `detail` names the
// row's values (`Key (phone)=(0712...)`), and Drizzle's error repeats the query's parameters (a
// guest's name and phone) in its message and stack: only its SQLSTATE and constraint are kept.

/**
 * Path segments that are secrets: the callback token of the till's STK and C2B calls and the
 * subscriptions' callback, and a receipt's public link (whoever has it reads the receipt).
 */
const SECRET_PATHS = [
  /(\/lipa\/(?:stk|c2b)\/)[^/?#]+/i,
  /(\/mpesa\/callback\/)[^/?#]+/i,
  /(\/public\/receipts\/)[^/?#]+/i,
  /(^\/r\/)[^/?#]+/i,
];
const SECRET_QUERY = /^(token|access_token|refresh_token|key|api_key|apikey|secret|password|signature|sig|pin)$/i;
const REDACTED = "[redacted]";

/** The URL with its secret path segments and query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let pathPart = q < 0 ? url : url.slice(0, q);
  for (const re of SECRET_PATHS) pathPart = pathPart.replace(re, `$1${REDACTED}`);
  if (q < 0) return pathPart;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is compared as sent
      }
      return SECRET_QUERY.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${pathPart}?${query.join("&")}`;
}

/** pino's `req` serializer (Fastify's fields), the URL redacted. */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type Errorish = { [key: string]: unknown; message?: unknown; stack?: unknown; cause?: unknown; name?: unknown };

/** A PostgreSQL error (pg's DatabaseError) or Drizzle's wrapper of a failed query. */
function isDatabaseError(e: Errorish): boolean {
  return (typeof e.code === "string" && "severity" in e) || ("query" in e && "params" in e);
}

/** The stack without its first lines (the message): only the frames. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const at = stack.indexOf("\n    at ");
  return at < 0 ? undefined : stack.slice(at + 1);
}

const typeOf = (e: Errorish) => (e.constructor as { name?: string } | undefined)?.name ?? String(e.name ?? "Error");

/**
 * pino's `err` serializer. A database error, or one caused by it, is logged by its SQLSTATE
 * (`code`), constraint, table, column and the frames of its stack; its message, `detail`,
 * `where`, query and parameters never are. Other errors as usual (type, message, stack, their
 * own plain fields, the cause).
 */
export function errorForLog(err: Error): LoggedError {
  return serialize(err, 0) as LoggedError;
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(err: unknown, depth: number): unknown {
  if (!err || typeof err !== "object") return err;
  const e = err as Errorish;
  const chain: Errorish[] = [];
  for (let c: unknown = e; c && typeof c === "object" && chain.length < 5; c = (c as Errorish).cause)
    chain.push(c as Errorish);
  const database = chain.find(isDatabaseError);
  if (database) {
    const pg = chain.find((c) => typeof c.code === "string" && "severity" in c) ?? {};
    const pick = (k: string) => (typeof pg[k] === "string" ? (pg[k] as string) : undefined);
    return {
      type: typeOf(e),
      message: `database error ${pick("code") ?? "(no SQLSTATE)"}${pick("constraint") ? ` on ${pick("constraint")}` : ""}`,
      code: pick("code"),
      constraint: pick("constraint"),
      table: pick("table"),
      column: pick("column"),
      routine: pick("routine"),
      stack: framesOf(e.stack) ?? "",
    };
  }
  const out: Record<string, unknown> = { type: typeOf(e), message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) {
    if (k === "cause" || k in out) continue;
    if (v === null || ["string", "number", "boolean"].includes(typeof v)) out[k] = v;
  }
  if (e.cause !== undefined && depth < 5) out.cause = serialize(e.cause, depth + 1);
  return out;
}

// Unique across the servers of a fleet: a random prefix per process, then a counter.
const PROCESS_PREFIX = randomBytes(4).toString("hex");
let lastRequest = 0;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Each request's id in the logs (and its X-Request-Id answer): the one a proxy sent in
 * X-Request-Id when it is a short plain id (so the proxy's log and ours join up), else our own.
 * Anything longer or with other characters is not taken: it could forge or flood log lines.
 */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers["x-request-id"];
  if (typeof sent === "string" && REQUEST_ID.test(sent)) return sent;
  lastRequest = (lastRequest + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_PREFIX}-${lastRequest.toString(36)}`;
}
