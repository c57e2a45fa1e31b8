/**
 * Failures that mean "the database is not there right now", as opposed to a bug or bad input:
 * the connection was refused, dropped or timed out, or the server is shutting down, crashed
 * or still replaying its log after a crash. The error handler answers these with 503
 * DATABASE_UNAVAILABLE, so a till can tell "try again shortly" from "this is wrong".
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/** SQLSTATE connection exceptions (08000-08006; not 08P01, a protocol bug) and 57P01-57P03 (shutting down, crashed, starting up). */
const SQLSTATE = /^(0800[0-46]|57P0[123])$/;

/** What node-postgres says when a connection dies under a query or never comes (it sets no code). */
const MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
];

/** Whether an error (or any error it wraps: Drizzle wraps the driver's) is a lost or refused database connection. */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === "string" && MESSAGES.some((m) => (e.message as string).startsWith(m))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}
