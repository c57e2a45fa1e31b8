// What other modules may use of the payroll module: its public entry (modules/README.md).
import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { commissionRules, payProfiles, payrollLines } from "./payroll.table.ts";

/** How many payslips (run lines, any status) name a member of staff: history HR must keep. */
export async function payslipCountOf(db: DbOrTx, businessId: string, employeeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payrollLines)
    .where(and(eq(payrollLines.businessId, businessId), eq(payrollLines.employeeId, employeeId)));
  return row?.n ?? 0;
}

/**
 * Removes what payroll holds for a member of staff who is being erased (no payslips): their
 * pay profile and their own commission rule. Call inside the erasing transaction.
 */
export async function removeEmployeePayData(tx: DbOrTx, businessId: string, employeeId: string): Promise<void> {
  await tx
    .delete(payProfiles)
    .where(and(eq(payProfiles.businessId, businessId), eq(payProfiles.employeeId, employeeId)));
  await tx
    .delete(commissionRules)
    .where(and(eq(commissionRules.businessId, businessId), eq(commissionRules.employeeId, employeeId)));
}
