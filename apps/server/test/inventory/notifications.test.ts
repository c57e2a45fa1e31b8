import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLowStock, lowStockNotification, sortByPriority, type Notification } from "@app/shared/inventory/low-stock";
import type { Product } from "@app/shared/inventory/product";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  adjustStock,
  expectRefused,
  expectStatus,
  inventoryStaff,
  newProduct,
  recordSale,
  seededRandom,
} from "../factories/inventory.ts";

/** GET /api/notifications?businessId: the low-stock notifications of spec section 4. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function notifications(who: Owner): Promise<Notification[]> {
  return expectStatus(
    await client(t.app, who.token).get(`/api/notifications?businessId=${who.businessId}`),
    200,
  ).json();
}
const ids = (list: Notification[]) => list.map((n) => n.id);

describe("low-stock notifications", () => {
  it("a product is low when reorderLevel > 0 and quantity <= reorderLevel; the notification names it", async () => {
    const shop = await registerBusiness(t.app);
    const atLevel = await newProduct(t, shop, { name: "Matches", quantity: 5, reorderLevel: 5 });
    const out = await newProduct(t, shop, { name: "Candles", quantity: 0, reorderLevel: 3 });
    await newProduct(t, shop, { name: "Above level", quantity: 6, reorderLevel: 5 });
    await newProduct(t, shop, { name: "No level", quantity: 0, reorderLevel: 0 });
    expect(await notifications(shop)).toEqual([
      {
        id: `low-stock:${out._id}`,
        message: "Candles is out of stock",
        type: "error",
        businessId: shop.businessId,
        priority: 100,
      },
      {
        id: `low-stock:${atLevel._id}`,
        message: "Matches is low: 5 left (reorder level 5)",
        type: "warning",
        businessId: shop.businessId,
        priority: 0,
      },
    ]);
  });

  it("appear when stock falls, and go when stock recovers or the reorder level is cleared", async () => {
    const shop = await registerBusiness(t.app);
    const soap = await newProduct(t, shop, { name: "Soap", quantity: 20, reorderLevel: 5 });
    const salt = await newProduct(t, shop, { name: "Salt", quantity: 8, reorderLevel: 5 });
    expect(await notifications(shop)).toEqual([]);
    expectStatus(await adjustStock(t, shop, soap._id, { delta: -16 }), 200);
    await recordSale(t, shop.businessId, salt._id, 4);
    expect(ids(await notifications(shop)).sort()).toEqual([`low-stock:${soap._id}`, `low-stock:${salt._id}`].sort());
    expectStatus(await adjustStock(t, shop, soap._id, { delta: 10 }), 200);
    expect(ids(await notifications(shop))).toEqual([`low-stock:${salt._id}`]);
    expectStatus(await client(t.app, shop.token).put(`/api/products/${salt._id}`, { reorderLevel: 0 }), 200);
    expect(await notifications(shop)).toEqual([]);
    // Lowering the level below the stock clears it too; raising it brings it back.
    expectStatus(await client(t.app, shop.token).put(`/api/products/${salt._id}`, { reorderLevel: 4 }), 200);
    expect(ids(await notifications(shop))).toEqual([`low-stock:${salt._id}`]);
    expectStatus(await client(t.app, shop.token).put(`/api/products/${salt._id}`, { reorderLevel: 3 }), 200);
    expect(await notifications(shop)).toEqual([]);
  });

  it("archived and inactive products do not alert", async () => {
    const shop = await registerBusiness(t.app);
    const sold = await newProduct(t, shop, { name: "Discontinued", quantity: 2, reorderLevel: 5 });
    const paused = await newProduct(t, shop, { name: "Paused", quantity: 1, reorderLevel: 5 });
    expect(await notifications(shop)).toHaveLength(2);
    await recordSale(t, shop.businessId, sold._id, 1);
    expect(expectStatus(await client(t.app, shop.token).del(`/api/products/${sold._id}`), 200).json()).toEqual({
      archived: true,
    });
    expectStatus(await client(t.app, shop.token).put(`/api/products/${paused._id}`, { active: false }), 200);
    expect(await notifications(shop)).toEqual([]);
  });

  it("are exactly the shared rule's list, highest priority first, for a seeded mix of products", async () => {
    const shop = await registerBusiness(t.app);
    const rng = seededRandom(404);
    const made: Product[] = [];
    for (let i = 0; i < 30; i++) {
      const reorderLevel = rng.pick([0, rng.int(1, 20)]);
      made.push(
        await newProduct(t, shop, {
          name: `Item ${String(i).padStart(2, "0")}`,
          quantity: rng.int(0, 25),
          reorderLevel,
        }),
      );
    }
    const expected = sortByPriority(made.filter(isLowStock).map(lowStockNotification));
    const list = await notifications(shop);
    expect(list.length).toBeGreaterThan(5);
    expect(list).toEqual(expected);
    expect(list.map((n) => n.priority)).toEqual([...list.map((n) => n.priority)].sort((a, b) => b - a));
  });

  it("with more low products than the list holds, the most urgent ones are the ones listed", async () => {
    const shop = await registerBusiness(t.app);
    const row = {
      sku: null,
      barcode: null,
      category: null,
      subcategory: null,
      unit: "pcs",
      buyingPrice: 0,
      sellingPrice: 100,
      wholesalePrice: 0,
      description: "",
    };
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      ...row,
      name: `Slightly low ${i}`,
      quantity: 9,
      reorderLevel: 10,
    }));
    expectStatus(
      await client(t.app, shop.token).post("/api/products/import", { businessId: shop.businessId, rows }),
      201,
    );
    const empty = await newProduct(t, shop, { name: "Empty shelf", quantity: 0, reorderLevel: 10 });
    const list = await notifications(shop);
    expect(list[0]).toMatchObject({ id: `low-stock:${empty._id}`, priority: 100 });
  });

  it("only the asking business's: 403 for another business, and staff by their flags", async () => {
    const shop = await registerBusiness(t.app);
    const other = await registerBusiness(t.app);
    await newProduct(t, shop, { name: "Mine", quantity: 0, reorderLevel: 1 });
    await newProduct(t, other, { name: "Theirs", quantity: 0, reorderLevel: 1 });
    expect((await notifications(shop)).map((n) => [n.message, n.businessId])).toEqual([
      ["Mine is out of stock", shop.businessId],
    ]);
    await expectRefused(t, 403, () =>
      client(t.app, other.token).get(`/api/notifications?businessId=${shop.businessId}`),
    );
    await expectRefused(t, 400, () => client(t.app, shop.token).get("/api/notifications"));
    const staff = await inventoryStaff(t, shop);
    for (const who of [staff.reviewer, staff.handler, staff.mover])
      expect(
        expectStatus(
          await client(t.app, who.token).get(`/api/notifications?businessId=${shop.businessId}`),
          200,
        ).json(),
      ).toHaveLength(1);
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(`/api/notifications?businessId=${shop.businessId}`),
    );
  });
});
