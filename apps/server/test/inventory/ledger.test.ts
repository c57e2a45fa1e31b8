import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transfer } from "@app/shared/inventory/transfer";
import { addBusiness, client, createTestApp, registerBusiness, type TestApp } from "../factories/app.ts";
import {
  adjustStock,
  expectRefused,
  expectStatus,
  ledgerProblems,
  newProduct,
  quantitiesOf,
  recordSale,
  seededRandom,
  transfer,
  type Actor,
} from "../factories/inventory.ts";

/**
 * The stock ledger invariant under a long run of seeded random operations through the API:
 * for every product, its movements sum to its quantity and the last movement's quantity_after
 * is its quantity. A model of the expected quantities says which operations must succeed and
 * which must be refused (409, nothing written).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Item = { id: string; sku: string; quantity: number; sold: boolean; archived: boolean };
/** A sale through the API: the units on its line, the units it really holds (taken from the shelf). */
type SaleModel = { id: string; item: Item; line: number; held: number; voided: boolean };
const PRICE = 10_000;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe("the stock ledger under random operations", () => {
  it("400 seeded operations in two businesses of one owner (offline sales with shortfalls, voids, edits, restores, transfers) keep the invariant, create no units, and refusals write nothing", async () => {
    const rng = seededRandom(20260415);
    const owner = await registerBusiness(t.app);
    const branch = await addBusiness(t.app, owner);
    const shops: Actor[] = [owner, { token: owner.token, businessId: branch.businessId }];
    /** business id -> sku -> what the product should be. */
    const model = new Map<string, Map<string, Item>>(shops.map((s) => [s.businessId, new Map()]));
    const sales = new Map<string, SaleModel[]>(shops.map((s) => [s.businessId, []]));
    let skuCounter = 0;
    let refused = 0;
    const counts: Record<string, number> = {};
    const itemsOf = (shop: Actor) => [...model.get(shop.businessId)!.values()];

    const operations: Record<string, (shop: Actor, other: Actor) => Promise<void>> = {
      create: async (shop) => {
        const sku = `RND-${++skuCounter}`;
        const quantity = rng.pick([0, rng.int(1, 40)]);
        const product = await newProduct(t, shop, { name: `Random ${sku}`, sku, quantity });
        model.get(shop.businessId)!.set(sku, { id: product._id, sku, quantity, sold: false, archived: false });
      },
      delta: async (shop) => {
        const item = rng.pick(itemsOf(shop));
        const delta = rng.pick([-1, 1]) * rng.int(1, 25);
        if (item.quantity + delta < 0) {
          refused++;
          await expectRefused(t, 409, () => adjustStock(t, shop, item.id, { delta }));
        } else {
          expect(expectStatus(await adjustStock(t, shop, item.id, { delta }), 200).json().quantity).toBe(
            (item.quantity += delta),
          );
        }
      },
      set: async (shop) => {
        const item = rng.pick(itemsOf(shop));
        item.quantity = rng.int(0, 60);
        expect(
          expectStatus(await adjustStock(t, shop, item.id, { quantity: item.quantity }), 200).json().quantity,
        ).toBe(item.quantity);
      },
      clear: async (shop) => {
        const item = rng.pick(itemsOf(shop));
        expectStatus(
          await client(t.app, shop.token).patch(`/api/clearquantity/${item.id}`, { reason: "Random clear" }),
          200,
        );
        item.quantity = 0;
      },
      sale: async (shop) => {
        const item = rng.pick(itemsOf(shop).filter((i) => i.quantity > 0));
        if (!item) return;
        const sold = rng.int(1, item.quantity);
        await recordSale(t, shop.businessId, item.id, sold);
        item.quantity -= sold;
        item.sold = true;
      },
      // Issue 28: a sale made offline is never refused; it takes what the shelf has, the rest is its shortfall.
      offlineSale: async (shop) => {
        const item = rng.pick(itemsOf(shop).filter((i) => !i.archived));
        if (!item) return;
        const line = rng.int(1, item.quantity + 30);
        const res = await client(t.app, shop.token).post("/api/sales", {
          businessId: shop.businessId,
          products: [{ productId: item.id, quantity: line }],
          payments: [{ method: "Cash", amount: PRICE * line }],
          offlineAt: minutesAgo(rng.int(1, 60)),
        });
        const held = Math.min(line, item.quantity);
        expect(expectStatus(res, 201).json().stockShortfall === null).toBe(held === line);
        item.quantity -= held;
        // A "sale" ledger row is what marks a product as sold (delete then archives it); none when nothing was taken.
        if (held > 0) item.sold = true;
        sales.get(shop.businessId)!.push({ id: res.json()._id, item, line, held, voided: false });
      },
      voidSale: async (shop) => {
        const sale = rng.pick(sales.get(shop.businessId)!.filter((s) => !s.voided));
        if (!sale) return;
        expectStatus(await client(t.app, shop.token).del(`/api/sales/${sale.id}`), 200);
        // Only what it really took comes back.
        sale.item.quantity += sale.held;
        Object.assign(sale, { held: 0, voided: true });
      },
      editSale: async (shop) => {
        const sale = rng.pick(sales.get(shop.businessId)!.filter((s) => !s.voided && !s.item.archived));
        if (!sale) return;
        const line = rng.int(1, sale.held + 20);
        const request = () =>
          client(t.app, shop.token).put(`/api/sales/${sale.id}`, {
            products: [{ productId: sale.item.id, quantity: line }],
            payments: [{ method: "Cash", amount: PRICE * line }],
          });
        if (line - sale.held > sale.item.quantity) {
          refused++;
          await expectRefused(t, 409, request);
          return;
        }
        expectStatus(await request(), 200);
        sale.item.quantity -= line - sale.held;
        if (line !== sale.held) sale.item.sold = true;
        Object.assign(sale, { line, held: line });
      },
      restoreSale: async (shop) => {
        const sale = rng.pick(sales.get(shop.businessId)!.filter((s) => s.voided));
        if (!sale) return;
        const request = () => client(t.app, shop.token).post(`/api/sales/voidsales/restore/${sale.id}`);
        if (sale.line > sale.item.quantity) {
          refused++;
          await expectRefused(t, 409, request);
          return;
        }
        expectStatus(await request(), 200);
        sale.item.quantity -= sale.line;
        Object.assign(sale, { held: sale.line, voided: false });
      },
      remove: async (shop) => {
        const item = rng.pick(itemsOf(shop).filter((i) => !i.archived));
        if (!item) return;
        expect(expectStatus(await client(t.app, shop.token).del(`/api/products/${item.id}`), 200).json()).toEqual({
          archived: item.sold,
        });
        if (item.sold) item.archived = true;
        else {
          model.get(shop.businessId)!.delete(item.sku);
          // Its sales (offline ones that took nothing) now name a product that is gone: left alone.
          sales.set(
            shop.businessId,
            sales.get(shop.businessId)!.filter((s) => s.item !== item),
          );
        }
      },
      transfer: async (shop, other) => {
        const pool = itemsOf(shop);
        const lines = [...new Set(Array.from({ length: rng.int(1, 3) }, () => rng.pick(pool)))].map((item) => ({
          item,
          quantity: rng.int(1, 15),
        }));
        const request = () =>
          transfer(
            t,
            shop,
            other.businessId,
            lines.map((l) => ({ productId: l.item.id, quantity: l.quantity })),
          );
        if (lines.some((l) => l.quantity > l.item.quantity)) {
          refused++;
          await expectRefused(t, 409, request);
          return;
        }
        const done: Transfer = expectStatus(await request(), 201).json();
        const destination = model.get(other.businessId)!;
        for (const { item, quantity } of lines) {
          item.quantity -= quantity;
          const toId = done.lines.find((l) => l.productId === item.id)!.toProductId;
          const there = destination.get(item.sku);
          // Matched by SKU at the destination (an archived one is brought back), else created there.
          if (there) {
            expect(toId).toBe(there.id);
            there.archived = false;
          } else destination.set(item.sku, { id: toId, sku: item.sku, quantity: 0, sold: false, archived: false });
          destination.get(item.sku)!.quantity += quantity;
        }
      },
    };
    const weighted = [
      "create",
      "create",
      "delta",
      "delta",
      "delta",
      "set",
      "clear",
      "sale",
      "remove",
      "transfer",
      "transfer",
      "transfer",
      "offlineSale",
      "offlineSale",
      "voidSale",
      "editSale",
      "editSale",
      "restoreSale",
    ];

    for (let step = 0; step < 400; step++) {
      const [shop, other] = rng.next() < 0.5 ? [shops[0]!, shops[1]!] : [shops[1]!, shops[0]!];
      const name = itemsOf(shop).length === 0 ? "create" : rng.pick(weighted);
      counts[name] = (counts[name] ?? 0) + 1;
      await operations[name]!(shop, other);
      if (step % 50 === 49) expect(await ledgerProblems(t.database), `after step ${step}`).toEqual([]);
    }

    expect(await ledgerProblems(t.database)).toEqual([]);
    // No sale ever gave back more than it took: its ledger rows never sum above zero.
    const { rows: overReturned } = await t.database.pool.query(
      `SELECT ref_id, product_id, sum(delta)::int AS net FROM stock_movements
       WHERE business_id = ANY($1::uuid[]) AND ref_type = 'sale' GROUP BY ref_id, product_id HAVING sum(delta) > 0`,
      [shops.map((s) => s.businessId)],
    );
    expect(overReturned).toEqual([]);
    const all = shops.flatMap(itemsOf);
    const stored = await quantitiesOf(
      t.database,
      all.map((i) => i.id),
    );
    expect(Object.fromEntries(all.map((i) => [i.sku + "@" + i.id, stored.get(i.id)]))).toEqual(
      Object.fromEntries(all.map((i) => [i.sku + "@" + i.id, i.quantity])),
    );
    const { rows } = await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM products WHERE business_id = ANY($1::uuid[])",
      [shops.map((s) => s.businessId)],
    );
    expect(rows[0]!.n).toBe(all.length);
    const { rows: archived } = await t.database.pool.query<{ id: string }>(
      "SELECT id FROM products WHERE archived_at IS NOT NULL AND business_id = ANY($1::uuid[])",
      [shops.map((s) => s.businessId)],
    );
    expect(archived.map((r) => r.id).sort()).toEqual(
      all
        .filter((i) => i.archived)
        .map((i) => i.id)
        .sort(),
    );
    // The run exercised every kind of operation and both outcomes.
    expect(Object.keys(counts).sort()).toEqual(Object.keys(operations).sort());
    expect(refused).toBeGreaterThan(5);
    expect(all.some((i) => i.archived)).toBe(true);
  });

  it("the check catches a quantity changed outside the ledger, and a movement that does not add up", async () => {
    const owner = await registerBusiness(t.app);
    const [a, b] = [
      await newProduct(t, owner, { name: "Tampered", quantity: 5 }),
      await newProduct(t, owner, { name: "Rewritten", quantity: 5 }),
    ];
    expect(await ledgerProblems(t.database, [owner.businessId])).toEqual([]);
    await t.database.pool.query("UPDATE products SET quantity = quantity + 1 WHERE id = $1", [a._id]);
    await t.database.pool.query("UPDATE stock_movements SET quantity_after = 4 WHERE product_id = $1", [b._id]);
    const problems = await ledgerProblems(t.database, [owner.businessId]);
    expect(problems.sort()).toEqual([expect.stringContaining("Rewritten"), expect.stringContaining("Tampered")]);
  });
});
