import { t } from "@lingui/core/macro";
import type { PermissionFlag } from "@app/shared/accounts/auth";

/** What each permission flag of spec section 3 lets a member of staff do, in the current language. */
export function flagLabels(): Record<PermissionFlag, { label: string; help: string }> {
  return {
    handleStock: { label: t`Handle stock`, help: t`Add and edit products, adjust stock` },
    handleTransfer: { label: t`Handle transfers`, help: t`Move stock between businesses` },
    reviewStock: { label: t`Review stock`, help: t`See products and stock levels` },
    viewPayroll: { label: t`View payroll`, help: t`See payroll runs, payslips and commissions` },
    viewBooking: { label: t`View bookings`, help: t`Rooms and bookings (hotels)` },
    viewEmployee: { label: t`View employees`, help: t`The HR Department pages` },
    viewSupplies: { label: t`View supplies`, help: t`Suppliers and supply records` },
    viewExpenses: { label: t`View expenses`, help: t`Expenses of the business` },
  };
}
