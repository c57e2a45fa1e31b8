import { t } from "@lingui/core/macro";
import type { PayProfile } from "@app/shared/payroll/pay-profile";
import type { DeductionKind } from "@app/shared/payroll/payslip";

/** A pay method's name, in the current language. */
export function payMethodLabel(m: PayProfile["payMethod"]): string {
  return { bank: t`Bank`, mpesa: t`M-Pesa`, cash: t`Cash` }[m];
}

/** A deduction kind's name, in the current language. */
export function deductionKindLabel(k: DeductionKind): string {
  return {
    helb: t`HELB loan`,
    loan: t`Loan`,
    advance: t`Salary advance`,
    sacco: t`SACCO`,
    insurance: t`Insurance premium`,
    pension: t`Pension (registered scheme)`,
    other: t`Other`,
  }[k];
}
