import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { addDays, type Dashboard, type Summary } from "@app/shared/reports/reports";
import {
  addBusiness,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { newExpense } from "../factories/money.ts";
import { newBooking, newRoom, newRoomType } from "../factories/rooms.ts";
import { reportsSettled } from "../factories/reports.ts";
import { SWEEP_JOB } from "../../src/modules/reports/reports.public.ts";
import { api, newProduct, sold, soldOnCredit } from "../factories/sales.ts";

/** GET /api/reports/dashboard, /summary, /summary/csv and /summary/pdf: the owner's, from the rollups. */
let t: TestApp;
let owner: Owner;
let other: Owner;
const today = todayIn("Africa/Nairobi");
beforeAll(async () => {
  t = await createTestApp({}, { jobs: true });
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
});
afterAll(() => t.close());

/** The summary once the rebuild jobs have brought the rollups up to date. */
const summaryOf = async (who: Owner, from = today, to = today) => {
  await reportsSettled(t.app, who.token, who.businessId);
  return api(t.app, who.token).get(`/api/reports/summary?businessId=${who.businessId}&from=${from}&to=${to}`);
};

describe("reports", () => {
  it("a new business reads zeros", async () => {
    const res = await summaryOf(other);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Summary).totals).toMatchObject({
      sales: 0,
      salesCount: 0,
      cost: 0,
      marginBp: null,
      netProfit: 0,
    });
  });

  it("sales, a void, a credit payment, an expense and a sale yesterday give the figures, beside the day before", async () => {
    // Sold at 100.00 each (cost 60.00), wholesale 80.00.
    const p = await newProduct(t.app, owner, owner.businessId, { quantity: 100 });
    await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 3 }], 30_000);
    const credit = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: p._id, quantity: 2, total: 20_000 },
      { down: 5_000 },
    );
    const voided = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10_000);
    expect((await api(t.app, owner.token).del(`/api/sales/${voided._id}?reason=oops`)).statusCode).toBe(200);
    const paid = await api(t.app, owner.token).put(`/api/sales/salecredit/${credit._id}`, {
      amountPaid: 4_000,
      paymentMethod: "M-Pesa",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await newExpense(t.app, owner, owner.businessId, { amount: 7_000 });
    const yesterday = await sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 10_000);
    await t.database.pool.query("UPDATE sales SET created_at = created_at - interval '1 day' WHERE id = $1", [
      yesterday._id,
    ]);

    const res = await summaryOf(owner);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Summary;
    expect(s.totals).toEqual({
      sales: 50_000,
      salesCount: 2,
      cost: 30_000,
      grossProfit: 20_000,
      marginBp: 4_000,
      expenses: 7_000,
      netProfit: 13_000,
      voidedCount: 1,
      voidedTotal: 10_000,
      creditCollected: 4_000,
    });
    expect(s.previous).toEqual({ from: addDays(today, -1), to: addDays(today, -1) });
    expect(s.previousTotals).toMatchObject({ sales: 10_000, salesCount: 1, cost: 6_000, expenses: 0 });
    expect(s.byPayment.map((x) => [x.key, x.amount])).toEqual([
      ["Cash", 35_000],
      ["Credit", 15_000],
    ]);
    expect(s.byChannel.map((x) => [x.key, x.count, x.amount, x.cost])).toEqual([["retail", 2, 50_000, 30_000]]);
    expect(s.topProducts).toMatchObject([{ key: p._id, quantity: 5, amount: 50_000, cost: 30_000 }]);

    const dash = await api(t.app, owner.token).get(`/api/reports/dashboard?businessId=${owner.businessId}`);
    expect(dash.statusCode, dash.body).toBe(200);
    const d = dash.json() as Dashboard;
    expect(d.today).toEqual({ day: today, sales: 50_000, count: 2, average: 25_000, grossProfit: 20_000 });
    expect(d.yesterday).toMatchObject({ sales: 10_000, count: 1, grossProfit: 4_000 });
    expect(d.credit).toEqual({ outstanding: 11_000, collectedToday: 4_000 });
    expect(d.clinicVisits).toBeNull();

    const csv = await api(t.app, owner.token).get(
      `/api/reports/summary/csv?businessId=${owner.businessId}&from=${today}&to=${today}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.body).toContain("Sales,500.00,100.00");
    expect(csv.body).toContain("Net profit,130.00,40.00");
    expect(csv.body).toContain("Retail,2,500.00,300.00");
    expect(csv.body).toContain("No category,2,500.00,300.00");
    const pdf = await api(t.app, owner.token).get(
      `/api/reports/summary/pdf?businessId=${owner.businessId}&from=${today}&to=${today}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("a hotel's dashboard shows tonight's rooms taken; other businesses have none", async () => {
    const hotel = await addBusiness(t.app, owner, "hotel");
    const who = { token: owner.token, businessId: hotel.businessId };
    const type = await newRoomType(t.app, who);
    const rooms = [
      await newRoom(t.app, who, type._id),
      await newRoom(t.app, who, type._id),
      await newRoom(t.app, who, type._id),
    ];
    await newBooking(t.app, who, rooms[0]._id);
    const res = await api(t.app, owner.token).get(`/api/reports/dashboard?businessId=${hotel.businessId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Dashboard).occupancy).toEqual({ rooms: 3, occupied: 1 });
    const shop = await api(t.app, owner.token).get(`/api/reports/dashboard?businessId=${owner.businessId}`);
    expect((shop.json() as Dashboard).occupancy).toBeNull();
  });

  it("is the owner's: staff get 403, another owner 403 (a business not theirs), bad periods 400", async () => {
    const staff = await registerEmployee(t.app, owner, owner.businessId);
    expect(
      (await api(t.app, staff.token).get(`/api/reports/dashboard?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await api(t.app, staff.token).get(
          `/api/reports/summary?businessId=${owner.businessId}&from=${today}&to=${today}`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await api(t.app, other.token).get(`/api/reports/dashboard?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
    expect((await summaryOf(owner, today, addDays(today, -1))).statusCode).toBe(400);
    expect((await summaryOf(owner, addDays(today, -800), today)).statusCode).toBe(400);
    expect((await summaryOf(owner, "2026-02-30", today)).statusCode).toBe(400);
  });

  it("while days wait for their rebuild both reports say 'updating' with the days done of all; a read rebuilds nothing; the warm-up catches up", async () => {
    const shop = await registerBusiness(t.app);
    const id = shop.businessId;
    // As after an upgrade (migration 0023 marked every day with sales, with no notification):
    // 40 days over two months, 10 more already rebuilt by a run that stopped.
    await t.database.pool.query(
      `INSERT INTO report_dirty_days (business_id, day)
       SELECT $1, d::date FROM generate_series('2025-01-10'::date, '2025-02-18'::date, interval '1 day') d`,
      [id],
    );
    await t.database.pool.query("INSERT INTO report_rebuilds (business_id, done, updated_at) VALUES ($1, 10, $2)", [
      id,
      new Date(),
    ]);
    // Holding the business's rebuild lock: no job (the sweep's schedule) can move meanwhile.
    const holder = await t.database.pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [`reports:${id}`]);
      const dash = await api(t.app, shop.token).get(`/api/reports/dashboard?businessId=${id}`);
      expect(dash.statusCode, dash.body).toBe(200);
      expect((dash.json() as Dashboard).updating).toEqual({ done: 10, total: 50 });
      const sum = await api(t.app, shop.token).get(
        `/api/reports/summary?businessId=${id}&from=2025-01-01&to=2025-02-28`,
      );
      expect((sum.json() as Summary).updating).toEqual({ done: 10, total: 50 });
      const { rows } = await t.database.pool.query(
        "SELECT count(*)::int AS n FROM report_dirty_days WHERE business_id = $1",
        [id],
      );
      expect(rows[0].n).toBe(40);
    } finally {
      await holder.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [`reports:${id}`]);
      holder.release();
    }
    await t.app.jobs!.send(SWEEP_JOB); // the catch-up every 10 minutes (the watch would too)
    await reportsSettled(t.app, shop.token, id);
    const left = await t.database.pool.query(
      `SELECT (SELECT count(*)::int FROM report_dirty_days WHERE business_id = $1) AS dirty,
              (SELECT count(*)::int FROM report_rebuilds WHERE business_id = $1) AS progress`,
      [id],
    );
    expect(left.rows[0]).toEqual({ dirty: 0, progress: 0 });
  });
});
