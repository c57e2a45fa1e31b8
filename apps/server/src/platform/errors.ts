import type { IncomingMessage } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ERROR_CODES, type ErrorCode } from "@app/shared/errors/errors";
import { isConnectionError } from "../db/connection-errors.ts";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  PAYMENT_PROVIDER_ERROR: 502,
  NOT_CONFIGURED: 503,
  ETIMS_REFUSED: 422,
  ETIMS_UNAVAILABLE: 502,
  PRICES_CHANGED: 409,
  INSUFFICIENT_STOCK: 409,
  CREDIT_OVERPAYMENT: 422,
  CREDIT_LIMIT_EXCEEDED: 422,
  SUPPLY_TRANSFER_EXCEEDS: 422,
  SUPPLY_CLEARED: 409,
  SALE_CREDIT_OWNER_ONLY: 403,
  DISCOUNT_LIMIT: 403,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYMENT_PENDING: 409,
  PAYMENT_FLAGGED_FOR_REFUND: 409,
  SUPPORT_ACCESS_REQUIRED: 403,
  INVOICE_OVERPAYMENT: 422,
  DOCUMENT_LOCKED: 409,
  QUOTATION_CONVERTED: 409,
  CREDIT_NOTE_EXCEEDS_INVOICE: 422,
  DATABASE_UNAVAILABLE: 503,
  ALLERGY_WARNING: 409,
  BATCH_EXPIRED: 409,
  ALREADY_DISPENSED: 409,
  ROOM_ALREADY_BOOKED: 409,
  ROOM_OUT_OF_ORDER: 409,
  ROOM_HAS_BOOKINGS: 409,
  BILL_BALANCE_DUE: 409,
  BILL_OVERPAYMENT: 422,
  FILE_TOO_LARGE: 413,
};

/** The one error type services throw; the error handler turns it into the uniform body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get statusCode(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError(ERROR_CODES.NOT_FOUND, `${what} not found`);
export const forbidden = (message = "You do not have permission to do this") =>
  new AppError(ERROR_CODES.FORBIDDEN, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.CONFLICT, message, fields);
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.UNPROCESSABLE, message, fields);

/** Parses input a route schema could not fully describe; failures are the usual 400. */
export function parseInput<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.map(String).join(".") || "body"] ??= issue.message;
  throw new AppError(ERROR_CODES.VALIDATION, `Invalid input: ${Object.keys(fields).join(", ")}`, fields);
}

/** PostgreSQL unique_violation, for turning a lost race into a 409. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === "23505") return !constraint || e.constraint === constraint;
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
}

/** PostgreSQL query_canceled: the statement timeout (db/client.ts) stopped a query, for a 503. */
export function isQueryCancelled(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; cause?: unknown };
  if (e?.code === "57014") return true;
  return e?.cause && depth < 5 ? isQueryCancelled(e.cause, depth + 1) : false;
}

/** PostgreSQL exclusion_violation (e.g. two bookings of one room for the same night), for a 409. */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === "23P01") return !constraint || e.constraint === constraint;
  return e?.cause ? isExclusionViolation(e.cause, constraint) : false;
}

function fieldsOf(err: FastifyError & { validationContext?: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    const pathName = v.instancePath.replace(/^\//, "").replace(/\//g, ".");
    const key = pathName || err.validationContext || "body";
    fields[key] ??= v.message ?? "Invalid value";
  }
  return fields;
}

/** How much of a refused body is read and dropped so that its client can read the 413; beyond, the connection is cut. */
const DRAIN_BYTES = 128 * 1024 * 1024;
const DRAIN_MS = 60_000;

/**
 * Fastify answers a body over the limit at once and asks to close the connection. Closing while
 * the client is still sending resets the connection, and a client that is still writing (fetch,
 * a slow phone) then never reads the 413. So the rest of the body is read and dropped, up to
 * DRAIN_BYTES or DRAIN_MS (then the connection is cut), and the connection stays open until then.
 */
function keepReadingTheBody(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete) return;
  reply.removeHeader("connection");
  let read = 0;
  const cut = () => raw.socket?.destroy();
  const timer = setTimeout(cut, DRAIN_MS);
  timer.unref();
  raw.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) cut();
  });
  raw.once("end", () => clearTimeout(timer));
  raw.once("close", () => clearTimeout(timer));
  raw.resume();
}

/** Maps every failure to { error: { code, message, fields? } }; bad input never becomes a 500. */
export function registerErrorHandling(app: FastifyInstance, opts: { spaFallback: boolean }): void {
  app.setErrorHandler((err: FastifyError & { validationContext?: string }, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .send({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      const fields = fieldsOf(err);
      const names = Object.keys(fields).join(", ");
      return reply
        .code(400)
        .send({ error: { code: ERROR_CODES.VALIDATION, message: `Invalid input: ${names}`, fields } });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({
        error: { code: ERROR_CODES.RATE_LIMITED, message: "Too many attempts. Please wait a minute and try again." },
      });
    }
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      keepReadingTheBody(req.raw, reply);
      const mb = Math.floor(Number(req.routeOptions.bodyLimit) / (1024 * 1024));
      return reply.code(413).send({
        error: {
          code: ERROR_CODES.BAD_REQUEST,
          message: `The request is too large: at most ${mb >= 1 ? `${mb} MB` : `${req.routeOptions.bodyLimit} bytes`}.`,
        },
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large, ...: the client's fault, said plainly.
      return reply.code(err.statusCode).send({ error: { code: ERROR_CODES.BAD_REQUEST, message: err.message } });
    }
    if (isConnectionError(err)) {
      // The database is down or restarting (the supervisor or the pool brings it back): not a bug.
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send({
          error: {
            code: ERROR_CODES.DATABASE_UNAVAILABLE,
            message:
              "The database is not answering right now (it may be restarting). Please try again in a few seconds.",
          },
        });
    }
    if (isQueryCancelled(err)) {
      // A query ran past STATEMENT_TIMEOUT_MS (a lock held too long, a report too big) and was
      // stopped, freeing its connection: said plainly, and logged (safely: log-safety.ts) to look into.
      req.log.warn({ err }, "query cancelled by the statement timeout");
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send({
          error: {
            code: ERROR_CODES.DATABASE_UNAVAILABLE,
            message: "The database took too long to answer, so the request was stopped. Please try again shortly.",
          },
        });
    }
    if (isResponseSerializationError(err))
      req.log.error({ issues: err.cause.issues }, "response did not match its schema");
    else req.log.error({ err }, "unhandled error");
    return reply
      .code(500)
      .send({ error: { code: ERROR_CODES.INTERNAL, message: "Something went wrong on our side. Please try again." } });
  });

  app.setNotFoundHandler((req, reply) => {
    // Client routes (/products, /pos, ...) are not files: answer them with the web app itself.
    const url = req.url.split("?")[0]!;
    if (opts.spaFallback && req.method === "GET" && !url.startsWith("/api") && !/\.[a-z0-9]+$/i.test(url)) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({
      error: { code: ERROR_CODES.NOT_FOUND, message: `No such route: ${req.method} ${req.url.split("?")[0]}` },
    });
  });
}
