import { formatCentsPlain, parseKES } from "@app/shared/money/money";
import type { PayProfile, PayProfileInput } from "@app/shared/payroll/pay-profile";
import type { DeductionKind } from "@app/shared/payroll/payslip";

/** The pay profile as the form holds it: amounts as typed shilling text. */
export type PayProfileForm = {
  kraPin: string;
  nssfNumber: string;
  shaNumber: string;
  idNumber: string;
  payMethod: PayProfile["payMethod"];
  bankName: string;
  bankAccount: string;
  mpesaPhone: string;
  basicPay: string;
  allowances: { name: string; amount: string }[];
  deductions: { kind: DeductionKind; name: string; amount: string }[];
};

export function formOfProfile(p: PayProfile): PayProfileForm {
  return {
    kraPin: p.kraPin ?? "",
    nssfNumber: p.nssfNumber ?? "",
    shaNumber: p.shaNumber ?? "",
    idNumber: p.idNumber ?? "",
    payMethod: p.payMethod,
    bankName: p.bankName ?? "",
    bankAccount: p.bankAccount ?? "",
    mpesaPhone: p.mpesaPhone ?? "",
    basicPay: p.saved ? formatCentsPlain(p.basicPay) : "",
    allowances: p.allowances.map((a) => ({ name: a.name, amount: formatCentsPlain(a.amount) })),
    deductions: p.deductions.map((d) => ({ kind: d.kind, name: d.name, amount: formatCentsPlain(d.amount) })),
  };
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
/** Typed shillings as cents; text that is not an amount becomes NaN so the shared schema names the field. */
const cents = (s: string) => (s.trim() === "" ? Number.NaN : (parseKES(s.trim()) ?? Number.NaN));

/** The body of PUT /api/payProfiles/{id}, before the shared schema checks it. */
export function inputOfForm(f: PayProfileForm): PayProfileInput {
  return {
    kraPin: orNull(f.kraPin),
    nssfNumber: orNull(f.nssfNumber),
    shaNumber: orNull(f.shaNumber),
    idNumber: orNull(f.idNumber),
    payMethod: f.payMethod,
    bankName: f.payMethod === "bank" ? orNull(f.bankName) : null,
    bankAccount: f.payMethod === "bank" ? orNull(f.bankAccount) : null,
    mpesaPhone: f.payMethod === "mpesa" ? orNull(f.mpesaPhone) : null,
    basicPay: cents(f.basicPay),
    allowances: f.allowances.map((a) => ({ name: a.name, amount: cents(a.amount) })),
    deductions: f.deductions.map((d) => ({ kind: d.kind, name: d.name, amount: cents(d.amount) })),
  };
}
