import { z } from "zod";
import { mpesaPhoneSchema } from "../phone/phone.ts";
import { DEDUCTION_KINDS } from "./payslip.ts";
import { MAX_MONTHLY_CENTS, monthlyCentsSchema } from "./rule-set.ts";

/**
 * An employee's pay profile, owned by payroll: statutory numbers, how they are paid, basic pay,
 * allowances and standing deductions (HELB, loans, ...). Keyed by business and employee.
 */
export const PAY_METHODS = ["bank", "mpesa", "cash"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** A KRA PIN of a person: a letter, nine digits, a letter (A123456789B). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);

const lineName = z.string().trim().min(1, "Name it").max(60);
export const allowanceSchema = z.object({ name: lineName, amount: monthlyCentsSchema.min(1, "Must be more than 0") });
export const deductionSchema = z.object({
  kind: z.enum(DEDUCTION_KINDS),
  name: lineName,
  amount: monthlyCentsSchema.min(1, "Must be more than 0"),
});

export const payProfileInputSchema = z
  .object({
    kraPin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(KRA_PIN_PATTERN, "A KRA PIN is a letter, nine digits and a letter (A123456789B)")
      .nullable()
      .default(null),
    nssfNumber: optionalText(30),
    shaNumber: optionalText(30),
    idNumber: optionalText(20),
    payMethod: z.enum(PAY_METHODS).default("bank"),
    bankName: optionalText(80),
    bankAccount: optionalText(40),
    mpesaPhone: mpesaPhoneSchema.nullable().default(null),
    /** Monthly basic pay in cents. */
    basicPay: monthlyCentsSchema,
    allowances: z.array(allowanceSchema).max(20).default([]),
    deductions: z.array(deductionSchema).max(20).default([]),
  })
  .superRefine((p, ctx) => {
    const gross = p.basicPay + p.allowances.reduce((a, x) => a + x.amount, 0);
    if (gross > MAX_MONTHLY_CENTS)
      ctx.addIssue({
        code: "custom",
        path: ["basicPay"],
        message: "Monthly pay above KES 50,000,000 is not plausible",
      });
    if (p.payMethod === "mpesa" && !p.mpesaPhone)
      ctx.addIssue({ code: "custom", path: ["mpesaPhone"], message: "Give the M-Pesa number" });
  });
export type PayProfileInput = z.input<typeof payProfileInputSchema>;
export type PayProfileValues = z.output<typeof payProfileInputSchema>;

export const payProfileSchema = z.object({
  employeeId: z.uuid(),
  businessId: z.uuid(),
  employeeName: z.string(),
  occupation: z.string(),
  active: z.boolean(),
  /** False until the profile is first saved (the values are then the defaults). */
  saved: z.boolean(),
  kraPin: z.string().nullable(),
  nssfNumber: z.string().nullable(),
  shaNumber: z.string().nullable(),
  idNumber: z.string().nullable(),
  payMethod: z.enum(PAY_METHODS),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  mpesaPhone: z.string().nullable(),
  basicPay: z.number().int(),
  allowances: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  deductions: z.array(z.object({ kind: z.enum(DEDUCTION_KINDS), name: z.string(), amount: z.number().int() })),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PayProfile = z.infer<typeof payProfileSchema>;

/** Where the net pay goes, as one line for the payment list and the payslip. */
export function payToOf(p: Pick<PayProfile, "payMethod" | "bankName" | "bankAccount" | "mpesaPhone">): string {
  if (p.payMethod === "mpesa") return `M-Pesa ${p.mpesaPhone ?? ""}`.trim();
  if (p.payMethod === "cash") return "Cash";
  return [p.bankName, p.bankAccount].filter(Boolean).join(" ") || "Bank";
}
