// The browser's side of an error report: no zod here. The error page is in the app's first load
// (the sign-in page's), and a schema made at import time brings all of zod with it (24 KB gzip);
// the server checks reports with client-error.ts's schema.

/** Where a browser reports an error of the app to the server's log (the error page's id with it). */
export const CLIENT_ERRORS_PATH = "/api/client-errors";

/** Each text's limit (client-error.ts's schema holds the server to the same). */
export const CLIENT_ERROR_LIMITS = { name: 100, message: 500, stack: 2000, path: 300 } as const;

/**
 * What a browser says of an error it showed the user: the id on the error page, what broke and
 * where. Never the page's data.
 */
export type ClientError = { id: string; name: string; message: string; stack: string; path: string };

/** The report of `error` under `id`, cut to the limits. */
export function clientErrorOf(id: string, error: unknown, path: string): ClientError {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    id,
    name: err.name.slice(0, CLIENT_ERROR_LIMITS.name),
    message: err.message.slice(0, CLIENT_ERROR_LIMITS.message),
    stack: (err.stack ?? "").slice(0, CLIENT_ERROR_LIMITS.stack),
    path: path.slice(0, CLIENT_ERROR_LIMITS.path),
  };
}
