import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { newProduct, sold, soldOnCredit } from "../factories/sales.ts";

/** GET /api/sales (the list and its filters), GET /api/sales/{id}, GET /api/sales/log/sales (Older Sales). */
let t: TestApp;
let owner: Owner;
let other: Owner;
let product: { _id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  other = await registerBusiness(t.app);
  product = await newProduct(t.app, owner, owner.businessId, { quantity: 1000 });
});
afterAll(() => t.close());

const ids = (list: Sale[]) => list.map((s) => s._id);
const list = async (query: string, token = owner.token) => {
  const res = await client(t.app, token).get(`/api/sales?businessId=${owner.businessId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Sale[];
};
/** Moves a sale to a given instant (microseconds allowed), as if it had been made then. */
const setCreatedAt = (id: string, at: string) =>
  t.database.pool.query("UPDATE sales SET created_at = $2 WHERE id = $1", [id, at]);

describe("GET /api/sales", () => {
  it("lists the business's sales newest first, `limit` of them, without orders, voided sales or other businesses' sales", async () => {
    const a = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 10000);
    const b = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 2 }], 20000);
    const voided = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 10000);
    expect((await client(t.app, owner.token).del(`/api/sales/${voided._id}`)).statusCode).toBe(200);
    const order = await client(t.app, owner.token).post("/api/orders", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 8000 }],
    });
    expect(order.statusCode).toBe(201);
    const theirs = await newProduct(t.app, other, other.businessId);
    await sold(t.app, other, other.businessId, [{ productId: theirs._id, quantity: 1 }], 10000);

    const all = await list("");
    expect(ids(all).slice(0, 2)).toEqual([b._id, a._id]);
    expect(ids(all)).not.toContain(voided._id);
    expect(ids(all)).not.toContain(order.json()._id);
    expect(
      all.every((s) => s.businessId === owner.businessId && s.channel === "retail" && s.status === "completed"),
    ).toBe(true);
    expect(all[0]).toEqual(b);
    expect(ids(await list("&limit=1"))).toEqual([b._id]);
  });

  it("pages with `beforeNumber` (the last row's saleNumber) without skipping or repeating a sale made in the same millisecond", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, { quantity: 100 });
    const made: Sale[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 10000));
    // Two tills can finish sales in the same millisecond; the API's createdAt shows milliseconds only.
    const times = [
      "2026-03-02T10:00:00.100000Z",
      "2026-03-02T10:00:00.123100Z",
      "2026-03-02T10:00:00.123456Z",
      "2026-03-02T10:00:00.123900Z",
      "2026-03-02T10:00:01.000000Z",
    ];
    for (const [i, at] of times.entries()) await setCreatedAt(made[i]!._id, at);
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 10; page++) {
      const res = await client(t.app, shop.token).get(`/api/sales?businessId=${shop.businessId}&limit=2${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as Sale[];
      if (!rows.length) break;
      seen.push(...ids(rows));
      cursor = `&beforeNumber=${rows.at(-1)!.saleNumber}`;
    }
    expect(seen).toEqual(ids(made).reverse());
    // `before` keeps only sales made before an instant.
    const before = await client(t.app, shop.token).get(
      `/api/sales?businessId=${shop.businessId}&before=${encodeURIComponent("2026-03-02T10:00:00.123Z")}`,
    );
    expect(ids(before.json())).toEqual([made[0]!._id]);
  });

  it("orders by sale number, so `beforeNumber` pages every sale once even when created_at disagrees (a clock stepped back)", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, { quantity: 100 });
    const made: Sale[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 10000));
    // Numbered 1..5, but made at 10:00:00, :03, :01, :04, :02 by the server's clock.
    for (const [i, second] of [0, 3, 1, 4, 2].entries())
      await setCreatedAt(made[i]!._id, `2026-03-02T10:00:0${second}.000Z`);
    const seen: Sale[] = [];
    let cursor = "";
    for (let page = 0; page < 10; page++) {
      const res = await client(t.app, shop.token).get(`/api/sales?businessId=${shop.businessId}&limit=2${cursor}`);
      const rows = res.json() as Sale[];
      if (!rows.length) break;
      seen.push(...rows);
      cursor = `&beforeNumber=${rows.at(-1)!.saleNumber}`;
    }
    expect(ids(seen)).toEqual(ids(made).reverse());
    expect(seen.map((s) => s.saleNumber)).toEqual(made.map((s) => s.saleNumber).reverse());
  });

  it("`open` keeps the sales still owing (true) or those owing nothing (false), newest first", async () => {
    const shop = await registerBusiness(t.app);
    const p = await newProduct(t.app, shop, shop.businessId, { quantity: 100 });
    const credit = (down = 0) =>
      soldOnCredit(t.app, shop, shop.businessId, { productId: p._id, quantity: 1, total: 10000 }, { down });
    const paid = await sold(t.app, shop, shop.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    const pending = await credit();
    const cleared = await credit(4000);
    expect(
      (
        await client(t.app, shop.token).put(`/api/sales/salecredit/${cleared._id}`, {
          amountPaid: 6000,
          paymentMethod: "Cash",
        })
      ).json(),
    ).toMatchObject({ balance: 0, creditStatus: "Cleared" });
    const partial = await credit(4000);
    const voided = await credit();
    expect((await client(t.app, shop.token).del(`/api/sales/${voided._id}`)).statusCode).toBe(200);
    const get = async (query: string) => {
      const res = await client(t.app, shop.token).get(`/api/sales?businessId=${shop.businessId}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json());
    };
    expect(await get("&open=true")).toEqual([partial._id, pending._id]);
    expect(await get("&open=false")).toEqual([cleared._id, paid._id]);
    expect(await get("&credit=true&open=false")).toEqual([cleared._id]);
    expect(await get("&credit=true&open=true&limit=1")).toEqual([partial._id]);
    expect(await get(`&credit=true&open=true&beforeNumber=${partial.saleNumber}`)).toEqual([pending._id]);
  });

  it("filters credit sales, by credit status, and searches by customer name, phone or sale number", async () => {
    const paid = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 10000);
    const pending = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 10000 },
      { customerName: "Zawadi Njeri", customerPhone: "0711999888" },
    );
    const partial = await soldOnCredit(
      t.app,
      owner,
      owner.businessId,
      { productId: product._id, quantity: 1, total: 10000 },
      { down: 4000, customerName: "Baraka 100%_x" },
    );
    const credit = await list("&credit=true&limit=1000");
    expect(ids(credit)).toEqual(expect.arrayContaining([pending._id, partial._id]));
    expect(ids(credit)).not.toContain(paid._id);
    expect(ids(await list("&credit=false&limit=1000"))).toContain(paid._id);
    expect(ids(await list("&credit=false&limit=1000"))).not.toContain(pending._id);
    expect(ids(await list("&creditStatus=Partial&limit=1000"))).toEqual([partial._id]);
    expect(ids(await list("&search=zawadi"))).toEqual([pending._id]);
    expect(ids(await list("&search=0711999"))).toEqual([pending._id]);
    expect(ids(await list(`&search=${paid.saleNumber}`))).toContain(paid._id);
    // LIKE wildcards in the search are plain characters.
    expect(ids(await list(`&search=${encodeURIComponent("100%_")}`))).toEqual([partial._id]);
    expect(await list(`&search=${encodeURIComponent("%Zawadi")}`)).toEqual([]);
  });

  it("is for the Sales area: a Cashier and a Manager read it, a Stock Handler gets 403", async () => {
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    const manager = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Manager" });
    const handler = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Stock Handler",
      handleStock: true,
    });
    expect((await list("", cashier.token)).length).toBeGreaterThan(0);
    expect((await list("", manager.token)).length).toBeGreaterThan(0);
    expect((await client(t.app, handler.token).get(`/api/sales?businessId=${owner.businessId}`)).statusCode).toBe(403);
  });

  it("without a businessId: 400 at once; another business: 403; no session: 401; a bad limit: 400", async () => {
    const api = client(t.app, owner.token);
    const missing = await api.get("/api/sales");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty("businessId");
    expect((await api.get(`/api/sales?businessId=${other.businessId}`)).statusCode).toBe(403);
    expect((await client(t.app).get(`/api/sales?businessId=${owner.businessId}`)).statusCode).toBe(401);
    for (const q of [
      "&limit=0",
      "&limit=1001",
      "&limit=x",
      "&before=yesterday",
      "&creditStatus=Owing",
      "&credit=maybe",
      "&open=maybe",
      "&beforeNumber=0",
    ]) {
      expect((await api.get(`/api/sales?businessId=${owner.businessId}${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe("GET /api/sales/{id}", () => {
  it("reads one sale; 404 for an unknown id, another business's sale, or a wholesale order", async () => {
    const sale = await sold(t.app, owner, owner.businessId, [{ productId: product._id, quantity: 1 }], 10000);
    const api = client(t.app, owner.token);
    expect((await api.get(`/api/sales/${sale._id}`)).json()).toEqual(sale);
    const theirs = await newProduct(t.app, other, other.businessId);
    const foreign = await sold(t.app, other, other.businessId, [{ productId: theirs._id, quantity: 1 }], 10000);
    const order = (
      await api.post("/api/orders", {
        businessId: owner.businessId,
        products: [{ productId: product._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 8000 }],
      })
    ).json();
    for (const id of [randomUUID(), foreign._id, order._id]) {
      const res = await api.get(`/api/sales/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toContain(other.businessId);
    }
    expect((await api.get("/api/sales/not-a-uuid")).statusCode).toBe(400);
    expect((await client(t.app).get(`/api/sales/${sale._id}`)).statusCode).toBe(401);
  });
});

describe("GET /api/sales/log/sales (Older Sales)", () => {
  it("returns the completed sales and orders made between the instants given, newest first", async () => {
    const owner2 = await registerBusiness(t.app);
    const p = await newProduct(t.app, owner2, owner2.businessId);
    const api = client(t.app, owner2.token);
    const make = () => sold(t.app, owner2, owner2.businessId, [{ productId: p._id, quantity: 1 }], 10000);
    const [early, inside1, inside2, late, voided] = [
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
    ];
    const order = (
      await api.post("/api/orders", {
        businessId: owner2.businessId,
        products: [{ productId: p._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 8000 }],
      })
    ).json();
    await setCreatedAt(early!._id, "2026-02-28T20:59:59.999Z");
    await setCreatedAt(inside1!._id, "2026-02-28T21:00:00.000Z");
    await setCreatedAt(inside2!._id, "2026-03-01T12:00:00.000Z");
    await setCreatedAt(order._id, "2026-03-01T13:00:00.000Z");
    await setCreatedAt(voided!._id, "2026-03-01T14:00:00.000Z");
    await setCreatedAt(late!._id, "2026-03-01T21:00:00.001Z");
    expect((await api.del(`/api/sales/${voided!._id}`)).statusCode).toBe(200);
    // One day in Nairobi (UTC+3), as the page asks for it.
    const range = `startDate=${encodeURIComponent("2026-03-01T00:00:00.000+03:00")}&endDate=${encodeURIComponent("2026-03-01T23:59:59.999+03:00")}`;
    const res = await api.get(`/api/sales/log/sales?businessId=${owner2.businessId}&${range}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res.json())).toEqual([order._id, inside2!._id, inside1!._id]);
    const retail = await api.get(`/api/sales/log/sales?businessId=${owner2.businessId}&${range}&channel=retail`);
    expect(ids(retail.json())).toEqual([inside2!._id, inside1!._id]);
  });

  it("refuses a start after the end, missing dates (400), employees (403), other businesses (403), no session (401)", async () => {
    const api = client(t.app, owner.token);
    const base = `/api/sales/log/sales?businessId=${owner.businessId}`;
    expect((await api.get(`${base}&startDate=2026-03-02T00:00:00Z&endDate=2026-03-01T00:00:00Z`)).statusCode).toBe(400);
    expect((await api.get(`${base}&startDate=2026-03-01T00:00:00Z`)).statusCode).toBe(400);
    expect((await api.get(`${base}&startDate=yesterday&endDate=2026-03-01T00:00:00Z`)).statusCode).toBe(400);
    const range = "&startDate=2026-03-01T00:00:00Z&endDate=2026-03-02T00:00:00Z";
    expect((await api.get(`${base}${range}`)).statusCode).toBe(200);
    const manager = await registerEmployee(t.app, owner, owner.businessId, {
      occupation: "Manager",
      ...{ viewEmployee: true },
    });
    expect((await client(t.app, manager.token).get(`${base}${range}`)).statusCode).toBe(403);
    expect((await client(t.app, other.token).get(`${base}${range}`)).statusCode).toBe(403);
    expect((await client(t.app).get(`${base}${range}`)).statusCode).toBe(401);
  });
});
