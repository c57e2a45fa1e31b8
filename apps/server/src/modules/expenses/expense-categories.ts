import { and, asc, eq, sql } from "drizzle-orm";
import { DEFAULT_EXPENSE_CATEGORIES, type ExpenseCategory } from "@app/shared/expenses/expense";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation } from "../../platform/errors.ts";
import { expenseCategories } from "./expenses.table.ts";
import { now } from "../../platform/clock.ts";

/** A business with no categories yet gets the defaults (once: a second call or a race inserts nothing). */
export async function ensureCategories(db: DbOrTx, businessId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO expense_categories (business_id, name, created_at)
    SELECT ${businessId}, name, ${now().toISOString()}::timestamptz FROM unnest(${sql.param([...DEFAULT_EXPENSE_CATEGORIES])}::text[]) AS name
    WHERE NOT EXISTS (SELECT 1 FROM expense_categories WHERE business_id = ${businessId})
    ON CONFLICT DO NOTHING`);
}

/** GET /expenses/categories: the business's own list (the defaults on first use), by name. */
export async function listCategories(ctx: Ctx): Promise<ExpenseCategory[]> {
  await ensureCategories(ctx.db, ctx.businessId);
  const rows = await ctx.db
    .select({ _id: expenseCategories.id, name: expenseCategories.name })
    .from(expenseCategories)
    .where(eq(expenseCategories.businessId, ctx.businessId))
    .orderBy(asc(sql`lower(${expenseCategories.name})`));
  return rows;
}

export async function createCategory(ctx: Ctx, name: string): Promise<ExpenseCategory> {
  await ensureCategories(ctx.db, ctx.businessId);
  try {
    const [row] = await ctx.db
      .insert(expenseCategories)
      .values({ businessId: ctx.businessId, name })
      .returning({ _id: expenseCategories.id, name: expenseCategories.name });
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, "expense_categories_business_name_key"))
      throw conflict("There is already a category of that name", { name: "Already in the list" });
    throw err;
  }
}

/** A category of this business by id (400 naming the field when it is not one), or by name. */
export async function categoryOf(db: DbOrTx, businessId: string, by: { id?: string; name?: string }) {
  const [row] = await db
    .select()
    .from(expenseCategories)
    .where(
      and(
        eq(expenseCategories.businessId, businessId),
        by.id ? eq(expenseCategories.id, by.id) : sql`lower(${expenseCategories.name}) = lower(${by.name ?? ""})`,
      ),
    );
  if (!row) throw new AppError("VALIDATION_ERROR", "Invalid input: categoryId", { categoryId: "No such category" });
  return row;
}
