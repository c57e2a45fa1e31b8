import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import { todayIn } from "@app/shared/inventory/daily-stock";
import {
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { reportsSettled } from "../factories/reports.ts";
import { api, newProduct } from "../factories/sales.ts";

/**
 * The rollups equal a recomputation from the raw tables after any mix of sales, wholesale orders,
 * voids, restores, edits, credit payments, price changes and sales moved to other days. The
 * expected figures are computed here, in TypeScript, from the sales rows and from the costs this
 * test saw when it sold (the weighted average cost at sale time), not by the rollups' SQL.
 */
let t: TestApp;
let owner: Owner;
let cashier: Staff;
const TZ = "Africa/Nairobi";
const OPERATIONS = 1_000;

// A small seeded generator: a failure can be replayed.
let seed = 16_2026;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

type P = { id: string; price: number; wholesale: number; cost: number; categoryId: string | null };
const products: P[] = [];
const categories: string[] = [];
/** The cost this test saw for each (sale, product) when the product was first put on the sale. */
const costs = new Map<string, number>();
const sales = new Map<string, { channel: "retail" | "wholesale"; status: string; credit: number; balance: number }>();

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  owner = await registerBusiness(t.app);
  cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  const o = api(t.app, owner.token);
  for (const name of ["Drinks", "Food"]) {
    const res = await o.post("/api/categories", { businessId: owner.businessId, name });
    expect(res.statusCode, res.body).toBe(201);
    categories.push(res.json()._id);
  }
  for (let i = 0; i < 6; i++) {
    const categoryId = i < 4 ? categories[i % 2]! : null;
    const p: P = { id: "", price: 1000 + i * 250, wholesale: 800 + i * 200, cost: 500 + i * 100, categoryId };
    const made = await newProduct(t.app, owner, owner.businessId, {
      sellingprice: p.price,
      wholesalePrice: p.wholesale,
      buyingPrice: p.cost,
      quantity: 1_000_000,
      ...(categoryId ? { categoryId } : {}),
    });
    p.id = made._id;
    products.push(p);
  }
}, 60_000);
afterAll(() => t.close());

const base = (channel: string) => (channel === "retail" ? "/api/sales" : "/api/orders");

function randomLines(): { productId: string; quantity: number }[] {
  const n = int(1, 3);
  const chosen = new Set<P>();
  while (chosen.size < n) chosen.add(pick(products));
  return [...chosen].map((p) => ({ productId: p.id, quantity: int(1, 4) }));
}
const totalOf = (channel: string, lines: { productId: string; quantity: number }[]) =>
  lines.reduce((s, l) => {
    const p = products.find((x) => x.id === l.productId)!;
    return s + l.quantity * (channel === "retail" ? p.price : p.wholesale);
  }, 0);
function randomPayments(total: number, allowCredit: boolean) {
  const kind = int(0, allowCredit ? 3 : 2);
  if (kind === 0) return [{ method: "Cash", amount: total }];
  if (kind === 1) return [{ method: "M-Pesa", amount: total, reference: `QK${int(100000, 999999)}AB` }];
  const part = int(1, total - 1);
  if (kind === 2)
    return [
      { method: "Cash", amount: part },
      { method: "Bank Transfer", amount: total - part },
    ];
  return [
    { method: "Cash", amount: part },
    { method: "Credit", amount: total - part },
  ];
}
const rememberCosts = (saleId: string, lines: { productId: string }[]) => {
  for (const l of lines) {
    const k = `${saleId}:${l.productId}`;
    if (!costs.has(k)) costs.set(k, products.find((p) => p.id === l.productId)!.cost);
  }
};

async function operate(): Promise<string> {
  const o = api(t.app, owner.token);
  const op = rand();
  const live = [...sales.entries()].filter(([, s]) => s.status === "completed");
  const voided = [...sales.entries()].filter(([, s]) => s.status === "voided");
  if (op < 0.4 || sales.size < 5) {
    const channel = rand() < 0.75 ? "retail" : "wholesale";
    const lines = randomLines();
    const total = totalOf(channel, lines);
    const payments = randomPayments(total, true);
    const who = channel === "retail" && rand() < 0.5 ? api(t.app, cashier.token) : o;
    const res = await who.post(base(channel), {
      businessId: owner.businessId,
      products: lines,
      payments,
      customerName: "Wanjiku Kamau",
      customerPhone: "0722000111",
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as Sale;
    rememberCosts(sale._id, lines);
    const credit = payments.find((p) => p.method === "Credit")?.amount ?? 0;
    sales.set(sale._id, { channel, status: "completed", credit, balance: credit });
    return "sale";
  }
  if (op < 0.52 && live.length) {
    const [id, s] = pick(live);
    const res = await o.del(`${base(s.channel)}/${id}?reason=test`);
    expect(res.statusCode, res.body).toBe(200);
    s.status = "voided";
    return "void";
  }
  if (op < 0.62 && voided.length) {
    const [id, s] = pick(voided);
    const res = await o.post(`${base(s.channel)}/voidsales/restore/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    s.status = "completed";
    return "restore";
  }
  if (op < 0.77 && live.length) {
    const [id, s] = pick(live.filter(([, x]) => x.credit === x.balance));
    if (!id) return "none";
    const lines = randomLines();
    const total = totalOf(s!.channel, lines);
    const payments = randomPayments(total, false);
    const res = await o.put(`${base(s!.channel)}/${id}`, { products: lines, payments });
    expect(res.statusCode, res.body).toBe(200);
    rememberCosts(id, lines);
    s!.credit = 0;
    s!.balance = 0;
    return "edit";
  }
  if (op < 0.85) {
    const owing = live.filter(([, s]) => s.balance > 0);
    if (!owing.length) return "none";
    const [id, s] = pick(owing);
    const amount = int(1, s.balance);
    const res = await o.put(`${base(s.channel)}/salecredit/${id}`, {
      amountPaid: amount,
      paymentMethod: pick(["Cash", "M-Pesa", "Bank Transfer"]),
    });
    expect(res.statusCode, res.body).toBe(200);
    s.balance -= amount;
    return "creditPayment";
  }
  if (op < 0.93) {
    // A new weighted average cost (as a supply receipt makes): later sales cost more or less.
    const p = pick(products);
    p.cost = int(300, 1500);
    const res = await o.put(`/api/products/${p.id}`, { buyingPrice: p.cost });
    expect(res.statusCode, res.body).toBe(200);
    return "cost";
  }
  // A sale made on another day and hour (as the imports of older sales do): it moves between days.
  const [id] = pick([...sales.entries()]);
  const back = int(0, 40) * 86_400_000 + int(0, 23) * 3_600_000;
  await t.database.pool.query(
    // A minute before now by the server's clock at the latest (the database's may differ).
    "UPDATE sales SET created_at = least(created_at, $3::timestamptz) - $2 * interval '1 millisecond' WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM credit_payments c WHERE c.sale_id = sales.id)",
    [id, back, new Date(Date.now() - 60_000)],
  );
  return "move";
}

type Row = Record<string, string | number>;
const hourIn = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: TZ });

/** The rollups as this test recomputes them from sales, sale_lines and credit_payments. */
async function recompute(): Promise<{ days: Row[]; parts: Row[]; months: Row[] }> {
  const q = <T>(text: string) => t.database.pool.query(text, [owner.businessId]).then((r) => r.rows as T[]);
  const saleRows = await q<{
    id: string;
    channel: string;
    status: string;
    total: string;
    payments: { method: string; amount: number }[];
    served_by: string;
    served_by_id: string | null;
    created_at: Date;
  }>(
    "SELECT id, channel, status, total, payments, served_by, served_by_id, created_at FROM sales WHERE business_id = $1",
  );
  const lineRows = await q<{
    sale_id: string;
    product_id: string;
    name: string;
    quantity: number;
    total_price: string;
  }>("SELECT sale_id, product_id, name, quantity, total_price FROM sale_lines WHERE business_id = $1");
  const paid = await q<{ method: string; amount: string; paid_at: Date }>(
    "SELECT method, amount, paid_at FROM credit_payments WHERE business_id = $1",
  );
  const days = new Map<string, Row>();
  const parts = new Map<string, Row>();
  const day = (d: string) =>
    days.get(d) ??
    days
      .set(d, {
        day: d,
        sales_count: 0,
        sales_total: 0,
        cost_total: 0,
        items: 0,
        voided_count: 0,
        voided_total: 0,
        credit_collected: 0,
      })
      .get(d)!;
  const part = (
    d: string,
    dim: string,
    key: string,
    label: string,
    sale: string | null,
    amount: number,
    cost: number,
    quantity: number,
  ) => {
    const k = `${d}|${dim}|${key}`;
    const r =
      parts.get(k) ??
      parts.set(k, { day: d, dim, key, label, count: 0, amount: 0, cost: 0, quantity: 0, sales: "" }).get(k)!;
    if (sale === null || !String(r.sales).split(",").includes(sale)) {
      r.count = Number(r.count) + 1;
      if (sale) r.sales = `${r.sales},${sale}`;
    }
    r.amount = Number(r.amount) + amount;
    r.cost = Number(r.cost) + cost;
    r.quantity = Number(r.quantity) + quantity;
  };
  const bySale = new Map<string, typeof lineRows>();
  for (const l of lineRows) bySale.set(l.sale_id, [...(bySale.get(l.sale_id) ?? []), l]);
  for (const s of saleRows) {
    const d = todayIn(TZ, s.created_at);
    const r = day(d);
    if (s.status !== "completed") {
      r.voided_count = Number(r.voided_count) + 1;
      r.voided_total = Number(r.voided_total) + Number(s.total);
      continue;
    }
    const lines = bySale.get(s.id) ?? [];
    let cost = 0;
    let items = 0;
    for (const l of lines) {
      const c = l.quantity * costs.get(`${s.id}:${l.product_id}`)!;
      cost += c;
      items += l.quantity;
      part(d, "product", l.product_id, l.name, s.id, Number(l.total_price), c, l.quantity);
      const category = products.find((p) => p.id === l.product_id)!.categoryId ?? "none";
      const label = category === "none" ? "" : category === categories[0] ? "Drinks" : "Food";
      part(d, "category", category, label, s.id, Number(l.total_price), c, l.quantity);
    }
    r.sales_count = Number(r.sales_count) + 1;
    r.sales_total = Number(r.sales_total) + Number(s.total);
    r.cost_total = Number(r.cost_total) + cost;
    r.items = Number(r.items) + items;
    const total = Number(s.total);
    part(d, "hour", hourIn.format(s.created_at), "", null, total, cost, items);
    part(d, "channel", s.channel, s.channel, null, total, cost, items);
    part(d, "employee", s.served_by_id ?? s.served_by, s.served_by, null, total, cost, items);
    for (const p of s.payments) part(d, "payment", p.method, p.method, s.id, Number(p.amount), 0, 0);
  }
  for (const p of paid) {
    const d = todayIn(TZ, p.paid_at);
    day(d).credit_collected = Number(day(d).credit_collected) + Number(p.amount);
    part(d, "collected", p.method, p.method, null, Number(p.amount), 0, 0);
  }
  const sortRows = (rows: Row[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const partRows = [...parts.values()].map(({ sales: _, ...r }) => r);
  // The month parts: the day parts summed by calendar month.
  const months = new Map<string, Row>();
  for (const r of partRows) {
    const month = `${String(r.day).slice(0, 7)}-01`;
    const k = `${month}|${r.dim}|${r.key}`;
    const m =
      months.get(k) ??
      months
        .set(k, { month, dim: r.dim!, key: r.key!, label: r.label!, count: 0, amount: 0, cost: 0, quantity: 0 })
        .get(k)!;
    for (const f of ["count", "amount", "cost", "quantity"]) m[f] = Number(m[f]) + Number(r[f]);
  }
  return {
    days: sortRows([...days.values()]),
    parts: sortRows(partRows),
    months: sortRows([...months.values()]),
  };
}

async function rollups(): Promise<{ days: Row[]; parts: Row[]; months: Row[] }> {
  // The rebuild jobs (queued at each commit) bring the rollups up to date; the read says when.
  await reportsSettled(t.app, owner.token, owner.businessId);
  const res = await api(t.app, owner.token).get(
    `/api/reports/summary?businessId=${owner.businessId}&from=2026-01-01&to=2027-12-31`,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().updating).toBeNull();
  const num = (rows: Row[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, /^-?\d+$/.test(String(v)) && k !== "key" ? Number(v) : v]),
      ),
    );
  const days = await t.database.pool.query(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, sales_count, sales_total, cost_total, items, voided_count, voided_total, credit_collected FROM report_days WHERE business_id = $1",
    [owner.businessId],
  );
  const parts = await t.database.pool.query(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, dim, key, label, count, amount, cost, quantity FROM report_day_parts WHERE business_id = $1",
    [owner.businessId],
  );
  const months = await t.database.pool.query(
    "SELECT to_char(month, 'YYYY-MM-DD') AS month, dim, key, label, count, amount, cost, quantity FROM report_month_parts WHERE business_id = $1",
    [owner.businessId],
  );
  const sortRows = (rows: Row[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { days: sortRows(num(days.rows)), parts: sortRows(num(parts.rows)), months: sortRows(num(months.rows)) };
}

describe("report rollups", () => {
  it(`equal a recomputation from the raw tables after ${OPERATIONS} random sales, voids, restores, edits and payments`, async () => {
    const done: Record<string, number> = {};
    for (let i = 1; i <= OPERATIONS; i++) {
      const op = await operate();
      done[op] = (done[op] ?? 0) + 1;
      // Compared now and then along the way: each rebuild redoes only the days changed since the last.
      if (i % 125 === 0) expect(await rollups()).toEqual(await recompute());
    }
    expect(await rollups()).toEqual(await recompute());
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM report_dirty_days WHERE business_id = $1",
      [owner.businessId],
    );
    expect(rows[0].n).toBe(0);
    for (const kind of ["sale", "void", "restore", "edit", "creditPayment", "cost", "move"])
      expect(done[kind]).toBeGreaterThan(10);
    expect(Object.values(done).reduce((a, b) => a + b, 0) - (done.none ?? 0)).toBeGreaterThanOrEqual(OPERATIONS * 0.95);
  }, 600_000);
});
