import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDIT_OVERPAY_MESSAGE } from "@app/shared/sales/credit";
import type { Debt, Sale } from "@app/shared/sales/sale";
import {
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { api, newProduct, sold, soldOnCredit } from "../factories/sales.ts";

/** Credit payments (PUT /api/sales/salecredit/{id}, /api/orders/salecredit/{id}) and debts (GET /api/sales/debts). */
let t: TestApp;
let owner: Owner;
let product: { _id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  product = await newProduct(t.app, owner, owner.businessId, {
    sellingprice: 1000,
    wholesalePrice: 800,
    quantity: 10_000,
  });
});
afterAll(() => t.close());

const pay = (id: string, body: object, token = owner.token, base = "/api/sales", headers?: Record<string, string>) =>
  api(t.app, token).put(`${base}/salecredit/${id}`, body, headers);
const DAY = 86_400_000;
/** Midnight (UTC) 40 days ago: the day the tests' credit sales are dated back to, whatever day they run. */
const SALE_DAY = Math.floor((Date.now() - 40 * DAY) / DAY) * DAY;
/** A moment `days` days after SALE_DAY, at `hour`:`minute` UTC, in the past on any day the tests run. */
const on = (days: number, hour = 0, minute = 0) =>
  new Date(SALE_DAY + days * DAY + (hour * 60 + minute) * 60_000).toISOString();

/** The same moment written with Nairobi's offset (+03:00), as a browser there may send it. */
const inNairobi = (iso: string) => new Date(Date.parse(iso) + 3 * 3600_000).toISOString().replace("Z", "+03:00");

/** Dates a sale back, as if made then: a payment may not be dated before its sale. */
const madeOn = async (sale: Sale, at = on(0)) => {
  await t.database.pool.query("UPDATE sales SET created_at = $2 WHERE id = $1", [sale._id, at]);
  return sale;
};
const onCredit = (units: number, over: Parameters<typeof soldOnCredit>[4] = {}) =>
  soldOnCredit(
    t.app,
    owner,
    owner.businessId,
    { productId: product._id, quantity: units, total: units * (over.base === "/api/orders" ? 800 : 1000) },
    over,
  );

describe("PUT /api/sales/salecredit/{id}", () => {
  it("moves Pending -> Partial -> Cleared by the balance; clearedBy is who took the last payment", async () => {
    const sale = await madeOn(await onCredit(10));
    expect(sale).toMatchObject({
      creditStatus: "Pending",
      creditPaymentMethod: "Not Paid",
      balance: 10000,
      amountPaid: 0,
      clearedBy: null,
    });
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const first = await pay(
      sale._id,
      { amountPaid: 3000, paymentMethod: "M-Pesa", paymentDate: on(28, 9) },
      cashier.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      creditStatus: "Partial",
      creditPaymentMethod: "M-Pesa",
      balance: 7000,
      amountPaid: 3000,
      amount: 10000,
      clearedBy: null,
    });
    expect(first.json().paymentTransactions).toEqual([
      {
        _id: expect.any(String),
        paymentDate: on(28, 9),
        amountPaid: 3000,
        paymentMethod: "M-Pesa",
        recordedBy: cashier.username,
      },
    ]);
    const second = await pay(sale._id, {
      amountPaid: 7000,
      paymentMethod: "Bank Transfer",
      paymentDate: inNairobi(on(32, 6)),
    });
    expect(second.json()).toMatchObject({
      creditStatus: "Cleared",
      creditPaymentMethod: "Bank Transfer",
      balance: 0,
      amountPaid: 10000,
      clearedBy: owner.username,
    });
    const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
    expect(read).toEqual(second.json());
  });

  it("lists payment transactions newest first, by payment date", async () => {
    const sale = await madeOn(await onCredit(10));
    const dates = [on(29, 8), on(31, 8), on(28, 8), on(30, 8)];
    for (const [i, paymentDate] of dates.entries())
      expect((await pay(sale._id, { amountPaid: 1000 + i, paymentMethod: "Cash", paymentDate })).statusCode).toBe(200);
    const read = (await api(t.app, owner.token).get(`/api/sales/${sale._id}`)).json() as Sale;
    expect(read.paymentTransactions.map((p) => p.paymentDate)).toEqual([...dates].sort().reverse());
    expect(read.amountPaid).toBe(read.amount - read.balance);
    expect(read.amountPaid).toBe(1000 + 1001 + 1002 + 1003);
  });

  it("without a payment date the payment is dated when it is recorded", async () => {
    const sale = await onCredit(2);
    const from = Date.now();
    const res = await pay(sale._id, { amountPaid: 500, paymentMethod: "Cash" });
    const to = Date.now();
    const when = Date.parse(res.json().paymentTransactions[0].paymentDate);
    expect(when).toBeGreaterThanOrEqual(from - 1000);
    expect(when).toBeLessThanOrEqual(to + 1000);
  });

  it("a payment above the balance is 422 with the spec's message, and nothing changes", async () => {
    const sale = await onCredit(5, { down: 1000 });
    expect(sale).toMatchObject({ creditStatus: "Partial", balance: 4000, amountPaid: 1000 });
    await pay(sale._id, { amountPaid: 1500, paymentMethod: "Cash" });
    const before = await databaseFingerprint(t.database);
    const res = await pay(sale._id, { amountPaid: 2501, paymentMethod: "Cash" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(CREDIT_OVERPAY_MESSAGE);
    expect(res.json().error.message).toBe("Payment amount cannot exceed the current balance.");
    expect(res.json().error.fields).toEqual({ amountPaid: CREDIT_OVERPAY_MESSAGE });
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // Exactly the balance clears it; then any further payment is above the balance.
    expect((await pay(sale._id, { amountPaid: 2500, paymentMethod: "Cash" })).json().creditStatus).toBe("Cleared");
    const after = await pay(sale._id, { amountPaid: 1, paymentMethod: "Cash" });
    expect(after.statusCode).toBe(422);
    expect(after.json().error.message).toBe(CREDIT_OVERPAY_MESSAGE);
  });

  it("an amount not above 0 or not a whole number of cents, a method other than Cash, M-Pesa or Bank Transfer, a bad date: 400, nothing written", async () => {
    const sale = await onCredit(3);
    const before = await databaseFingerprint(t.database);
    const bad = [
      { amountPaid: 0, paymentMethod: "Cash" },
      { amountPaid: -100, paymentMethod: "Cash" },
      { amountPaid: 10.5, paymentMethod: "Cash" },
      { amountPaid: "100", paymentMethod: "Cash" },
      { paymentMethod: "Cash" },
      { amountPaid: 100, paymentMethod: "Credit" },
      { amountPaid: 100, paymentMethod: "Cheque" },
      { amountPaid: 100, paymentMethod: "" },
      { amountPaid: 100 },
      { amountPaid: 100, paymentMethod: "Cash", paymentDate: "01/03/2026" },
    ];
    for (const body of bad) {
      const res = await pay(sale._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("a sale not on credit, or a voided credit sale: 409, nothing written", async () => {
    const paid = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 1000);
    const voided = await onCredit(1);
    await api(t.app, owner.token).del(`/api/sales/${voided._id}`);
    const before = await databaseFingerprint(t.database);
    const notCredit = await pay(paid._id, { amountPaid: 100, paymentMethod: "Cash" });
    expect(notCredit.statusCode).toBe(409);
    expect(notCredit.json().error.message).toContain("not a credit sale");
    expect((await pay(voided._id, { amountPaid: 100, paymentMethod: "Cash" })).statusCode).toBe(409);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("with an Idempotency-Key a retry records the payment once", async () => {
    const sale = await madeOn(await onCredit(4));
    const key = { "idempotency-key": `pay-${sale._id}` };
    const body = { amountPaid: 1000, paymentMethod: "Cash", paymentDate: on(28, 10) };
    const first = await pay(sale._id, body, owner.token, "/api/sales", key);
    const retry = await pay(sale._id, body, owner.token, "/api/sales", key);
    expect(retry.json()).toEqual(first.json());
    expect(retry.json()).toMatchObject({ balance: 3000, paymentTransactions: [expect.anything()] });
    expect((await pay(sale._id, { ...body, amountPaid: 2000 }, owner.token, "/api/sales", key)).statusCode).toBe(422);
  });
});

describe("the date of a credit payment (issue 18, item 6)", () => {
  it("a payment dated in the future (2099) or before the sale (1990) is refused with 400 naming paymentDate; nothing written", async () => {
    for (const base of ["/api/sales", "/api/orders"] as const) {
      const sale = await madeOn(await onCredit(5, { base }), on(0, 10));
      const before = await databaseFingerprint(t.database);
      for (const [paymentDate, message] of [
        ["2099-01-01T00:00:00.000Z", "The payment date is in the future"],
        [new Date(Date.now() + 10 * 60_000).toISOString(), "The payment date is in the future"],
        ["1990-01-01T00:00:00.000Z", "The payment date is before the sale"],
        [on(0, 9), "The payment date is before the sale"],
      ] as const) {
        const res = await pay(sale._id, { amountPaid: 100, paymentMethod: "Cash", paymentDate }, owner.token, base);
        expect(res.statusCode, `${base} ${paymentDate}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields: { paymentDate: message } });
      }
      expect(await databaseFingerprint(t.database)).toEqual(before);
    }
  });

  it("the day of the sale, now, and a till clock a minute fast are accepted", async () => {
    const sale = await madeOn(await onCredit(5), on(0, 10));
    for (const paymentDate of [
      on(0, 10),
      on(0, 9, 58),
      new Date().toISOString(),
      new Date(Date.now() + 60_000).toISOString(),
    ])
      expect(
        (await pay(sale._id, { amountPaid: 100, paymentMethod: "Cash", paymentDate })).statusCode,
        paymentDate,
      ).toBe(200);
  });
});

describe("PUT /api/orders/salecredit/{id}", () => {
  it("credit wholesale orders follow the same rules", async () => {
    const order = await onCredit(10, { base: "/api/orders" });
    expect(order).toMatchObject({
      channel: "wholesale",
      amount: 8000,
      balance: 8000,
      creditStatus: "Pending",
      creditPaymentMethod: "Not Paid",
    });
    expect(
      (await pay(order._id, { amountPaid: 8001, paymentMethod: "Cash" }, owner.token, "/api/orders")).json().error
        .message,
    ).toBe(CREDIT_OVERPAY_MESSAGE);
    const partial = await pay(order._id, { amountPaid: 3000, paymentMethod: "M-Pesa" }, owner.token, "/api/orders");
    expect(partial.json()).toMatchObject({ creditStatus: "Partial", balance: 5000, amountPaid: 3000 });
    const cleared = await pay(order._id, { amountPaid: 5000, paymentMethod: "Cash" }, owner.token, "/api/orders");
    expect(cleared.json()).toMatchObject({ creditStatus: "Cleared", balance: 0, clearedBy: owner.username });
    // An order is not a sale.
    expect((await pay(order._id, { amountPaid: 1, paymentMethod: "Cash" })).statusCode).toBe(404);
  });
});

describe("GET /api/sales/debts", () => {
  it("groups open credit by customer, oldest debt first, with totals; wholesale only for those who see Wholesale", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, {
      sellingprice: 1000,
      wholesalePrice: 800,
      quantity: 1000,
    });
    const credit = (
      units: number,
      customerName: string,
      customerPhone: string,
      over: { down?: number; base?: "/api/sales" | "/api/orders" } = {},
    ) =>
      soldOnCredit(
        t.app,
        shop,
        shop.businessId,
        { productId: p._id, quantity: units, total: units * (over.base === "/api/orders" ? 800 : 1000) },
        { customerName, customerPhone, ...over },
      );
    const setCreatedAt = (id: string, at: string) =>
      t.database.pool.query("UPDATE sales SET created_at = $2 WHERE id = $1", [id, at]);
    const a1 = await credit(10, "Akinyi", "0711000001");
    const a2 = await credit(5, "Akinyi", "0711000001", { down: 1000 });
    await pay(a2._id, { amountPaid: 500, paymentMethod: "Cash" }, shop.token);
    const b = await credit(10, "Baraka", "0711000002", { base: "/api/orders" });
    const cleared = await credit(2, "Chebet", "0711000003");
    await pay(cleared._id, { amountPaid: 2000, paymentMethod: "Cash" }, shop.token);
    const voided = await credit(2, "Dalmas", "0711000004");
    await api(t.app, shop.token).del(`/api/sales/${voided._id}`);
    await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 1000);
    await setCreatedAt(a1._id, "2026-01-05T08:00:00.000Z");
    await setCreatedAt(a2._id, "2026-01-03T08:00:00.000Z");
    await setCreatedAt(b._id, "2026-01-04T08:00:00.000Z");

    const res = await api(t.app, shop.token).get(`/api/sales/debts?businessId=${shop.businessId}`);
    expect(res.statusCode, res.body).toBe(200);
    const akinyi: Debt = {
      customerName: "Akinyi",
      customerPhone: "0711000001",
      sales: 2,
      amount: 15000,
      amountPaid: 1500,
      balance: 13500,
      oldestAt: "2026-01-03T08:00:00.000Z",
    };
    const baraka: Debt = {
      customerName: "Baraka",
      customerPhone: "0711000002",
      sales: 1,
      amount: 8000,
      amountPaid: 0,
      balance: 8000,
      oldestAt: "2026-01-04T08:00:00.000Z",
    };
    expect(res.json()).toEqual([akinyi, baraka]);

    const manager = await registerEmployee(t.app, shop, shop.businessId, { occupation: "Manager" });
    const cashier = await registerEmployee(t.app, shop, shop.businessId, { occupation: "Cashier" });
    for (const staff of [manager, cashier])
      expect((await api(t.app, staff.token).get(`/api/sales/debts?businessId=${shop.businessId}`)).json()).toEqual([
        akinyi,
      ]);
    const handler = await registerEmployee(t.app, shop, shop.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await api(t.app, handler.token).get(`/api/sales/debts?businessId=${shop.businessId}`)).statusCode).toBe(
      403,
    );
    expect((await api(t.app, owner.token).get(`/api/sales/debts?businessId=${shop.businessId}`)).statusCode).toBe(403);
    expect((await api(t.app).get(`/api/sales/debts?businessId=${shop.businessId}`)).statusCode).toBe(401);
    expect((await api(t.app, shop.token).get("/api/sales/debts")).statusCode).toBe(400);
  });
});

describe("GET /api/sales/credit/summary and /api/sales/credit/open", () => {
  /** Copies a sale `n` times under the next sale numbers (its lines stay with the original): a business with a long credit history, quickly. */
  async function cloneSale(businessId: string, id: string, n: number) {
    await t.database.pool.query(
      `INSERT INTO sales SELECT (jsonb_populate_record(s, jsonb_build_object('id', gen_random_uuid(), 'sale_number', c.value + g))).*
       FROM sales s JOIN business_counters c ON c.business_id = s.business_id AND c.name = 'sale', generate_series(1, $2::int) g WHERE s.id = $1`,
      [id, n],
    );
    await t.database.pool.query(
      "UPDATE business_counters SET value = value + $2 WHERE business_id = $1 AND name = 'sale'",
      [businessId, n],
    );
  }

  it("counts every credit sale on the server, past 1,000 of them, and pages what is still owed oldest first without leaving any out", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, {
      sellingprice: 1000,
      wholesalePrice: 800,
      quantity: 1000,
    });
    const credit = (units: number, over: { down?: number; base?: "/api/sales" | "/api/orders" } = {}) =>
      soldOnCredit(
        t.app,
        shop,
        shop.businessId,
        { productId: p._id, quantity: units, total: units * (over.base === "/api/orders" ? 800 : 1000) },
        over,
      );
    const as = api(t.app, shop.token);
    const oldest = await credit(1);
    await cloneSale(shop.businessId, oldest._id, 1004); // 1,005 open sales of KES 10
    const partial = await credit(5, { down: 1000 });
    expect((await pay(partial._id, { amountPaid: 500, paymentMethod: "Cash" }, shop.token)).json()).toMatchObject({
      balance: 3500,
      amountPaid: 1500,
    });
    const cleared = await credit(2);
    await pay(cleared._id, { amountPaid: 2000, paymentMethod: "Cash" }, shop.token);
    const voided = await credit(2);
    expect((await as.del(`/api/sales/${voided._id}`)).statusCode).toBe(200);
    const order = await credit(10, { base: "/api/orders" });
    await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 1000);

    const summary = async (query = "", token = shop.token) => {
      const res = await api(t.app, token).get(`/api/sales/credit/summary?businessId=${shop.businessId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const retail = {
      sales: 1007,
      open: 1006,
      amount: 1005 * 1000 + 5000,
      amountPaid: 1500,
      balance: 1005 * 1000 + 3500,
    };
    const wholesale = { sales: 1, open: 1, amount: 8000, amountPaid: 0, balance: 8000 };
    expect(await summary("&channel=retail")).toEqual(retail);
    expect(await summary("&channel=wholesale")).toEqual(wholesale);
    expect(await summary()).toEqual({
      sales: 1008,
      open: 1007,
      amount: retail.amount + 8000,
      amountPaid: 1500,
      balance: retail.balance + 8000,
    });

    // The open list, a page at a time: every open sale and order once, oldest (lowest number) first.
    const seen: Sale[] = [];
    let cursor = "";
    for (let page = 0; page < 5; page++) {
      const res = await as.get(`/api/sales/credit/open?businessId=${shop.businessId}&limit=1000${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Sale[];
      if (!rows.length) break;
      seen.push(...rows);
      cursor = `&afterNumber=${rows.at(-1)!.saleNumber}`;
    }
    expect(seen).toHaveLength(1007);
    expect(new Set(seen.map((s) => s._id)).size).toBe(1007);
    expect(seen.map((s) => s.saleNumber)).toEqual([...seen.map((s) => s.saleNumber)].sort((a, b) => a - b));
    expect(seen[0]!._id).toBe(oldest._id);
    expect(seen.slice(-2).map((s) => s._id)).toEqual([partial._id, order._id]);
    expect(seen.every((s) => s.balance > 0 && s.status === "completed")).toBe(true);
    expect(seen.reduce((n, s) => n + s.balance, 0)).toBe(retail.balance + 8000);
    const orders = await as.get(`/api/sales/credit/open?businessId=${shop.businessId}&channel=wholesale`);
    expect(orders.json().map((s: Sale) => s._id)).toEqual([order._id]);
    // The credit list itself reaches the oldest open sale with `open` and `beforeNumber`.
    const first = (
      await as.get(`/api/sales?businessId=${shop.businessId}&credit=true&open=true&limit=1000`)
    ).json() as Sale[];
    const rest = (
      await as.get(
        `/api/sales?businessId=${shop.businessId}&credit=true&open=true&limit=1000&beforeNumber=${first.at(-1)!.saleNumber}`,
      )
    ).json() as Sale[];
    expect(first.length + rest.length).toBe(1006);
    expect(rest.at(-1)!._id).toBe(oldest._id);
  });

  it("staff who do not see Wholesale get retail only, and 403 when they ask for wholesale; Stock Handlers, other businesses and bad input are refused", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, {
      sellingprice: 1000,
      wholesalePrice: 800,
      quantity: 100,
    });
    const sale = await soldOnCredit(t.app, shop, shop.businessId, { productId: p._id, quantity: 2, total: 2000 });
    await soldOnCredit(
      t.app,
      shop,
      shop.businessId,
      { productId: p._id, quantity: 1, total: 800 },
      { base: "/api/orders" },
    );
    const q = `businessId=${shop.businessId}`;
    for (const occupation of ["Manager", "Cashier"]) {
      const staff = api(t.app, (await registerEmployee(t.app, shop, shop.businessId, { occupation })).token);
      expect((await staff.get(`/api/sales/credit/summary?${q}`)).json()).toEqual({
        sales: 1,
        open: 1,
        amount: 2000,
        amountPaid: 0,
        balance: 2000,
      });
      expect((await staff.get(`/api/sales/credit/open?${q}`)).json().map((s: Sale) => s._id)).toEqual([sale._id]);
      expect((await staff.get(`/api/sales/credit/summary?${q}&channel=wholesale`)).statusCode).toBe(403);
      expect((await staff.get(`/api/sales/credit/open?${q}&channel=wholesale`)).statusCode).toBe(403);
    }
    const handler = await registerEmployee(t.app, shop, shop.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    for (const path of ["/api/sales/credit/summary", "/api/sales/credit/open"]) {
      expect((await api(t.app, handler.token).get(`${path}?${q}`)).statusCode).toBe(403);
      expect((await api(t.app, owner.token).get(`${path}?${q}`)).statusCode).toBe(403);
      expect((await api(t.app).get(`${path}?${q}`)).statusCode).toBe(401);
      expect((await api(t.app, shop.token).get(path)).statusCode).toBe(400);
      expect((await api(t.app, shop.token).get(`${path}?${q}&channel=credit`)).statusCode).toBe(400);
    }
    for (const bad of ["&limit=0", "&limit=1001", "&afterNumber=-1", "&afterNumber=x"]) {
      expect((await api(t.app, shop.token).get(`/api/sales/credit/open?${q}${bad}`)).statusCode, bad).toBe(400);
    }
  });
});
