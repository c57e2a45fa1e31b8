import { t } from "@lingui/core/macro";

/**
 * A payment method as the user reads it. The stored values stay English ("Cash", "Bank Transfer",
 * "Credit", "Split": the API's and the reports' values); only what is shown is translated.
 * M-Pesa is a name and is never translated.
 */
export function paymentMethodLabel(method: string | null | undefined): string {
  switch (method) {
    case "Cash":
      return t`Cash`;
    case "Bank Transfer":
      return t`Bank Transfer`;
    case "Bank":
      return t`Bank`;
    case "Credit":
      return t`Credit`;
    case "Split":
      return t`Split`;
    case "Insurance":
      return t`Insurance`;
    default:
      return method ?? "";
  }
}
