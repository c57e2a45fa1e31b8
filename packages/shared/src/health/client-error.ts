import { z } from "zod";

/** Where a browser reports an error of the app to the server's log (the error page's id with it). */
export const CLIENT_ERRORS_PATH = "/api/client-errors";

/**
 * What a browser says of an error it showed the user: the id on the error page, what broke and
 * where. Never the page's data. Each text is cut to its limit by the browser before sending.
 */
export const clientErrorSchema = z.object({
  id: z.string().regex(/^[0-9A-F]{8}$/, "An error id is 8 characters 0-9 and A-F"),
  name: z.string().max(100),
  message: z.string().max(500),
  stack: z.string().max(2000),
  path: z.string().max(300),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

/** The report of `error` under `id`, cut to the schema's limits. */
export function clientErrorOf(id: string, error: unknown, path: string): ClientError {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    id,
    name: err.name.slice(0, 100),
    message: err.message.slice(0, 500),
    stack: (err.stack ?? "").slice(0, 2000),
    path: path.slice(0, 300),
  };
}
