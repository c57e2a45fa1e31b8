import { z } from "zod";
import { employeeSchema, passwordSchema, PERMISSION_FLAGS, type Employee } from "../accounts/auth.ts";

/**
 * HR Department rules the server and the web share: what removing a member of staff does, an
 * employee's own password change, and the staff list's filter (search, status, occupation).
 */

/**
 * DELETE /api/employees/{id} keeps history: a member of staff with payslips or sales is
 * deactivated (they can no longer sign in, their records stay), one without is erased.
 */
export const DELETE_EMPLOYEE_OUTCOMES = ["deleted", "deactivated"] as const;
export type DeleteEmployeeOutcome = (typeof DELETE_EMPLOYEE_OUTCOMES)[number];

export const deleteEmployeeResultSchema = z.object({
  outcome: z.enum(DELETE_EMPLOYEE_OUTCOMES),
  /** The deactivated employee; null when the record was erased. */
  employee: employeeSchema.nullable(),
  /** Why the record was kept: the payslips and sales served that name them. */
  payslips: z.number().int(),
  sales: z.number().int(),
});
export type DeleteEmployeeResult = z.infer<typeof deleteEmployeeResultSchema>;

/** PUT /api/employees/{id}/password: a member of staff changes their own password. */
export const changeEmployeePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, "Required").max(200),
  newPassword: passwordSchema,
});
export type ChangeEmployeePasswordInput = z.infer<typeof changeEmployeePasswordInputSchema>;

export const EMPLOYEE_STATUSES = ["active", "inactive"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

export type EmployeeFilter = { q?: string; status?: EmployeeStatus | ""; occupation?: string };

/**
 * The staff list as filtered on /employees: search in username and occupation (case-insensitive,
 * every word must match), active or not, one occupation. Order is kept.
 */
export function filterEmployees<E extends Pick<Employee, "username" | "occupation" | "active">>(
  list: readonly E[],
  filter: EmployeeFilter,
): E[] {
  const words = (filter.q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const occupation = filter.occupation?.trim().toLowerCase();
  return list.filter((e) => {
    if (filter.status === "active" && !e.active) return false;
    if (filter.status === "inactive" && e.active) return false;
    if (occupation && e.occupation.toLowerCase() !== occupation) return false;
    const text = `${e.username} ${e.occupation}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** The occupations present in a staff list, sorted, for the filter's choices. */
export function occupationsOf(list: readonly Pick<Employee, "occupation">[]): string[] {
  return [...new Set(list.map((e) => e.occupation))].sort((a, b) => a.localeCompare(b));
}

/** How many of the eight permission flags an employee has on. */
export const flagCount = (e: Pick<Employee, (typeof PERMISSION_FLAGS)[number]>) =>
  PERMISSION_FLAGS.filter((f) => e[f]).length;
