import { t } from "@lingui/core/macro";
import type { ChargeKind, VisitPaymentMethod } from "@app/shared/clinic/bill";
import type { Sex } from "@app/shared/clinic/patient";
import type { LabFlag, VisitStage } from "@app/shared/clinic/visit";

/** The clinic's words in the current language (the stored values stay the English ones the rules read). */
export function stageLabel(stage: VisitStage): string {
  const labels: Record<VisitStage, string> = {
    waiting: t`Waiting`,
    triage: t`Triage`,
    consultation: t`With the clinician`,
    lab: t`Lab`,
    pharmacy: t`Pharmacy`,
    billing: t`Billing`,
    done: t`Done`,
  };
  return labels[stage];
}

export function sexLabel(sex: Sex): string {
  return { female: t`Female`, male: t`Male`, other: t`Other` }[sex];
}

export function flagLabel(flag: LabFlag): string {
  return { normal: t`Normal`, low: t`Low`, high: t`High`, abnormal: t`Abnormal`, critical: t`Critical` }[flag];
}

export function paymentMethodLabel(method: VisitPaymentMethod): string {
  return { Cash: t`Cash`, "M-Pesa": "M-Pesa", Bank: t`Bank`, Insurance: t`Insurance / SHA` }[method];
}

export function chargeKindLabel(kind: ChargeKind | string): string {
  const labels: Record<string, string> = { consultation: t`Consultation`, lab: t`Lab tests`, medicine: t`Medicines` };
  return labels[kind] ?? kind;
}

export const STAGE_COLORS: Record<VisitStage, "default" | "info" | "warning" | "secondary" | "primary" | "success"> = {
  waiting: "default",
  triage: "info",
  consultation: "primary",
  lab: "secondary",
  pharmacy: "warning",
  billing: "warning",
  done: "success",
};

/** The occupations that read patient records, in the current language. */
export function occupationName(occupation: string): string {
  const labels: Record<string, string> = {
    Owner: t`Owner`,
    Doctor: t`Doctor`,
    Nurse: t`Nurse`,
    "Lab Technician": t`Lab Technician`,
    Pharmacist: t`Pharmacist`,
    Receptionist: t`Receptionist`,
    Cashier: t`Cashier`,
    Manager: t`Manager`,
  };
  return labels[occupation] ?? occupation;
}
