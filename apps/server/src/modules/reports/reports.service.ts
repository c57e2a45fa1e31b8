import { sql } from "drizzle-orm";
import {
  addDays,
  dayFigures,
  marginBp,
  previousPeriod,
  splitByMonths,
  type Dashboard,
  type ReportPart,
  type ReportTotals,
  type Summary,
  type SummaryQuery,
} from "@app/shared/reports/reports";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { Ctx } from "../../platform/context.ts";
import { visitsCount } from "../clinic/clinic.public.ts";
import { expensesTotal } from "../expenses/expenses.public.ts";
import { lowStockCount } from "../inventory/inventory.public.ts";
import { occupancyOn } from "../rooms/rooms.public.ts";
import { creditOutstanding, discountsByEmployee } from "../sales/sales.public.ts";
import { rebuildProgress } from "./rollups.ts";
import { reportDayParts, reportDays, reportMonthParts } from "./reports.table.ts";

/** The instant a business day starts, in its time zone (ISO). */
async function dayStart(ctx: Ctx, day: string): Promise<string> {
  const { rows } = await ctx.db.execute<{ at: string }>(
    sql`SELECT to_char((${day}::date::timestamp AT TIME ZONE ${ctx.business.timeZone}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
  );
  return rows[0]!.at;
}

type DayRow = {
  sales: string;
  n: number;
  cost: string;
  voided_n: number;
  voided: string;
  collected: string;
};

async function totalsOf(ctx: Ctx, from: string, to: string): Promise<ReportTotals> {
  const [{ rows }, expenses] = await Promise.all([
    ctx.db.execute<DayRow>(sql`
      SELECT coalesce(sum(sales_total), 0)::text AS sales, coalesce(sum(sales_count), 0)::int AS n,
             coalesce(sum(cost_total), 0)::text AS cost, coalesce(sum(voided_count), 0)::int AS voided_n,
             coalesce(sum(voided_total), 0)::text AS voided, coalesce(sum(credit_collected), 0)::text AS collected
      FROM ${reportDays} WHERE business_id = ${ctx.businessId} AND day BETWEEN ${from}::date AND ${to}::date`),
    Promise.all([dayStart(ctx, from), dayStart(ctx, addDays(to, 1))]).then(([start, end]) =>
      expensesTotal(ctx.db, ctx.businessId, start, end),
    ),
  ]);
  const r = rows[0]!;
  const sales = Number(r.sales);
  const cost = Number(r.cost);
  const grossProfit = sales - cost;
  return {
    sales,
    salesCount: Number(r.n),
    cost,
    grossProfit,
    marginBp: marginBp(sales, grossProfit),
    expenses,
    netProfit: grossProfit - expenses,
    voidedCount: Number(r.voided_n),
    voidedTotal: Number(r.voided),
    creditCollected: Number(r.collected),
  };
}

const DIMS = ["channel", "payment", "employee", "category", "product"] as const;

async function partsOf(
  ctx: Ctx,
  dims: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, ReportPart[]>> {
  // Whole months from the month parts, the days around them from the day parts.
  const split = splitByMonths(from, to);
  const dimList = sql`${sql.param([...dims])}::text[]`;
  const dayRanges = split.days.length
    ? sql.join(
        split.days.map((r) => sql`day BETWEEN ${r.from}::date AND ${r.to}::date`),
        sql` OR `,
      )
    : sql`false`;
  const { rows } = await ctx.db.execute<{
    dim: string;
    key: string;
    label: string;
    count: number;
    amount: string;
    cost: string;
    quantity: string;
  }>(sql`
    SELECT dim, key, max(label) AS label, sum(count)::int AS count, sum(amount)::text AS amount,
           sum(cost)::text AS cost, sum(quantity)::text AS quantity
    FROM (
      SELECT dim, key, label, count, amount, cost, quantity FROM ${reportDayParts}
      WHERE business_id = ${ctx.businessId} AND dim = ANY(${dimList}) AND (${dayRanges})
      UNION ALL
      SELECT dim, key, label, count, amount, cost, quantity FROM ${reportMonthParts}
      WHERE business_id = ${ctx.businessId} AND dim = ANY(${dimList})
        AND month BETWEEN ${split.months?.from ?? "2000-01-01"}::date AND ${split.months?.to ?? "1999-12-01"}::date
    ) parts
    GROUP BY dim, key
    ORDER BY dim, sum(amount) DESC, key`);
  const out = new Map<string, ReportPart[]>(dims.map((d) => [d, []]));
  for (const r of rows)
    out.get(r.dim)!.push({
      key: r.key,
      label: r.label,
      count: Number(r.count),
      amount: Number(r.amount),
      cost: Number(r.cost),
      quantity: Number(r.quantity),
    });
  return out;
}

/** GET /api/reports/summary: a period's figures from the daily rollups, beside the period before. */
export async function summary(ctx: Ctx, q: SummaryQuery): Promise<Summary> {
  const previous = previousPeriod(q.from, q.to);
  // The figures the rollups have; a job brings dirty days up to date (reports.jobs.ts).
  const [updating, totals, previousTotals, parts, byDay, discounts] = await Promise.all([
    rebuildProgress(ctx.db, ctx.businessId),
    totalsOf(ctx, q.from, q.to),
    totalsOf(ctx, previous.from, previous.to),
    partsOf(ctx, DIMS, q.from, q.to),
    ctx.db.execute<{ day: string; sales: string; cost: string; n: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sales_total::text AS sales, cost_total::text AS cost, sales_count AS n
      FROM ${reportDays} WHERE business_id = ${ctx.businessId} AND day BETWEEN ${q.from}::date AND ${q.to}::date
      ORDER BY day`),
    Promise.all([dayStart(ctx, q.from), dayStart(ctx, addDays(q.to, 1))]).then(([start, end]) =>
      discountsByEmployee(ctx.db, ctx.businessId, start, end),
    ),
  ]);
  return {
    updating,
    from: q.from,
    to: q.to,
    previous,
    totals,
    previousTotals,
    byChannel: parts.get("channel")!,
    byPayment: parts.get("payment")!,
    byEmployee: parts.get("employee")!,
    discountsByEmployee: discounts,
    byCategory: parts.get("category")!,
    topProducts: parts.get("product")!.slice(0, 10),
    byDay: byDay.rows.map((r) => ({ day: r.day, sales: Number(r.sales), cost: Number(r.cost), count: Number(r.n) })),
  };
}

/** GET /api/reports/dashboard: today against yesterday and the same day last week, and today's splits. */
export async function dashboard(ctx: Ctx, now: Date = new Date()): Promise<Dashboard> {
  const today = todayIn(ctx.business.timeZone, now);
  const yesterday = addDays(today, -1);
  const lastWeek = addDays(today, -7);
  const [updating, days, parts, outstanding, lowStock, clinicVisits, occupancy, setup] = await Promise.all([
    rebuildProgress(ctx.db, ctx.businessId),
    ctx.db.execute<{ day: string; sales: string; n: number; cost: string; collected: string }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sales_total::text AS sales, sales_count AS n, cost_total::text AS cost,
             credit_collected::text AS collected
      FROM ${reportDays} WHERE business_id = ${ctx.businessId}
        AND day = ANY(${sql.param([today, yesterday, lastWeek])}::date[])`),
    partsOf(ctx, ["hour", "product", "payment"], today, today),
    creditOutstanding(ctx.db, ctx.businessId),
    lowStockCount(ctx.db, ctx.businessId),
    ctx.business.businessType === "clinic"
      ? Promise.all([dayStart(ctx, today), dayStart(ctx, addDays(today, 1))]).then(([start, end]) =>
          visitsCount(ctx.db, ctx.businessId, start, end),
        )
      : Promise.resolve(null),
    ctx.business.businessType === "hotel"
      ? occupancyOn(ctx.db, ctx.businessId, today, ctx.business.timeZone)
      : Promise.resolve(null),
    setupOf(ctx),
  ]);
  const byDay = new Map(days.rows.map((r) => [r.day, r]));
  const figures = (day: string) => {
    const r = byDay.get(day);
    return dayFigures(day, Number(r?.sales ?? 0), Number(r?.n ?? 0), Number(r?.cost ?? 0));
  };
  return {
    updating,
    today: figures(today),
    yesterday: figures(yesterday),
    lastWeek: figures(lastWeek),
    byHour: parts
      .get("hour")!
      .map((p) => ({ hour: Number(p.key), amount: p.amount, count: p.count }))
      .sort((a, b) => a.hour - b.hour),
    topProducts: parts.get("product")!.slice(0, 5),
    payments: parts.get("payment")!,
    credit: { outstanding, collectedToday: Number(byDay.get(today)?.collected ?? 0) },
    lowStock,
    occupancy,
    clinicVisits,
    setup,
  };
}

/** What the business has set up, for the dashboard's welcome card (one indexed probe each). */
async function setupOf(ctx: Ctx): Promise<Dashboard["setup"]> {
  const { rows } = await ctx.db.execute<Record<keyof Dashboard["setup"], boolean>>(sql`
    SELECT EXISTS (SELECT 1 FROM products WHERE business_id = ${ctx.businessId}) AS products,
           EXISTS (SELECT 1 FROM employees WHERE business_id = ${ctx.businessId}) AS staff,
           EXISTS (SELECT 1 FROM mpesa_credentials WHERE business_id = ${ctx.businessId}) AS mpesa,
           EXISTS (SELECT 1 FROM etims_devices WHERE business_id = ${ctx.businessId}) AS etims,
           EXISTS (SELECT 1 FROM sales WHERE business_id = ${ctx.businessId}) AS sales`);
  const r = rows[0]!;
  return { products: r.products, staff: r.staff, mpesa: r.mpesa, etims: r.etims, sales: r.sales };
}
