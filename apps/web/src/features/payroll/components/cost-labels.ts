import { t } from "@lingui/core/macro";
import type { CostComponent } from "@app/shared/payroll/payroll-analysis";

/** The parts of the employer's cost, named in the current language. */
export function costLabels(): Record<CostComponent, string> {
  return {
    net: t`Net pay`,
    paye: t`PAYE`,
    nssf: t`NSSF (both sides)`,
    shif: t`SHIF`,
    ahl: t`Housing Levy (both sides)`,
    other: t`Other deductions`,
    nita: t`NITA levy`,
  };
}
