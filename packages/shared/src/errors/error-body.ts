import type { ApiError } from "./api-error-schema.ts";

// Reading an error body, apart from the list of codes (errors.ts): the public pages' first load
// needs only this, and the list grows with every area.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether a body has the shape of apiErrorSchema (api-error-schema.ts), checked by hand so
 * that reading an error needs no zod; errors.test.ts holds the two to the same answers.
 */
export function isApiError(body: unknown): body is ApiError {
  if (!isRecord(body) || !isRecord(body.error)) return false;
  const { code, message, fields } = body.error;
  if (typeof code !== "string" || typeof message !== "string") return false;
  return fields === undefined || (isRecord(fields) && Object.values(fields).every((v) => typeof v === "string"));
}

/** Reads the human message out of any API error body, for toasts. */
export function errorMessageOf(body: unknown, fallback = "Something went wrong. Please try again."): string {
  return isApiError(body) ? body.error.message : fallback;
}
