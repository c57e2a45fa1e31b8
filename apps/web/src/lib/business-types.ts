import { t } from "@lingui/core/macro";
import type { BUSINESS_TYPES } from "@app/shared/businesses/business";

/**
 * How each business type is named on screen (registration, Settings), in the current language.
 * Its texts are in the public pages' catalogue (registration is a public page), which the
 * signed-in app loads too.
 */
export function businessTypeLabel(type: (typeof BUSINESS_TYPES)[number]): string {
  switch (type) {
    case "general":
      return t`General retail`;
    case "hotel":
      return t`Hotel`;
    case "clinic":
      return t`Clinic`;
    case "payroll":
      return t`Payroll`;
  }
}
