import { z } from "zod";

/** Every API failure has this shape: { error: { code, message, fields? } }. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  VALIDATION: "VALIDATION_ERROR",
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  FORBIDDEN: "FORBIDDEN",
  ACCOUNT_INACTIVE: "ACCOUNT_INACTIVE",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  /** A request that is well formed but breaks a business rule (payment above the balance). */
  UNPROCESSABLE: "UNPROCESSABLE",
  RATE_LIMITED: "RATE_LIMITED",
  INTERNAL: "INTERNAL_ERROR",
  /** A payment provider (PayPal, M-Pesa) refused or failed a call. */
  PAYMENT_PROVIDER: "PAYMENT_PROVIDER_ERROR",
  /** A feature whose settings this installation lacks (a payment provider). */
  NOT_CONFIGURED: "NOT_CONFIGURED",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Reads the human message out of any API error body, for toasts. */
export function errorMessageOf(body: unknown, fallback = "Something went wrong. Please try again."): string {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error.message : fallback;
}
