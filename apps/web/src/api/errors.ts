import { errorMessageOf } from "@app/shared/errors/error-body";

/** The message and field errors of a failed RTK Query call, for toasts and form fields. */
export function describeError(error: unknown): { message: string; fields: Record<string, string> } {
  const data = (error as { data?: unknown } | undefined)?.data;
  const fields = (data as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields ?? {};
  const status = (error as { status?: unknown } | undefined)?.status;
  const fallback =
    status === "FETCH_ERROR" ? "Cannot reach the server. Check the connection and try again." : undefined;
  return { message: errorMessageOf(data, fallback), fields };
}

/** The API's error code (ERROR_CODES) of a failed call, or null: branch on this, never on the message. */
export function errorCodeOf(error: unknown): string | null {
  const code = (error as { data?: { error?: { code?: unknown } } } | undefined)?.data?.error?.code;
  return typeof code === "string" ? code : null;
}
