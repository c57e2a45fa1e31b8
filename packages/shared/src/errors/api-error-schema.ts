import { z } from "zod";

/**
 * Every API failure has this shape: { error: { code, message, fields? } }. Kept apart from
 * errors.ts so the web app can read error messages without loading zod on its first page.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
