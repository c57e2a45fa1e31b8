import type pg from "pg";
import { quoteIdent, tablesInDependencyOrder, type Table } from "../backup.ts";

/**
 * Which rows are one business's, found from the schema (so a table added later is covered, or
 * the export stops, see below):
 * - `businesses`: its own row; `users`: its owner's row (the owner signs in with it elsewhere);
 * - every table with a `business_id` column: the rows with its id;
 * - shared by every business, never exported: GLOBAL_TABLES;
 * - `sessions`: sign-ins, not data (a moved business signs in anew).
 * Every table of the app has a business_id today; one without it that is none of these (a child
 * linked only through a parent) stops export and erasure until it is classified here.
 */
export const GLOBAL_TABLES = ["rate_limits", "statutory_rule_sets", "subscription_plans"];
export const SKIPPED_TABLES = ["sessions"];

export type BusinessTable = Table & {
  /** SQL condition on the table's rows (alias-free) for the business in $1. */
  where: string;
};

/** One business's tables, parents before children (import order; erasure goes the other way). */
export async function businessTables(client: pg.PoolClient): Promise<BusinessTable[]> {
  const tables = await tablesInDependencyOrder(client);
  const out: BusinessTable[] = [];
  const unclassified: string[] = [];
  for (const t of tables) {
    if (GLOBAL_TABLES.includes(t.name) || SKIPPED_TABLES.includes(t.name)) continue;
    if (t.name === "businesses") out.push({ ...t, where: "id = $1" });
    else if (t.name === "users") out.push({ ...t, where: "id = (SELECT owner_id FROM businesses WHERE id = $1)" });
    else if (t.columns.includes("business_id")) out.push({ ...t, where: "business_id = $1" });
    else unclassified.push(t.name);
  }
  if (unclassified.length)
    throw new Error(`Tables with no business_id that db/business-data/tables.ts does not classify: ${unclassified}`);
  return out;
}

/** `COPY (SELECT cols FROM t WHERE cond) TO STDOUT` CSV text of one business's rows (COPY takes no parameters). */
export function copyOutSql(t: BusinessTable, businessId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(businessId)) throw new Error("Not a business id");
  const cols = t.columns.map(quoteIdent).join(", ");
  const where = t.where.replaceAll("$1", `'${businessId}'::uuid`);
  return `COPY (SELECT ${cols} FROM ${quoteIdent(t.name)} WHERE ${where}${orderOf(t)}) TO STDOUT WITH (FORMAT csv, HEADER true)`;
}

/** A stable row order where there is an id, so two exports of the same data are the same bytes. */
function orderOf(t: Table): string {
  return t.columns.includes("id") ? ` ORDER BY "id"` : "";
}
