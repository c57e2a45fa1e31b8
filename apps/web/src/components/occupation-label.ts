import { t } from "@lingui/core/macro";

/** An occupation's name in the current language (the stored value stays the English one the rules read). */
export function occupationLabel(occupation: string): string {
  const labels: Record<string, string> = {
    Owner: t`Owner`,
    Cashier: t`Cashier`,
    "Stock Handler": t`Stock Handler`,
    Waiter: t`Waiter`,
    Manager: t`Manager`,
    Receptionist: t`Receptionist`,
    Doctor: t`Doctor`,
    Nurse: t`Nurse`,
    Pharmacist: t`Pharmacist`,
    "Lab Technician": t`Lab Technician`,
    Accountant: t`Accountant`,
    Other: t`Other`,
  };
  return labels[occupation] ?? occupation;
}
