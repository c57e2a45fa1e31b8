import { asc, eq, lte, desc } from "drizzle-orm";
import type { z } from "zod";
import { lastDayOfMonth, type createRuleSetInputSchema, type RuleSet } from "@app/shared/payroll/rule-set";
import type { DbOrTx } from "../../db/client.ts";
import type { UserCtx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound, unprocessable } from "../../platform/errors.ts";
import { statutoryRuleSets } from "./payroll.table.ts";

type RuleSetRow = typeof statutoryRuleSets.$inferSelect;

export function toRuleSet(r: RuleSetRow): RuleSet {
  return {
    _id: r.id,
    name: r.name,
    effectiveFrom: r.effectiveFrom,
    rules: r.rules,
    sources: r.sources,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every statutory rule set, oldest first (public law: any signed-in user may read them). */
export async function listRuleSets(ctx: UserCtx): Promise<RuleSet[]> {
  const rows = await ctx.db.select().from(statutoryRuleSets).orderBy(asc(statutoryRuleSets.effectiveFrom));
  return rows.map(toRuleSet);
}

/** Provider support adds a rule set in force from a date (one per date; existing ones never change). */
export async function createRuleSet(ctx: UserCtx, input: z.output<typeof createRuleSetInputSchema>): Promise<RuleSet> {
  try {
    const [row] = await ctx.db
      .insert(statutoryRuleSets)
      .values({ ...input, createdBy: ctx.user.details.username })
      .returning();
    return toRuleSet(row!);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict("A rule set already starts on that date", {
        effectiveFrom: "A rule set already starts on that date",
      });
    throw err;
  }
}

/** The rule set a run uses: the one chosen, else the one in force on the month's last day. */
export async function ruleSetForRun(db: DbOrTx, month: string, chosenId?: string): Promise<RuleSetRow> {
  if (chosenId) {
    const [chosen] = await db.select().from(statutoryRuleSets).where(eq(statutoryRuleSets.id, chosenId));
    if (!chosen) throw notFound("Rule set");
    return chosen;
  }
  const [row] = await db
    .select()
    .from(statutoryRuleSets)
    .where(lte(statutoryRuleSets.effectiveFrom, lastDayOfMonth(month)))
    .orderBy(desc(statutoryRuleSets.effectiveFrom))
    .limit(1);
  if (!row)
    throw unprocessable(`No statutory rule set is in force for ${month}`, {
      month: "No statutory rule set is in force for this month",
    });
  return row;
}
