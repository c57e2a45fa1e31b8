import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { creditPayments, saleLines, sales } from "../sales/sales.public.ts";
import { productCategories, products } from "../inventory/inventory.public.ts";
import { businesses } from "../businesses/businesses.public.ts";
import {
  reportDayParts,
  reportDays,
  reportDirtyDays,
  reportLineCosts,
  reportMonthParts,
  reportRebuilds,
} from "./reports.table.ts";

/** Every dimension of report_day_parts: named in the queries so the (business, dim, day) index serves them. */
const DIMS = ["hour", "channel", "employee", "payment", "product", "category", "collected"] as const;
const DIM_LIST = sql`${sql.param([...DIMS])}::text[]`;

/**
 * The daily rollups (report_days, report_day_parts) of one business, rebuilt for the days the
 * triggers of migrations 0023 and 0041 marked dirty: a month at a time (the oldest first), each
 * month in a transaction of its own under a per-business advisory lock, so a backlog of years
 * commits (and shows its progress, report_rebuilds) as it goes. It deletes only the markers it
 * saw, so every sale a rebuild misses has left its marker behind for the next one, and no sale
 * waits for a rebuild. Run by the reports' rebuild job (reports.jobs.ts), never by a read.
 */
export async function rebuildDirtyDays(db: Db, businessId: string, timeZone: string): Promise<number> {
  // The markers there when it began, by month: sales made meanwhile are the next rebuild's (a
  // busy till would otherwise keep one rebuild going all day). Each sale's marker commits with the
  // sale, so every sale seen marked here is read by the rebuild's statements below.
  const { rows: marks } = await db.execute<{ id: string; day: string }>(sql`
    SELECT id, to_char(day, 'YYYY-MM-DD') AS day FROM ${reportDirtyDays} WHERE business_id = ${businessId}`);
  const months = new Map<string, { ids: string[]; days: Set<string> }>();
  for (const m of marks) {
    const month = months.get(m.day.slice(0, 7)) ?? { ids: [], days: new Set<string>() };
    month.ids.push(m.id);
    month.days.add(m.day);
    months.set(m.day.slice(0, 7), month);
  }
  let rebuilt = 0;
  for (const [key, month] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
    const days = [...month.days].sort();
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reports:${businessId}`}, 0))`);
      await rebuildDays(tx, businessId, timeZone, days);
      await rebuildMonths(tx, businessId, [`${key}-01`]);
      // Only the markers seen: one a sale left meanwhile stays for the next rebuild.
      await tx.execute(sql`DELETE FROM ${reportDirtyDays} WHERE id = ANY(${sql.param(month.ids)}::uuid[])`);
      await tx.execute(sql`
        INSERT INTO ${reportRebuilds} (business_id, done, updated_at) VALUES (${businessId}, ${days.length}, ${now()})
        ON CONFLICT (business_id) DO UPDATE SET done = ${reportRebuilds.done} + EXCLUDED.done, updated_at = EXCLUDED.updated_at`);
    });
    rebuilt += days.length;
  }
  // Done: the count starts again at the next sale (a day marked meanwhile keeps the row).
  await db.execute(sql`
    DELETE FROM ${reportRebuilds} WHERE business_id = ${businessId}
      AND NOT EXISTS (SELECT 1 FROM ${reportDirtyDays} WHERE business_id = ${businessId})`);
  return rebuilt;
}

/** A business's rebuild still to do: days rebuilt and days in all; null when its rollups are up to date. */
export async function rebuildProgress(db: Db, businessId: string): Promise<{ done: number; total: number } | null> {
  const { rows } = await db.execute<{ left: number; done: number | null }>(sql`
    SELECT (SELECT count(DISTINCT day)::int FROM ${reportDirtyDays} WHERE business_id = ${businessId}) AS left,
           (SELECT done FROM ${reportRebuilds} WHERE business_id = ${businessId}) AS done`);
  const left = Number(rows[0]?.left ?? 0);
  if (!left) return null;
  const done = Number(rows[0]?.done ?? 0);
  return { done, total: done + left };
}

/** Every business with dirty days, and its time zone (the warm-up and the sweep queue a rebuild for each). */
export async function businessesToRebuild(db: Db): Promise<{ id: string; timeZone: string }[]> {
  const { rows } = await db.execute<{ id: string; time_zone: string }>(sql`
    SELECT b.id, b.time_zone FROM ${businesses} b
    WHERE EXISTS (SELECT 1 FROM ${reportDirtyDays} d WHERE d.business_id = b.id)`);
  return rows.map((r) => ({ id: r.id, timeZone: r.time_zone }));
}

/** The businesses with days to rebuild: the watch's look, every second (the markers' index, no join). */
export async function businessesWithDirtyDays(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ business_id: string }>(sql`SELECT DISTINCT business_id FROM ${reportDirtyDays}`);
  return rows.map((r) => r.business_id);
}

/** One business's time zone (the rebuild job's data names the business only). */
export async function timeZoneOf(db: Db, businessId: string): Promise<string | null> {
  const { rows } = await db.execute<{ tz: string }>(
    sql`SELECT time_zone AS tz FROM ${businesses} WHERE id = ${businessId}`,
  );
  return rows[0]?.tz ?? null;
}

async function rebuildDays(tx: DbOrTx, b: string, tz: string, days: string[]): Promise<void> {
  if (!days.length) return;
  const dayList = sql`${sql.param(days)}::date[]`;
  const lo = days[0]!;
  const hi = days[days.length - 1]!;
  const inDays = (col: SQL) =>
    sql`${col} >= (${lo}::date::timestamp AT TIME ZONE ${tz}) AND ${col} < ((${hi}::date + 1)::timestamp AT TIME ZONE ${tz})
        AND (${col} AT TIME ZONE ${tz})::date = ANY(${dayList})`;
  // The sales of those days, each with its cost of goods and units.
  const withSales = sql`
    s AS (
      SELECT s.id, s.channel, s.status, s.total, s.payments, s.served_by, s.served_by_id, s.created_at,
             (s.created_at AT TIME ZONE ${tz})::date AS day
      FROM ${sales} s WHERE s.business_id = ${b} AND ${inDays(sql`s.created_at`)}
    ), l AS (
      SELECT s.day, s.id AS sale_id, s.status, l.product_id, l.name, l.quantity, l.total_price,
             l.quantity::bigint * coalesce(rc.unit_cost, 0) AS cost
      FROM s JOIN ${saleLines} l ON l.business_id = ${b} AND l.sale_id = s.id
      LEFT JOIN ${reportLineCosts} rc ON rc.business_id = ${b} AND rc.sale_id = s.id AND rc.product_id = l.product_id
    ), sc AS (
      SELECT sale_id, sum(cost)::bigint AS cost, sum(quantity)::bigint AS items FROM l GROUP BY sale_id
    ), done AS (
      SELECT s.*, coalesce(sc.cost, 0) AS cost, coalesce(sc.items, 0) AS items
      FROM s LEFT JOIN sc ON sc.sale_id = s.id WHERE s.status = 'completed'
    ), paid AS (
      SELECT (p.paid_at AT TIME ZONE ${tz})::date AS day, p.method, p.amount
      FROM ${creditPayments} p WHERE p.business_id = ${b} AND ${inDays(sql`p.paid_at`)}
    )`;
  await tx.execute(sql`DELETE FROM ${reportDays} WHERE business_id = ${b} AND day = ANY(${dayList})`);
  await tx.execute(
    sql`DELETE FROM ${reportDayParts} WHERE business_id = ${b} AND dim = ANY(${DIM_LIST}) AND day BETWEEN ${lo}::date AND ${hi}::date AND day = ANY(${dayList})`,
  );
  await tx.execute(sql`
    WITH ${withSales}
    INSERT INTO ${reportDays} (business_id, day, sales_count, sales_total, cost_total, items, voided_count, voided_total, credit_collected)
    SELECT ${b}, d.day, coalesce(x.n, 0), coalesce(x.total, 0), coalesce(x.cost, 0), coalesce(x.items, 0),
           coalesce(v.n, 0), coalesce(v.total, 0), coalesce(c.amount, 0)
    FROM unnest(${dayList}) AS d(day)
    LEFT JOIN (SELECT day, count(*)::int AS n, sum(total)::bigint AS total, sum(cost)::bigint AS cost, sum(items)::bigint AS items
               FROM done GROUP BY day) x ON x.day = d.day
    LEFT JOIN (SELECT day, count(*)::int AS n, sum(total)::bigint AS total FROM s WHERE status = 'voided' GROUP BY day) v ON v.day = d.day
    LEFT JOIN (SELECT day, sum(amount)::bigint AS amount FROM paid GROUP BY day) c ON c.day = d.day
    WHERE x.n IS NOT NULL OR v.n IS NOT NULL OR c.amount IS NOT NULL`);
  await tx.execute(sql`
    WITH ${withSales}
    INSERT INTO ${reportDayParts} (business_id, day, dim, key, label, count, amount, cost, quantity)
    SELECT ${b}, day, dim, key, label, count, amount, cost, quantity FROM (
      SELECT day, 'hour' AS dim, lpad(extract(hour FROM created_at AT TIME ZONE ${tz})::int::text, 2, '0') AS key,
             '' AS label, count(*)::int AS count, sum(total)::bigint AS amount, sum(cost)::bigint AS cost, sum(items)::bigint AS quantity
      FROM done GROUP BY 1, 3
      UNION ALL
      SELECT day, 'channel', channel, channel, count(*)::int, sum(total)::bigint, sum(cost)::bigint, sum(items)::bigint
      FROM done GROUP BY 1, 3
      UNION ALL
      SELECT day, 'employee', coalesce(served_by_id::text, served_by), max(served_by), count(*)::int, sum(total)::bigint,
             sum(cost)::bigint, sum(items)::bigint
      FROM done GROUP BY 1, 3
      UNION ALL
      SELECT day, 'payment', p->>'method', p->>'method', count(DISTINCT id)::int, sum((p->>'amount')::bigint)::bigint, 0, 0
      FROM done CROSS JOIN LATERAL jsonb_array_elements(payments) AS p GROUP BY 1, 3
      UNION ALL
      SELECT day, 'product', product_id::text, max(name), count(DISTINCT sale_id)::int, sum(total_price)::bigint,
             sum(cost)::bigint, sum(quantity)::bigint
      FROM l WHERE status = 'completed' GROUP BY 1, 3
      UNION ALL
      SELECT l.day, 'category', coalesce(p.category_id::text, 'none'), coalesce(max(c.name), ''), count(DISTINCT l.sale_id)::int,
             sum(l.total_price)::bigint, sum(l.cost)::bigint, sum(l.quantity)::bigint
      FROM l LEFT JOIN ${products} p ON p.business_id = ${b} AND p.id = l.product_id
      LEFT JOIN ${productCategories} c ON c.business_id = ${b} AND c.id = p.category_id
      WHERE l.status = 'completed' GROUP BY 1, 3
      UNION ALL
      SELECT day, 'collected', method, method, count(*)::int, sum(amount)::bigint, 0, 0 FROM paid GROUP BY 1, 3
    ) parts`);
}

/** The month parts of these months (first days), summed again from their day parts. */
async function rebuildMonths(tx: DbOrTx, b: string, unsorted: string[]): Promise<void> {
  if (!unsorted.length) return;
  const months = [...unsorted].sort();
  const list = sql`${sql.param(months)}::date[]`;
  await tx.execute(sql`DELETE FROM ${reportMonthParts} WHERE business_id = ${b} AND month = ANY(${list})`);
  await tx.execute(sql`
    INSERT INTO ${reportMonthParts} (business_id, month, dim, key, label, count, amount, cost, quantity)
    SELECT ${b}, date_trunc('month', day)::date, dim, key, max(label), sum(count)::int, sum(amount)::bigint,
           sum(cost)::bigint, sum(quantity)::bigint
    FROM ${reportDayParts}
    WHERE business_id = ${b} AND dim = ANY(${DIM_LIST})
      AND day >= ${months[0]!}::date AND day < (${months[months.length - 1]!}::date + interval '1 month')
      AND date_trunc('month', day)::date = ANY(${list})
    GROUP BY 2, 3, 4`);
}
