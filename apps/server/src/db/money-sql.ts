import { sql, type SQL } from "drizzle-orm";
import { MAX_SUM_CENTS } from "@app/shared/money/limits";

/**
 * Sums and products of money in SQL that cannot overflow: computed in numeric (PostgreSQL's
 * arbitrary precision; bigint stops at 9.2e18 and a full shelf at the largest allowed price is
 * already 1e20 cents), then capped at MAX_SUM_CENTS (2^53 - 1) so the figure the API answers is
 * a safe integer in JavaScript. Below the cap every figure is exact to the cent.
 */
const CAP = sql.raw(String(MAX_SUM_CENTS));

/** sum(expr) in numeric, 0 for no rows, capped. */
export const cappedSum = (expr: SQL): SQL => sql`LEAST(COALESCE(sum((${expr})::numeric), 0), ${CAP})::bigint`;

/** a * b in numeric, capped (e.g. quantity x price). */
export const cappedProduct = (a: SQL, b: SQL): SQL => sql`LEAST((${a})::numeric * (${b}), ${CAP})::bigint`;
