import type { BUSINESS_TYPES } from "@app/shared/businesses/business";

/** How each business type is named on screen (registration, Settings). */
export const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  general: "General retail",
  hotel: "Hotel",
  clinic: "Clinic",
  payroll: "Payroll",
};
