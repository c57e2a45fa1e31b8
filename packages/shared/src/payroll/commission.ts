import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { basisPointsSchema, monthlyCentsSchema } from "./rule-set.ts";

/**
 * Commission rules: for one employee, or for everyone of an occupation; a percentage of the
 * sales they served, or a fixed amount per item sold. Computed from the sales ledger for a
 * period, net of voided sales (a voided sale earns nothing). An employee's own rule wins over
 * their occupation's; at most one rule of each applies.
 */
export const COMMISSION_KINDS = ["percentOfSales", "perItem"] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

const occupationSchema = z.string().trim().min(1).max(60);

export const createCommissionRuleInputSchema = z
  .object({
    businessId: z.uuid(),
    /** The employee the rule is for; null for a rule of an occupation (then give `occupation`). */
    employeeId: z.uuid().nullable(),
    occupation: occupationSchema.nullable().default(null),
    kind: z.enum(COMMISSION_KINDS),
    /** percentOfSales: basis points of the sales total (250 = 2.5%). */
    rateBp: basisPointsSchema.default(0),
    /** perItem: cents per item sold. */
    amountPerItem: monthlyCentsSchema.default(0),
  })
  .superRefine((r, ctx) => {
    if ((r.employeeId === null) === (r.occupation === null))
      ctx.addIssue({ code: "custom", path: ["employeeId"], message: "Choose an employee or an occupation" });
    if (r.kind === "percentOfSales" && r.rateBp === 0)
      ctx.addIssue({ code: "custom", path: ["rateBp"], message: "Give the percentage" });
    if (r.kind === "perItem" && r.amountPerItem === 0)
      ctx.addIssue({ code: "custom", path: ["amountPerItem"], message: "Give the amount per item" });
  });
export type CreateCommissionRuleInput = z.input<typeof createCommissionRuleInputSchema>;

export const commissionRuleSchema = z.object({
  _id: z.uuid(),
  businessId: z.uuid(),
  employeeId: z.uuid().nullable(),
  employeeName: z.string().nullable(),
  occupation: z.string().nullable(),
  kind: z.enum(COMMISSION_KINDS),
  rateBp: z.number().int(),
  amountPerItem: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CommissionRule = z.infer<typeof commissionRuleSchema>;

/**
 * What the rules need of a sale: who served it, its total, how many items, whether it was
 * voided. It may stand for `count` such sales added up (the server sums them in SQL).
 */
export type ServedSale = { servedById: string | null; total: number; items: number; voided: boolean; count?: number };

export type CommissionEarned = { employeeId: string; sales: number; salesTotal: number; items: number; amount: number };

/** The rule that applies to an employee: their own, else their occupation's (case-insensitive), else none. */
export function commissionRuleFor<R extends Pick<CommissionRule, "employeeId" | "occupation">>(
  rules: readonly R[],
  employee: { id: string; occupation: string },
): R | null {
  const own = rules.find((r) => r.employeeId === employee.id);
  if (own) return own;
  const occupation = employee.occupation.trim().toLowerCase();
  return rules.find((r) => r.employeeId === null && r.occupation?.trim().toLowerCase() === occupation) ?? null;
}

/**
 * Commission on the sales one employee served (voided sales left out). A percentage is applied
 * once to the period's total and rounded half up to the cent; a per-item amount is exact.
 */
export function commissionOn(
  rule: Pick<CommissionRule, "kind" | "rateBp" | "amountPerItem">,
  sales: readonly Omit<ServedSale, "servedById">[],
): Omit<CommissionEarned, "employeeId"> {
  const counted = sales.filter((s) => !s.voided);
  const salesTotal = counted.reduce((a, s) => a + s.total, 0);
  const items = counted.reduce((a, s) => a + s.items, 0);
  const scaled = salesTotal * rule.rateBp;
  const percent = Math.floor(scaled / 10_000) + (scaled % 10_000 >= 5_000 ? 1 : 0);
  const amount = rule.kind === "percentOfSales" ? percent : items * rule.amountPerItem;
  return { sales: counted.reduce((a, s) => a + (s.count ?? 1), 0), salesTotal, items, amount };
}

/** Commissions of a business's staff for a period, one entry per employee who has a rule. */
export function computeCommissions<
  R extends Pick<CommissionRule, "employeeId" | "occupation" | "kind" | "rateBp" | "amountPerItem">,
>(
  rules: readonly R[],
  employees: readonly { id: string; occupation: string }[],
  sales: readonly ServedSale[],
): CommissionEarned[] {
  const byEmployee = new Map<string, ServedSale[]>();
  for (const sale of sales) {
    if (!sale.servedById) continue;
    const list = byEmployee.get(sale.servedById) ?? [];
    list.push(sale);
    byEmployee.set(sale.servedById, list);
  }
  const earned: CommissionEarned[] = [];
  for (const employee of employees) {
    const rule = commissionRuleFor(rules, employee);
    if (rule) earned.push({ employeeId: employee.id, ...commissionOn(rule, byEmployee.get(employee.id) ?? []) });
  }
  return earned;
}

/** A commission figure as the API returns it (GET /api/commissions/earned). */
export const commissionEarnedSchema = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  sales: z.number().int(),
  salesTotal: z.number().int(),
  items: z.number().int(),
  amount: z.number().int(),
});
export type CommissionEarnedRow = z.infer<typeof commissionEarnedSchema>;

/** The instants a pay month starts and ends in a business's time zone (end exclusive). */
export function monthRange(month: string, timeZone: string): { start: Date; end: Date } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return {
    start: new Date(new TZDate(y, m - 1, 1, 0, 0, 0, timeZone).getTime()),
    end: new Date(new TZDate(y, m, 1, 0, 0, 0, timeZone).getTime()),
  };
}
