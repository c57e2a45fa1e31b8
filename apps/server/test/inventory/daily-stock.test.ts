import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDayRange, todayIn, type DailyStockLog } from "@app/shared/inventory/daily-stock";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  adjustStock,
  expectRefused,
  expectStatus,
  inventoryStaff,
  ledgerProblems,
  newProduct,
  recordSale,
} from "../factories/inventory.ts";

/**
 * GET /api/products/dailystock/log: opening and closing stock per product for a business day
 * (Africa/Nairobi, UTC+3), read from the ledger. Movements are made through the API, then
 * moved to chosen times in SQL (only created_at changes, so the ledger still adds up). The
 * server reads the instants it is given; the web app makes them from the business's time zone.
 */
let t: TestApp;
let owner: Owner;
const TZ = "Africa/Nairobi";
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(async () => {
  expect(await ledgerProblems(t.database)).toEqual([]);
  await t.close();
});

/** Puts a product's creation and its movements (oldest first) at the given times. */
async function backdate(productId: string, createdAt: string, movementTimes: string[]) {
  await t.database.pool.query("UPDATE products SET created_at = $2 WHERE id = $1", [productId, createdAt]);
  const { rows } = await t.database.pool.query<{ id: string }>(
    "SELECT id FROM stock_movements WHERE product_id = $1 ORDER BY seq",
    [productId],
  );
  expect(rows).toHaveLength(movementTimes.length);
  for (const [i, row] of rows.entries())
    await t.database.pool.query("UPDATE stock_movements SET created_at = $2 WHERE id = $1", [row.id, movementTimes[i]]);
}

async function logs(range: { startDate: string; endDate: string }, who: Owner = owner): Promise<DailyStockLog[]> {
  const query = new URLSearchParams({ ...range, businessId: who.businessId });
  return expectStatus(await client(t.app, who.token).get(`/api/products/dailystock/log?${query}`), 200).json();
}
const day = (d: string) => logs(businessDayRange(d, TZ));
/** name -> [opening, closing] */
const table = (list: DailyStockLog[]) =>
  Object.fromEntries(list.map((l) => [l.product.name, [l.openingStock, l.closingStock]]));

describe("daily stock logs for past days", () => {
  let maize: string;
  beforeAll(async () => {
    // Maize flour: 10 on Mar 8, +5 on Mar 9, -3 on Mar 10, +7 at 22:30 UTC on Mar 10 (01:30 on Mar 11 in Nairobi), -4 on Mar 11.
    const product = await newProduct(t, owner, { name: "Maize flour", quantity: 10 });
    maize = product._id;
    for (const delta of [5, -3, 7, -4]) expectStatus(await adjustStock(t, owner, maize, { delta }), 200);
    await backdate(maize, "2025-03-08T06:00:00Z", [
      "2025-03-08T06:00:00Z",
      "2025-03-09T07:00:00Z",
      "2025-03-10T10:00:00Z",
      "2025-03-10T22:30:00Z",
      "2025-03-11T12:00:00Z",
    ]);
    // Beans: created on Mar 9, untouched since.
    const beans = await newProduct(t, owner, { name: "Beans", quantity: 6 });
    await backdate(beans._id, "2025-03-09T12:00:00Z", ["2025-03-09T12:00:00Z"]);
    // Old stock: sold on Mar 8, then deleted (archived) on Mar 9 at 13:00 Nairobi.
    const old = await newProduct(t, owner, { name: "Old stock", quantity: 5 });
    await recordSale(t, owner.businessId, old._id, 2);
    expect(expectStatus(await client(t.app, owner.token).del(`/api/products/${old._id}`), 200).json()).toEqual({
      archived: true,
    });
    await backdate(old._id, "2025-03-08T05:00:00Z", ["2025-03-08T05:00:00Z", "2025-03-08T08:00:00Z"]);
    await t.database.pool.query("UPDATE products SET archived_at = '2025-03-09T10:00:00Z' WHERE id = $1", [old._id]);
    // Deleted outright: never in any log.
    const gone = await newProduct(t, owner, { name: "Deleted", quantity: 1 });
    await backdate(gone._id, "2025-03-08T05:00:00Z", ["2025-03-08T05:00:00Z"]);
    expectStatus(await client(t.app, owner.token).del(`/api/products/${gone._id}`), 200);
  });

  it("a Nairobi business day runs from 21:00 UTC the evening before", () => {
    expect(businessDayRange("2025-03-10", TZ)).toEqual({
      startDate: "2025-03-09T21:00:00.000Z",
      endDate: "2025-03-10T20:59:59.999Z",
    });
  });

  it("returns the spec section 3 shape, one entry per product, sorted by name", async () => {
    const list = await day("2025-03-10");
    expect(list).toEqual([
      {
        _id: expect.any(String),
        product: { name: "Beans", image: null, quantity: 6 },
        openingStock: 6,
        closingStock: 6,
      },
      { _id: maize, product: { name: "Maize flour", image: null, quantity: 15 }, openingStock: 15, closingStock: 12 },
    ]);
  });

  it("is exact for each past day, with the 22:30 UTC movement in the next Nairobi day", async () => {
    expect(table(await day("2025-03-07"))).toEqual({});
    expect(table(await day("2025-03-08"))).toEqual({ "Maize flour": [0, 10], "Old stock": [0, 3] });
    expect(table(await day("2025-03-09"))).toEqual({ Beans: [0, 6], "Maize flour": [10, 15], "Old stock": [3, 3] });
    expect(table(await day("2025-03-10"))).toEqual({ Beans: [6, 6], "Maize flour": [15, 12] });
    expect(table(await day("2025-03-11"))).toEqual({ Beans: [6, 6], "Maize flour": [12, 15] });
    expect(table(await day("2025-03-12"))).toEqual({ Beans: [6, 6], "Maize flour": [15, 15] });
  });

  it("a range of several days opens on its first and closes on its last; offsets other than Z are read as given", async () => {
    const range = {
      startDate: businessDayRange("2025-03-09", TZ).startDate,
      endDate: businessDayRange("2025-03-11", TZ).endDate,
    };
    expect(table(await logs(range))).toEqual({ Beans: [0, 6], "Maize flour": [10, 15], "Old stock": [3, 3] });
    expect(
      table(await logs({ startDate: "2025-03-10T00:00:00+03:00", endDate: "2025-03-10T23:59:59.999+03:00" })),
    ).toEqual({ Beans: [6, 6], "Maize flour": [15, 12] });
  });

  it("only the asking business's products", async () => {
    const other = await registerBusiness(t.app);
    await newProduct(t, other, { name: "Elsewhere", quantity: 3 });
    expect((await day("2025-03-10")).map((l) => l.product.name)).not.toContain("Elsewhere");
    expect((await day(todayIn(TZ))).map((l) => l.product.name)).not.toContain("Elsewhere");
  });
});

describe("yesterday and today", () => {
  it("a product stocked yesterday and topped up today", async () => {
    const shop = await registerBusiness(t.app);
    const product = await newProduct(t, shop, { name: "Milk", quantity: 4 });
    expectStatus(await adjustStock(t, shop, product._id, { delta: 2 }), 200);
    const { rows } = await t.database.pool.query<{ created_at: Date }>(
      "SELECT created_at FROM stock_movements WHERE product_id = $1 ORDER BY seq DESC LIMIT 1",
      [product._id],
    );
    // "Today" is the Nairobi day of the top-up itself, so the test holds at any hour.
    const today = todayIn(TZ, rows[0]!.created_at);
    const yesterday = todayIn(TZ, new Date(Date.parse(businessDayRange(today, TZ).startDate) - 3 * 3600_000));
    const yesterdayMorning = new Date(
      Date.parse(businessDayRange(yesterday, TZ).startDate) + 9 * 3600_000,
    ).toISOString();
    await t.database.pool.query("UPDATE products SET created_at = $2 WHERE id = $1", [product._id, yesterdayMorning]);
    await t.database.pool.query("UPDATE stock_movements SET created_at = $2 WHERE product_id = $1 AND delta = 4", [
      product._id,
      yesterdayMorning,
    ]);
    expect(table(await logs(businessDayRange(yesterday, TZ), shop))).toEqual({ Milk: [0, 4] });
    expect(table(await logs(businessDayRange(today, TZ), shop))).toEqual({ Milk: [4, 6] });
  });
});

describe("a business in another time zone", () => {
  it("gets its own day boundary: a movement at 16:00 UTC is the next day in Tokyo, the same day in Nairobi", async () => {
    const shop = await registerBusiness(t.app);
    const api = client(t.app, shop.token);
    expectStatus(await api.patch(`/api/businesses/${shop.businessId}`, { timeZone: "Asia/Tokyo" }), 200);
    // The zone as the web app reads it, to turn the chosen day into the range it asks for.
    const zone: string = expectStatus(await api.get(`/api/businesses/${shop.businessId}`), 200).json().timeZone;
    expect(zone).toBe("Asia/Tokyo");
    expect(businessDayRange("2025-03-10", zone)).toEqual({
      startDate: "2025-03-09T15:00:00.000Z",
      endDate: "2025-03-10T14:59:59.999Z",
    });

    // Rice: 10 at 12:00 UTC on Mar 9, +5 at 16:00 UTC on Mar 10 (01:00 on Mar 11 in Tokyo, 19:00 on Mar 10 in Nairobi).
    const rice = await newProduct(t, shop, { name: "Rice", quantity: 10 });
    expectStatus(await adjustStock(t, shop, rice._id, { delta: 5 }), 200);
    await backdate(rice._id, "2025-03-09T12:00:00Z", ["2025-03-09T12:00:00Z", "2025-03-10T16:00:00Z"]);

    const inZone = async (d: string, timeZone: string) => table(await logs(businessDayRange(d, timeZone), shop));
    expect(await inZone("2025-03-10", zone)).toEqual({ Rice: [10, 10] });
    expect(await inZone("2025-03-11", zone)).toEqual({ Rice: [10, 15] });
    // The same rows read with Nairobi's day put the top-up on Mar 10.
    expect(await inZone("2025-03-10", TZ)).toEqual({ Rice: [10, 15] });
    expect(await inZone("2025-03-11", TZ)).toEqual({ Rice: [15, 15] });
  });

  it("New York's day follows daylight saving: Mar 9 2025 has 23 hours", async () => {
    const shop = await registerBusiness(t.app);
    const api = client(t.app, shop.token);
    const zone: string = expectStatus(
      await api.patch(`/api/businesses/${shop.businessId}`, { timeZone: "America/New_York" }),
      200,
    ).json().timeZone;
    expect(businessDayRange("2025-03-09", zone)).toEqual({
      startDate: "2025-03-09T05:00:00.000Z",
      endDate: "2025-03-10T03:59:59.999Z",
    });
    // Tea: 4 on Mar 8 (New York), -1 at 03:30 UTC on Mar 10: still 23:30 on Mar 9 in New York.
    const tea = await newProduct(t, shop, { name: "Tea", quantity: 4 });
    expectStatus(await adjustStock(t, shop, tea._id, { delta: -1 }), 200);
    await backdate(tea._id, "2025-03-08T15:00:00Z", ["2025-03-08T15:00:00Z", "2025-03-10T03:30:00Z"]);
    expect(table(await logs(businessDayRange("2025-03-09", zone), shop))).toEqual({ Tea: [4, 3] });
    expect(table(await logs(businessDayRange("2025-03-10", zone), shop))).toEqual({ Tea: [3, 3] });
    expect(table(await logs(businessDayRange("2025-03-10", TZ), shop))).toEqual({ Tea: [4, 3] });
  });
});

describe("input, tenancy and permissions", () => {
  const url = (query: Record<string, string>) => `/api/products/dailystock/log?${new URLSearchParams(query)}`;
  const range = businessDayRange("2025-03-10", TZ);

  it.each([
    ["no dates", {}],
    ["no endDate", { startDate: range.startDate }],
    ["a date without time", { startDate: "2025-03-10", endDate: "2025-03-10" }],
    ["not a date", { startDate: "yesterday", endDate: range.endDate }],
    ["start after end", { startDate: range.endDate, endDate: range.startDate }],
  ])("400 for %s", async (_label, query) => {
    await expectRefused(t, 400, () => client(t.app, owner.token).get(url({ businessId: owner.businessId, ...query })));
  });

  it("403 for another business; reviewStock reads; a Cashier without flags is refused", async () => {
    const stranger = await registerBusiness(t.app);
    await expectRefused(t, 403, () =>
      client(t.app, stranger.token).get(url({ businessId: owner.businessId, ...range })),
    );
    const staff = await inventoryStaff(t, owner);
    for (const who of [staff.reviewer, staff.handler, staff.mover])
      expectStatus(await client(t.app, who.token).get(url({ businessId: owner.businessId, ...range })), 200);
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(url({ businessId: owner.businessId, ...range })),
    );
  });
});
