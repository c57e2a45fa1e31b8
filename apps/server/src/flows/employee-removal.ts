// Removing a member of staff touches three areas in one transaction: their history in payroll
// and sales decides, their sign-ins end (accounts), and hr keeps or erases the row.
import type { DeleteEmployeeResult } from "@app/shared/hr/employee";
import type { Ctx } from "../platform/context.ts";
import { revokeEmployeeSessions } from "../modules/accounts/accounts.public.ts";
import { deactivateEmployee, eraseEmployee, lockEmployee } from "../modules/hr/hr.public.ts";
import { payslipCountOf, removeEmployeePayData } from "../modules/payroll/payroll.public.ts";
import { salesServedCountOf } from "../modules/sales/sales.public.ts";
import { transact } from "../platform/retry.ts";

/**
 * Removes a member of staff, keeping history (DELETE /api/employees/{id}): one named by payslips
 * or sales is deactivated (sessions end, records stay), one without is erased with their pay
 * profile and own commission rule. The row is locked first, so a run or a sale cannot slip in
 * between the check and the delete; a run made afterwards cannot name an erased employee.
 */
export async function deleteEmployee(ctx: Ctx, id: string): Promise<DeleteEmployeeResult> {
  return transact(ctx.db, async (tx) => {
    await lockEmployee(tx, ctx.businessId, id);
    const payslips = await payslipCountOf(tx, ctx.businessId, id);
    const sales = await salesServedCountOf(tx, ctx.businessId, id);
    await revokeEmployeeSessions(tx, ctx.businessId, id);
    if (payslips || sales) {
      return { outcome: "deactivated", employee: await deactivateEmployee(tx, ctx.businessId, id), payslips, sales };
    }
    await removeEmployeePayData(tx, ctx.businessId, id);
    await eraseEmployee(tx, ctx.businessId, id);
    return { outcome: "deleted", employee: null, payslips, sales };
  });
}
