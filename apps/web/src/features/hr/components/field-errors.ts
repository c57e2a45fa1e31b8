import type { z } from "zod";

/** A zod error as one message per field path ("basicPay", "allowances.0.amount"), like the API's `fields`. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
