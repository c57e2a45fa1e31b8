import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { expect } from "vitest";
import type { Category, Subcategory } from "@app/shared/inventory/category";
import type { Product } from "@app/shared/inventory/product";
import type { Promotion } from "@app/shared/pos/promotion-schema";
import type { Database } from "../../src/db/client.ts";
import { applyStockChange } from "../../src/modules/inventory/stock-ledger.ts";
import {
  client,
  databaseFingerprint,
  registerEmployee,
  type Owner,
  type Res,
  type Staff,
  type TestApp,
} from "./app.ts";

/**
 * Factories and checks for the inventory tests: products, categories and stock through the
 * API, the ledger invariant, tiny real images, a seeded random generator.
 */

/** Who acts: a signed-in user and the business they act for. */
export type Actor = { token: string; businessId: string };

const unique = () => randomUUID().slice(0, 8);

/** Fails the test with the response body when the status is not the expected one. */
export function expectStatus(res: Res, status: number): Res {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  return res;
}

/** Creates a product through the API (201), with a unique name unless given. */
export async function newProduct(t: TestApp, who: Actor, over: Record<string, unknown> = {}): Promise<Product> {
  const body = { businessId: who.businessId, name: `Product ${unique()}`, sellingprice: 10_000, ...over };
  return expectStatus(await client(t.app, who.token).post("/api/products", body), 201).json();
}

export async function newCategory(t: TestApp, who: Actor, name = `Category ${unique()}`): Promise<Category> {
  return expectStatus(
    await client(t.app, who.token).post("/api/categories", { businessId: who.businessId, name }),
    201,
  ).json();
}

export async function newSubcategory(
  t: TestApp,
  who: Actor,
  categoryId: string,
  name = `Sub ${unique()}`,
): Promise<Subcategory> {
  return expectStatus(
    await client(t.app, who.token).post(`/api/categories/subcategory/${categoryId}`, { name }),
    201,
  ).json().subcategory;
}

export async function getProduct(t: TestApp, who: Actor, id: string): Promise<Product> {
  return expectStatus(await client(t.app, who.token).get(`/api/products/${id}`), 200).json();
}

/** POST /api/products/{id}/stock: `{ delta }` or `{ quantity }`, with an optional Idempotency-Key. */
export function adjustStock(
  t: TestApp,
  who: Actor,
  productId: string,
  change: { delta: number } | { quantity: number },
  key?: string,
): Promise<Res> {
  return client(t.app, who.token).post(
    `/api/products/${productId}/stock`,
    { note: "test adjustment", ...change },
    key ? { "idempotency-key": key } : {},
  );
}

/** POST /api/businesses/products/transfer from `who`'s business. */
export function transfer(
  t: TestApp,
  who: Actor,
  toBusinessId: string,
  lines: { productId: string; quantity: number }[],
  key?: string,
): Promise<Res> {
  return client(t.app, who.token).post(
    "/api/businesses/products/transfer",
    { businessId: who.businessId, toBusinessId, products: lines },
    key ? { "idempotency-key": key } : {},
  );
}

/**
 * Records a sale of a product straight through the ledger: sales do not exist as an API yet,
 * and a "sale" movement is what marks a product as sold (delete then archives it).
 */
export async function recordSale(t: TestApp, businessId: string, productId: string, quantity: number): Promise<void> {
  const actor = { kind: "admin" as const, userId: randomUUID(), details: { username: "till" } } as Parameters<
    typeof applyStockChange
  >[2];
  const result = await applyStockChange(
    t.database.db,
    { businessId, productId, delta: -quantity, reason: "sale", refType: "sale", refId: randomUUID() },
    actor,
  );
  if (!result) throw new Error("recordSale: not enough stock");
}

/** Employees of a business with each inventory flag alone, and a Cashier with none. */
export async function inventoryStaff(
  t: TestApp,
  owner: Owner,
  businessId = owner.businessId,
): Promise<Record<"reviewer" | "handler" | "mover" | "cashier", Staff>> {
  return {
    reviewer: await registerEmployee(t.app, owner, businessId, { occupation: "Manager", reviewStock: true }),
    handler: await registerEmployee(t.app, owner, businessId, { occupation: "Stock Handler", handleStock: true }),
    mover: await registerEmployee(t.app, owner, businessId, { occupation: "Stock Handler", handleTransfer: true }),
    cashier: await registerEmployee(t.app, owner, businessId, { occupation: "Cashier" }),
  };
}

/** Runs a request that must be refused: the status, the uniform error code, and nothing written anywhere. */
export async function expectRefused(t: TestApp, status: number, request: () => Promise<Res>): Promise<Res> {
  const before = await databaseFingerprint(t.database);
  const res = expectStatus(await request(), status);
  expect(res.json().error.code, res.body).toEqual(expect.any(String));
  expect(await databaseFingerprint(t.database)).toEqual(before);
  return res;
}

/**
 * The ledger invariant, for every product (of the given businesses): its movements, in order,
 * add up to each movement's quantity_after and finally to the product's quantity.
 * Returns a description of every product that breaks it (none: an empty list).
 */
export async function ledgerProblems(db: Database, businessIds?: string[]): Promise<string[]> {
  const { rows } = await db.pool.query<{
    id: string;
    name: string;
    quantity: number;
    total: number | null;
    last_after: number | null;
    bad_running: number;
  }>(
    `WITH running AS (
       SELECT business_id, product_id, quantity_after, seq,
              sum(delta) OVER (PARTITION BY business_id, product_id ORDER BY seq) AS running_sum
       FROM stock_movements
     )
     SELECT p.id, p.name, p.quantity,
            (SELECT sum(delta)::int FROM stock_movements m WHERE m.business_id = p.business_id AND m.product_id = p.id) AS total,
            (SELECT quantity_after FROM stock_movements m WHERE m.business_id = p.business_id AND m.product_id = p.id ORDER BY seq DESC LIMIT 1) AS last_after,
            (SELECT count(*)::int FROM running r WHERE r.business_id = p.business_id AND r.product_id = p.id AND r.running_sum <> r.quantity_after) AS bad_running
     FROM products p
     WHERE $1::uuid[] IS NULL OR p.business_id = ANY($1::uuid[])`,
    [businessIds ?? null],
  );
  return rows
    .filter((r) => (r.total ?? 0) !== r.quantity || (r.last_after ?? 0) !== r.quantity || r.bad_running > 0)
    .map(
      (r) =>
        `${r.name}: quantity ${r.quantity}, movements sum ${r.total}, last quantity_after ${r.last_after}, ${r.bad_running} bad running sums`,
    );
}

/** The quantities of products, read from the table. */
export async function quantitiesOf(db: Database, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await db.pool.query<{ id: string; quantity: number }>(
    `SELECT id, quantity FROM products WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

/** mulberry32: a small seeded generator, so a "random" test runs the same way every time. */
export function seededRandom(seed: number): {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
} {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: (list) => list[int(0, list.length - 1)]! };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid black RGB PNG of the given size, built here (signature, IHDR, IDAT, IEND). */
export function pngImage(width = 2, height = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows = Buffer.alloc(height * (1 + 3 * width)); // filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1x1 baseline JPEG as Chromium's encoder wrote it (ICC profile stripped); decodes in Chromium. */
export const JPEG_IMAGE = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=",
  "base64",
);
/** A 1x1 lossless WebP (RIFF, WEBP, VP8L); decodes in Chromium. */
export const WEBP_IMAGE = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** POST /api/products/{id}/image as multipart/form-data with one file field. */
export function uploadImage(
  t: TestApp,
  token: string,
  productId: string,
  data: Buffer,
  file: { name?: string; type?: string; field?: string } = {},
): Promise<Res> {
  const boundary = `----duka${unique()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "image"}"; filename="${file.name ?? "photo.png"}"\r\nContent-Type: ${file.type ?? "image/png"}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({
    method: "POST",
    url: `/api/products/${productId}/image`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  }) as Promise<Res>;
}

/** A promotion of the business's products (issue 31 item 2) through the API; every day, no window unless given. */
export async function newPromotion(
  t: TestApp,
  who: Actor,
  over: Record<string, unknown> & { productIds: string[] },
): Promise<Promotion> {
  const res = await client(t.app, who.token).post("/api/promotions", {
    businessId: who.businessId,
    name: `Promotion ${unique()}`,
    kind: "price",
    unitPrice: 100,
    ...over,
  });
  return expectStatus(res, 201).json();
}
