// Benchmark 7: reports on years of sales. One business with 1,000,000 sale lines over two years,
// bulk-inserted with generate_series; then /api/reports/summary for a year and the dashboard over
// HTTP against the server process, each beside the same figures computed straight from the raw
// tables (sales, sale_lines, credit_payments) with pg. The first read after the bulk load rebuilds
// every day (the triggers are off during the load and every day is marked, as the migration does
// for sales made before the reports); it is measured on its own, then the steady state.
import type pg from "pg";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { seedProducts } from "./lib/seed.ts";
import { figure, type Figure } from "./lib/stats.ts";

export const REPORT_LINES = 1_000_000;
const LINES_PER_SALE = 3;
const DAYS = 730;
const PRODUCTS = 2_000;
const TZ = "Africa/Nairobi";

/** Sales, lines, their costs and the dirty days, straight in SQL (the reports' triggers kept quiet). */
export async function seedSales(pool: pg.Pool, businessId: string, lines: number): Promise<void> {
  const sales = Math.ceil(lines / LINES_PER_SALE);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL app.restoring = 'on'");
    await client.query(
      `INSERT INTO categories (business_id, name) SELECT $1, 'Category ' || g FROM generate_series(1, 12) g`,
      [businessId],
    );
    await client.query(
      `UPDATE products p SET category_id = c.id
       FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM categories WHERE business_id = $1) c
       WHERE p.business_id = $1 AND c.n = 1 + abs(hashtext(p.id::text)) % 12`,
      [businessId],
    );
    await client.query(
      `CREATE TEMP TABLE bench_products ON COMMIT DROP AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, name, selling_price, wholesale_price FROM products WHERE business_id = $1`,
      [businessId],
    );
    await client.query(
      `CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
       SELECT g AS sale_no, i AS line_no, p.id AS product_id, p.name, 1 + (g + i) % 3 AS quantity,
              CASE WHEN g % 10 = 0 THEN p.wholesale_price ELSE p.selling_price END AS price
       FROM generate_series(1, $1) g CROSS JOIN generate_series(1, ${LINES_PER_SALE}) i
       JOIN bench_products p ON p.n = (g * 7 + i * 131) % ${PRODUCTS}`,
      [sales],
    );
    await client.query(
      `INSERT INTO sales (business_id, id, sale_number, channel, status, payment_status, payment_method, payments, total,
                          served_by, served_by_id, created_at, updated_at)
       SELECT $1, gen_random_uuid(), s.sale_no, CASE WHEN s.sale_no % 10 = 0 THEN 'wholesale' ELSE 'retail' END,
              CASE WHEN s.sale_no % 50 = 0 THEN 'voided' ELSE 'completed' END, 'Paid', m.method,
              jsonb_build_array(jsonb_build_object('method', m.method, 'amount', s.total, 'tendered', NULL, 'reference', NULL)),
              s.total, 'Cashier ' || (s.sale_no % 6), NULL, at, at
       FROM (SELECT sale_no, sum(quantity * price)::bigint AS total FROM bench_lines GROUP BY sale_no) s
       CROSS JOIN LATERAL (SELECT (ARRAY['Cash', 'M-Pesa', 'Bank Transfer'])[1 + s.sale_no % 3] AS method) m
       CROSS JOIN LATERAL (SELECT now() - ((s.sale_no::float8 / $2) * ${DAYS}) * interval '1 day' AS at) t`,
      [businessId, sales],
    );
    await client.query(
      `INSERT INTO sale_lines (business_id, sale_id, line_no, product_id, name, unit_price, quantity, total_price)
       SELECT $1, s.id, l.line_no, l.product_id, l.name, l.price, l.quantity, l.quantity * l.price
       FROM bench_lines l JOIN sales s ON s.business_id = $1 AND s.sale_number = l.sale_no`,
      [businessId],
    );
    await client.query(
      `INSERT INTO report_line_costs (business_id, sale_id, product_id, unit_cost)
       SELECT DISTINCT ON (l.sale_id, l.product_id) $1::uuid, l.sale_id, l.product_id, p.buying_price
       FROM sale_lines l JOIN products p ON p.business_id = l.business_id AND p.id = l.product_id WHERE l.business_id = $1`,
      [businessId],
    );
    await client.query(
      `INSERT INTO business_counters (business_id, name, value) VALUES ($1, 'sale', $2)
       ON CONFLICT (business_id, name) DO UPDATE SET value = excluded.value`,
      [businessId, sales],
    );
    await client.query(
      `INSERT INTO report_dirty_days (business_id, day)
       SELECT DISTINCT $1::uuid, (created_at AT TIME ZONE '${TZ}')::date FROM sales WHERE business_id = $1`,
      [businessId],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  } finally {
    client.release();
  }
  for (const t of ["sales", "sale_lines", "report_line_costs", "report_dirty_days", "categories"])
    await pool.query(`VACUUM ANALYZE ${t}`);
}

/** The summary's figures for from..to straight from the raw tables: what the rollups save. */
async function rawSummary(pool: pg.Pool, b: string, from: string, to: string): Promise<number> {
  const range = `s.business_id = $1 AND s.created_at >= ($2::date::timestamp AT TIME ZONE '${TZ}')
                 AND s.created_at < (($3::date + 1)::timestamp AT TIME ZONE '${TZ}')`;
  const done = `${range} AND s.status = 'completed'`;
  const args = [b, from, to];
  const q = (text: string) => pool.query(text, args);
  const [totals] = await Promise.all([
    q(`SELECT count(*) FILTER (WHERE s.status = 'completed') AS n, sum(s.total) FILTER (WHERE s.status = 'completed') AS total,
              count(*) FILTER (WHERE s.status = 'voided') AS voided FROM sales s WHERE ${range}`),
    q(`SELECT sum(l.quantity * rc.unit_cost) FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
       JOIN report_line_costs rc ON rc.business_id = s.business_id AND rc.sale_id = s.id AND rc.product_id = l.product_id WHERE ${done}`),
    q(`SELECT channel, count(*), sum(total) FROM sales s WHERE ${done} GROUP BY 1`),
    q(`SELECT served_by, count(*), sum(total) FROM sales s WHERE ${done} GROUP BY 1`),
    q(
      `SELECT p->>'method', sum((p->>'amount')::bigint) FROM sales s CROSS JOIN LATERAL jsonb_array_elements(s.payments) p WHERE ${done} GROUP BY 1`,
    ),
    q(`SELECT pr.category_id, sum(l.total_price), sum(l.quantity * rc.unit_cost) FROM sales s
       JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
       JOIN report_line_costs rc ON rc.business_id = s.business_id AND rc.sale_id = s.id AND rc.product_id = l.product_id
       JOIN products pr ON pr.business_id = s.business_id AND pr.id = l.product_id WHERE ${done} GROUP BY 1`),
    q(`SELECT l.product_id, sum(l.total_price) FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
       WHERE ${done} GROUP BY 1 ORDER BY 2 DESC LIMIT 10`),
    q(`SELECT (s.created_at AT TIME ZONE '${TZ}')::date, sum(total) FROM sales s WHERE ${done} GROUP BY 1`),
  ]);
  return Number(totals.rows[0].total);
}

/** The dashboard's figures for today straight from the raw tables. */
async function rawDashboard(pool: pg.Pool, b: string, today: string): Promise<number> {
  const day = (d: string) => `s.business_id = $1 AND s.status = 'completed'
    AND s.created_at >= (${d}::timestamp AT TIME ZONE '${TZ}') AND s.created_at < ((${d} + 1)::timestamp AT TIME ZONE '${TZ}')`;
  const t = "$2::date";
  const [today_] = await Promise.all([
    ...[t, `(${t} - 1)`, `(${t} - 7)`].map((d) =>
      pool.query(
        `SELECT count(*) AS n, sum(s.total) AS total,
                (SELECT sum(l.quantity * rc.unit_cost) FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
                 JOIN report_line_costs rc ON rc.business_id = s.business_id AND rc.sale_id = s.id AND rc.product_id = l.product_id
                 WHERE ${day(d)}) AS cost
         FROM sales s WHERE ${day(d)}`,
        [b, today],
      ),
    ),
    pool.query(
      `SELECT extract(hour FROM s.created_at AT TIME ZONE '${TZ}'), sum(total) FROM sales s WHERE ${day(t)} GROUP BY 1`,
      [b, today],
    ),
    pool.query(
      `SELECT l.product_id, sum(l.total_price) FROM sales s JOIN sale_lines l ON l.business_id = s.business_id AND l.sale_id = s.id
       WHERE ${day(t)} GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
      [b, today],
    ),
    pool.query(
      `SELECT p->>'method', sum((p->>'amount')::bigint) FROM sales s CROSS JOIN LATERAL jsonb_array_elements(s.payments) p WHERE ${day(t)} GROUP BY 1`,
      [b, today],
    ),
  ]);
  return Number(today_!.rows[0].total);
}

const dayIn = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(at);

export async function benchReports(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  lines: number;
  runs: number;
  log: (line: string) => void;
  note: (line: string) => void;
}): Promise<Figure[]> {
  const owner = await registerOwner(opts.server.base, "Bench Reports Duka");
  await seedProducts(opts.pool, owner.businessId, PRODUCTS, "1000000");
  let started = performance.now();
  await seedSales(opts.pool, owner.businessId, opts.lines);
  const seedMs = performance.now() - started;
  opts.note(`seeded ${opts.lines.toLocaleString("en")} sale lines in ${Math.round(seedMs / 1000)} s`);
  const headers = { authorization: `Bearer ${owner.token}` };
  const today = dayIn(new Date());
  const from = dayIn(new Date(Date.now() - 364 * 86_400_000));
  const summaryUrl = `${opts.server.base}/api/reports/summary?businessId=${owner.businessId}&from=${from}&to=${today}`;
  const dashboardUrl = `${opts.server.base}/api/reports/dashboard?businessId=${owner.businessId}`;
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as {
      totals?: { sales: number };
      today?: { sales: number };
      updating?: { done: number; total: number } | null;
    };
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, body };
  };
  const b = `reports (${opts.lines.toLocaleString("en")} sale lines over two years)`;
  // Every day is marked for a rebuild (as after an upgrade): the first read answers at once with
  // what is ready and the progress ("updating"), and the warm-up job rebuilds the days behind it.
  // The server started before the load: a notice queues the rebuild its start-up warm-up would have.
  await opts.pool.query("SELECT pg_notify('report_dirty_days', $1)", [owner.businessId]);
  const first = await get(summaryUrl);
  /** Reads the summary every 100 ms until no rebuild is pending; the time from `since`. */
  const settled = async (since: number) => {
    for (;;) {
      const r = await get(summaryUrl);
      if (!r.body.updating) return performance.now() - since;
      if (performance.now() - since > 30 * 60_000) throw new Error("the reports' rebuild did not finish in 30 minutes");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const warmUpMs = await settled(performance.now() - first.ms);
  opts.note(`the warm-up job rebuilt every day in ${Math.round(warmUpMs / 1000)} s`);
  const summaryMs: number[] = [];
  const dashboardMs: number[] = [];
  const rawSummaryMs: number[] = [];
  const rawDashboardMs: number[] = [];
  const afterSaleMs: number[] = [];
  const products = await opts.pool.query<{ id: string; selling_price: string }>(
    "SELECT id, selling_price FROM products WHERE business_id = $1 LIMIT 1",
    [owner.businessId],
  );
  for (let i = 0; i < opts.runs; i++) {
    summaryMs.push((await get(summaryUrl)).ms);
    dashboardMs.push((await get(dashboardUrl)).ms);
    started = performance.now();
    await rawSummary(opts.pool, owner.businessId, from, today);
    rawSummaryMs.push(performance.now() - started);
    started = performance.now();
    await rawDashboard(opts.pool, owner.businessId, today);
    rawDashboardMs.push(performance.now() - started);
    // A sale marks today dirty: a job rebuilds that one day after the commit; the read does not wait.
    const p = products.rows[0]!;
    const sale = await fetch(`${opts.server.base}/api/sales`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({
        businessId: owner.businessId,
        products: [{ productId: p.id, quantity: 1 }],
        payments: [{ method: "Cash", amount: Number(p.selling_price) }],
      }),
    });
    if (sale.status !== 201) throw new Error(`sale answered ${sale.status}: ${await sale.text()}`);
    afterSaleMs.push((await get(summaryUrl)).ms);
    await settled(performance.now()); // the job has rebuilt today before the next run
  }
  await settled(performance.now());
  const last = await get(summaryUrl);
  const dash = await get(dashboardUrl);
  const rawTotal = await rawSummary(opts.pool, owner.businessId, from, today);
  const rawToday = await rawDashboard(opts.pool, owner.businessId, today);
  if (last.body.totals!.sales !== rawTotal || dash.body.today!.sales !== rawToday)
    throw new Error(
      `the rollups disagree with the raw tables: summary ${last.body.totals!.sales} vs ${rawTotal}, today ${dash.body.today!.sales} vs ${rawToday}`,
    );
  const goal = { text: "under 500 ms", test: (v: number) => v < 500 };
  const figures = [
    figure(b, "seed (bulk insert, generate_series)", [seedMs], "ms"),
    figure(b, "first read after the bulk load (every day still to rebuild: progress shown)", [first.ms], "ms", goal),
    figure(b, "the warm-up job: every day rebuilt in the background, from the first read", [warmUpMs], "ms"),
    figure(b, "/summary for a year (rollups)", summaryMs, "ms", goal),
    figure(b, "/summary for a year straight from the raw tables (pg, no HTTP)", rawSummaryMs, "ms"),
    figure(b, "/summary for a year right after a sale (rollups; today rebuilt by a job)", afterSaleMs, "ms", {
      text: "under 100 ms",
      test: (v: number) => v < 100,
    }),
    figure(b, "dashboard (rollups)", dashboardMs, "ms", goal),
    figure(b, "dashboard straight from the raw tables (pg, no HTTP)", rawDashboardMs, "ms"),
  ];
  for (const f of figures) opts.log(`${f.bench}: ${f.name}: ${f.value} ${f.unit}`);
  return figures;
}
