import { z } from "zod";
import { toCsv } from "../csv/csv.ts";

/** yyyy-MM-dd, a real calendar date. */
export const reportDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the form yyyy-MM-dd")
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: "Not a real date",
    },
  );

/** The longest period /summary reads at once (two years and a day: a leap year and a year's comparison). */
export const MAX_REPORT_DAYS = 732;

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** `day` moved by n days. */
export const addDays = (day: string, n: number) => fromMs(toMs(day) + n * DAY_MS);
/** How many days from..to holds, both included. */
export const daysIn = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;

export const summaryQuerySchema = z
  .object({ businessId: z.uuid(), from: reportDateSchema, to: reportDateSchema })
  .refine((q) => q.from <= q.to, { message: "The start must not be after the end", path: ["to"] })
  .refine((q) => daysIn(q.from, q.to) <= MAX_REPORT_DAYS, { message: "At most two years at a time", path: ["to"] });
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

export const dashboardQuerySchema = z.object({ businessId: z.uuid() });

/** The periods /summary offers; custom takes its own dates. */
export const REPORT_PERIODS = ["today", "week", "month", "lastMonth", "custom"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The dates of a period, given today in the business's time zone. Weeks start on Monday. */
export function periodRange(period: Exclude<ReportPeriod, "custom">, today: string): { from: string; to: string } {
  if (period === "today") return { from: today, to: today };
  if (period === "week") {
    const weekday = (new Date(toMs(today)).getUTCDay() + 6) % 7;
    return { from: addDays(today, -weekday), to: today };
  }
  const monthStart = `${today.slice(0, 7)}-01`;
  if (period === "month") return { from: monthStart, to: today };
  const lastMonthEnd = addDays(monthStart, -1);
  return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
}

/**
 * The period a report is compared with: the same number of days just before it; a whole month
 * is compared with the whole month before.
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const wholeMonth = from.endsWith("-01") && addDays(to, 1).endsWith("-01") && from.slice(0, 7) === to.slice(0, 7);
  if (wholeMonth) {
    const end = addDays(from, -1);
    return { from: `${end.slice(0, 7)}-01`, to: end };
  }
  const n = daysIn(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

/**
 * A period as whole calendar months (the first day of the first and last of them) and the days
 * outside them: a year is read from twelve month rows per part, plus its loose days.
 */
export function splitByMonths(
  from: string,
  to: string,
): { months: { from: string; to: string } | null; days: { from: string; to: string }[] } {
  const firstMonth = from.endsWith("-01") ? from : `${addDays(`${from.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  const endMonth = afterTo.endsWith("-01") ? afterTo : `${to.slice(0, 7)}-01`; // first day after the whole months
  if (firstMonth >= endMonth) return { months: null, days: [{ from, to }] };
  const lastMonth = `${addDays(endMonth, -1).slice(0, 7)}-01`;
  const days: { from: string; to: string }[] = [];
  if (from < firstMonth) days.push({ from, to: addDays(firstMonth, -1) });
  if (endMonth <= to) days.push({ from: endMonth, to });
  return { months: { from: firstMonth, to: lastMonth }, days };
}

/** Gross profit over sales, in basis points (1 % = 100); null without sales. */
export const marginBp = (sales: number, grossProfit: number): number | null =>
  sales === 0 ? null : Math.round((grossProfit * 10_000) / sales);

const cents = z.number().int();

export const reportTotalsSchema = z.object({
  /** Completed sales and orders (voided ones left out), VAT included, in cents. */
  sales: cents,
  salesCount: z.number().int(),
  /** Cost of goods: units sold times their weighted average cost when sold. */
  cost: cents,
  grossProfit: cents,
  marginBp: z.number().int().nullable(),
  expenses: cents,
  netProfit: cents,
  voidedCount: z.number().int(),
  voidedTotal: cents,
  creditCollected: cents,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const reportPartSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  amount: cents,
  cost: cents,
  quantity: z.number().int(),
});
export type ReportPart = z.infer<typeof reportPartSchema>;

/**
 * The figures are being brought up to date (after a sale, or the first time after an upgrade):
 * business days rebuilt of those to rebuild; null when they are up to date.
 */
export const reportUpdatingSchema = z.object({ done: z.number().int(), total: z.number().int() }).nullable();
export type ReportUpdating = z.infer<typeof reportUpdatingSchema>;

export const summarySchema = z.object({
  updating: reportUpdatingSchema,
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  totals: reportTotalsSchema,
  previousTotals: reportTotalsSchema,
  byChannel: z.array(reportPartSchema),
  byPayment: z.array(reportPartSchema),
  byEmployee: z.array(reportPartSchema),
  /**
   * Discounts and price overrides given at the till in the period (issue 31), by the employee who
   * served the sale: count = sales discounted, amount = list total - amount paid. Read from the
   * sales themselves (completed ones), not the rollups.
   */
  discountsByEmployee: z.array(reportPartSchema),
  byCategory: z.array(reportPartSchema),
  topProducts: z.array(reportPartSchema),
  byDay: z.array(z.object({ day: z.string(), sales: cents, cost: cents, count: z.number().int() })),
});
export type Summary = z.infer<typeof summarySchema>;

export const dayFiguresSchema = z.object({
  day: z.string(),
  sales: cents,
  count: z.number().int(),
  /** Sales over their number, rounded to the cent; 0 without sales. */
  average: cents,
  grossProfit: cents,
});
export type DayFigures = z.infer<typeof dayFiguresSchema>;

export const dashboardSchema = z.object({
  updating: reportUpdatingSchema,
  today: dayFiguresSchema,
  yesterday: dayFiguresSchema,
  lastWeek: dayFiguresSchema,
  byHour: z.array(z.object({ hour: z.number().int(), amount: cents, count: z.number().int() })),
  topProducts: z.array(reportPartSchema),
  payments: z.array(reportPartSchema),
  credit: z.object({ outstanding: cents, collectedToday: cents }),
  lowStock: z.number().int(),
  /** Tonight's rooms taken and the hotel's rooms, for hotels (null for other businesses). */
  occupancy: z.object({ rooms: z.number().int(), occupied: z.number().int() }).nullable(),
  /** Today's clinic visits, for clinics (null for other businesses). */
  clinicVisits: z.number().int().nullable(),
  /** What a new business has set up (the welcome card's first steps until its first sale). */
  setup: z.object({
    products: z.boolean(),
    staff: z.boolean(),
    mpesa: z.boolean(),
    etims: z.boolean(),
    sales: z.boolean(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The payment methods as the reports name them (spec: Cash, M-Pesa, Bank, Credit). */
export const PAYMENT_LABELS: Record<string, string> = {
  Cash: "Cash",
  "M-Pesa": "M-Pesa",
  "Bank Transfer": "Bank",
  Credit: "Credit",
};

export const CHANNEL_LABELS: Record<string, string> = { retail: "Retail", wholesale: "Wholesale" };

export function dayFigures(day: string, sales: number, count: number, cost: number): DayFigures {
  return { day, sales, count, average: count ? Math.round(sales / count) : 0, grossProfit: sales - cost };
}

/** The CSV rows of a summary (csv/ writes them): one section per table, the same figures the page shows. */
export function summaryCsvRows(s: Summary): (string | number)[][] {
  const money = (c: number) => (c / 100).toFixed(2);
  const t = s.totals;
  const p = s.previousTotals;
  const rows: (string | number)[][] = [
    ["Summary", `${s.from} to ${s.to}`, `Previous: ${s.previous.from} to ${s.previous.to}`],
    ["Figure", "This period (KES)", "Previous period (KES)"],
    ["Sales", money(t.sales), money(p.sales)],
    ["Number of sales", t.salesCount, p.salesCount],
    ["Cost of goods", money(t.cost), money(p.cost)],
    ["Gross profit", money(t.grossProfit), money(p.grossProfit)],
    [
      "Margin %",
      t.marginBp === null ? "" : (t.marginBp / 100).toFixed(2),
      p.marginBp === null ? "" : (p.marginBp / 100).toFixed(2),
    ],
    ["Expenses", money(t.expenses), money(p.expenses)],
    ["Net profit", money(t.netProfit), money(p.netProfit)],
    ["Voided sales", t.voidedCount, p.voidedCount],
    ["Credit collected", money(t.creditCollected), money(p.creditCollected)],
  ];
  const section = (title: string, parts: ReportPart[], name: (p: ReportPart) => string = (p) => p.label) => {
    rows.push([]);
    rows.push([title, "Sales", "Amount (KES)", "Cost of goods (KES)"]);
    for (const x of parts) rows.push([name(x), x.count, money(x.amount), money(x.cost)]);
  };
  section("By channel", s.byChannel, (p) => CHANNEL_LABELS[p.key] ?? p.key);
  section("By payment method", s.byPayment, (p) => PAYMENT_LABELS[p.key] ?? p.key);
  section("By employee", s.byEmployee);
  section("By category", s.byCategory, (p) => (p.key === "none" ? "No category" : p.label));
  section("Top products", s.topProducts);
  return rows;
}

/** The summary as a CSV file (the repo's one CSV writer). */
export function summaryCsv(s: Summary): string {
  const all = summaryCsvRows(s);
  // Every row as wide as the widest: the writer keeps as many cells per row as the header has.
  const width = Math.max(...all.map((r) => r.length));
  const [header, ...rows] = all.map((r) => Array.from({ length: width }, (_, i) => String(r[i] ?? "")));
  return toCsv(header!, rows);
}
