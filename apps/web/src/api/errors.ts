import { errorMessageOf } from "@app/shared/errors/errors";

/** The message and field errors of a failed RTK Query call, for toasts and form fields. */
export function describeError(error: unknown): {
  message: string;
  fields: Record<string, string>;
  /** The API's error code (ERROR_CODES): branch on this, never on the message's text. */
  code: string | null;
} {
  const data = (error as { data?: unknown } | undefined)?.data;
  const fields = (data as { error?: { fields?: Record<string, string> } } | undefined)?.error?.fields ?? {};
  const status = (error as { status?: unknown } | undefined)?.status;
  const fallback =
    status === "FETCH_ERROR" ? "Cannot reach the server. Check the connection and try again." : undefined;
  const code = (data as { error?: { code?: unknown } } | undefined)?.error?.code;
  return { message: errorMessageOf(data, fallback), fields, code: typeof code === "string" ? code : null };
}
