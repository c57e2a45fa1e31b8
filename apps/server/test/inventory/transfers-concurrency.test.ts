import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBusiness, createTestApp, registerBusiness, type TestApp } from "../factories/app.ts";
import {
  ledgerProblems,
  newProduct,
  quantitiesOf,
  seededRandom,
  transfer,
  type Actor,
} from "../factories/inventory.ts";

/**
 * Concurrent transfers between two businesses of one owner: the source never goes below zero,
 * exactly as many succeed as the stock allows, the destination product is created once, no
 * request fails with a 500 (lost races, deadlocks), and the ledger holds in both businesses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function twoShops(): Promise<[Actor, Actor]> {
  const owner = await registerBusiness(t.app);
  return [owner, { token: owner.token, ...(await addBusiness(t.app, owner)) }];
}

const statuses = (results: { statusCode: number }[]) =>
  results
    .map((r) => r.statusCode)
    .sort()
    .join(",");
const productsNamed = async (businessId: string, name: string) =>
  (
    await t.database.pool.query<{ id: string; quantity: number }>(
      "SELECT id, quantity FROM products WHERE business_id = $1 AND name = $2",
      [businessId, name],
    )
  ).rows;

describe("concurrent transfers", () => {
  it("30 transfers of 3 from a stock of 50 (product new at the destination): 16 succeed, 14 are refused, none overdraws", async () => {
    const [source, destination] = await twoShops();
    const product = await newProduct(t, source, { name: "Cement bag", sku: "CEM-50", quantity: 50 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        transfer(t, source, destination.businessId, [{ productId: product._id, quantity: 3 }]),
      ),
    );
    expect(statuses(results)).toBe([...Array(16).fill(201), ...Array(14).fill(409)].join(","));
    for (const refused of results.filter((r) => r.statusCode === 409))
      expect(refused.json().error.message).toContain("Cement bag");
    expect((await quantitiesOf(t.database, [product._id])).get(product._id)).toBe(2);
    expect(await productsNamed(destination.businessId, "Cement bag")).toEqual([
      { id: expect.any(String), quantity: 48 },
    ]);
    expect(await ledgerProblems(t.database, [source.businessId, destination.businessId])).toEqual([]);
  });

  it("a product without SKU or barcode is matched by name and created once, however many transfers race", async () => {
    const [source, destination] = await twoShops();
    const product = await newProduct(t, source, { name: "Loose tomatoes", quantity: 12 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        transfer(t, source, destination.businessId, [{ productId: product._id, quantity: 1 }]),
      ),
    );
    expect(statuses(results)).toBe(Array(12).fill(201).join(","));
    expect(await productsNamed(destination.businessId, "Loose tomatoes")).toEqual([
      { id: expect.any(String), quantity: 12 },
    ]);
    expect(await ledgerProblems(t.database, [source.businessId, destination.businessId])).toEqual([]);
  });

  it("multi-line transfers racing for a scarce product: whole transfers succeed or fail together", async () => {
    const [source, destination] = await twoShops();
    const scarce = await newProduct(t, source, { name: "Scarce", sku: "SC-10", quantity: 10 });
    const plenty = await newProduct(t, source, { name: "Plenty", sku: "PL-100", quantity: 100 });
    const lines = [
      { productId: plenty._id, quantity: 5 },
      { productId: scarce._id, quantity: 2 },
    ];
    const results = await Promise.all(
      Array.from({ length: 10 }, () => transfer(t, source, destination.businessId, lines)),
    );
    expect(statuses(results)).toBe([...Array(5).fill(201), ...Array(5).fill(409)].join(","));
    const left = await quantitiesOf(t.database, [scarce._id, plenty._id]);
    expect([left.get(scarce._id), left.get(plenty._id)]).toEqual([0, 75]);
    expect((await productsNamed(destination.businessId, "Plenty"))[0]!.quantity).toBe(25);
    expect(await ledgerProblems(t.database, [source.businessId, destination.businessId])).toEqual([]);
  });

  it("transfers in both directions at once, lines in any order, neither deadlock nor lose stock", async () => {
    const [a, b] = await twoShops();
    const skus = ["BI-1", "BI-2", "BI-3"];
    const inA = await Promise.all(skus.map((sku) => newProduct(t, a, { name: `Both ${sku}`, sku, quantity: 100 })));
    const inB = await Promise.all(skus.map((sku) => newProduct(t, b, { name: `Both ${sku}`, sku, quantity: 100 })));
    const rng = seededRandom(7);
    const shuffled = <T>(list: T[]) => [...list].sort(() => rng.next() - 0.5);
    const requests = Array.from({ length: 24 }, (_, i) => {
      const [from, to, own] = i % 2 === 0 ? [a, b, inA] : [b, a, inB];
      return () =>
        transfer(
          t,
          from,
          to.businessId,
          shuffled(own).map((p) => ({ productId: p._id, quantity: 1 + (i % 3) })),
        );
    });
    const results = await Promise.all(requests.map((send) => send()));
    expect(statuses(results)).toBe(Array(24).fill(201).join(","));
    // Each direction moved the same amounts (i % 3 pattern over 12 requests each way).
    const quantities = await quantitiesOf(
      t.database,
      [...inA, ...inB].map((p) => p._id),
    );
    expect([...quantities.values()]).toEqual(Array(6).fill(100));
    expect(await ledgerProblems(t.database, [a.businessId, b.businessId])).toEqual([]);
  });
});
