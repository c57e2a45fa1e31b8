import { z } from "zod";
import { CLIENT_ERROR_LIMITS, type ClientError } from "./client-error-report.ts";

export { CLIENT_ERRORS_PATH, clientErrorOf, type ClientError } from "./client-error-report.ts";

/** The server's check of a browser's error report (client-error-report.ts makes them). */
export const clientErrorSchema = z.object({
  id: z.string().regex(/^[0-9A-F]{8}$/, "An error id is 8 characters 0-9 and A-F"),
  name: z.string().max(CLIENT_ERROR_LIMITS.name),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack),
  path: z.string().max(CLIENT_ERROR_LIMITS.path),
}) satisfies z.ZodType<ClientError>;
