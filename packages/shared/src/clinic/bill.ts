import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { MPESA_REFERENCE } from "../sales/payments.ts";
import { VISIT_STAGES, visitPatientSchema } from "./visit.ts";

/**
 * A visit's bill: the consultation fee, lab tests and dispensed medicines, paid at the POS by
 * Cash, M-Pesa or Bank, or recorded as an insurance/SHA claim (member number and
 * pre-authorisation reference).
 */
export const VISIT_PAYMENT_METHODS = ["Cash", "M-Pesa", "Bank", "Insurance"] as const;
export type VisitPaymentMethod = (typeof VISIT_PAYMENT_METHODS)[number];

export const CHARGE_KINDS = ["consultation", "lab", "medicine"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** The insurer named on most claims; any other insurer's name may be typed. */
export const SHA = "SHA";

export const visitPaymentInputSchema = z
  .object({
    method: z.enum(VISIT_PAYMENT_METHODS),
    amount: centsSchema.min(1, "Must be more than 0"),
    /** M-Pesa confirmation code, or the bank's reference. */
    reference: z.string().trim().toUpperCase().max(40).optional(),
    /** Insurance: the insurer (SHA or another), the member number and the pre-authorisation reference. */
    insurer: z.string().trim().max(80).optional(),
    memberNumber: z.string().trim().max(40).optional(),
    preauthReference: z.string().trim().max(60).optional(),
  })
  .superRefine((p, ctx) => {
    const need = (field: "reference" | "insurer" | "memberNumber" | "preauthReference", message: string) => {
      if (!p[field]) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (p.method === "M-Pesa" && !MPESA_REFERENCE.test(p.reference ?? ""))
      ctx.addIssue({ code: "custom", path: ["reference"], message: "Enter the M-Pesa confirmation code" });
    if (p.method === "Bank") need("reference", "Enter the bank reference");
    if (p.method === "Insurance") {
      need("insurer", "Enter the insurer (SHA or another)");
      need("memberNumber", "Enter the member number");
      need("preauthReference", "Enter the pre-authorisation reference");
    }
  });
export type VisitPaymentInput = z.infer<typeof visitPaymentInputSchema>;

export const chargeSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(CHARGE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: centsSchema,
  amount: centsSchema,
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

export const visitPaymentSchema = z.object({
  _id: z.uuid(),
  method: z.enum(VISIT_PAYMENT_METHODS),
  amount: centsSchema,
  reference: z.string().nullable(),
  insurer: z.string().nullable(),
  memberNumber: z.string().nullable(),
  preauthReference: z.string().nullable(),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type VisitPayment = z.infer<typeof visitPaymentSchema>;

export const billSchema = z.object({
  visitId: z.uuid(),
  visitNumber: z.number().int(),
  patient: visitPatientSchema.omit({ allergies: true }).extend({ memberNumber: z.string().nullable() }),
  stage: z.enum(VISIT_STAGES),
  charges: z.array(chargeSchema),
  payments: z.array(visitPaymentSchema),
  total: centsSchema,
  paid: centsSchema,
  balance: centsSchema,
  /** Prescriptions not yet dispensed: the bill may still grow. */
  pendingPrescriptions: z.number().int(),
  createdAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

export const listBillsQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
});

/** Bill totals from its lines: what is owed, paid and left. */
export function billTotals(charges: readonly { amount: number }[], payments: readonly { amount: number }[]) {
  const total = charges.reduce((s, c) => s + c.amount, 0);
  const paid = payments.reduce((s, p) => s + p.amount, 0);
  return { total, paid, balance: total - paid };
}

/** Why a payment cannot be taken against this balance, or null when it can. */
export function visitPaymentProblem(balance: number, amount: number): string | null {
  if (balance <= 0) return "This bill is fully paid";
  if (amount > balance) return "The payment is more than the balance of the bill";
  return null;
}

/** A bill the POS can take payment for: still owing, or its visit at billing. */
export const openBillSchema = z.object({
  visitId: z.uuid(),
  visitNumber: z.number().int(),
  patientName: z.string(),
  patientNumber: z.number().int(),
  stage: z.enum(VISIT_STAGES),
  balance: z.number().int(),
  queuedAt: z.string(),
});
export type OpenBill = z.infer<typeof openBillSchema>;
