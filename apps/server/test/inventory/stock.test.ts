import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STOCK_QUANTITY, movementPageSchema } from "@app/shared/inventory/stock";
import { addBusiness, client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  adjustStock,
  expectRefused,
  expectStatus,
  getProduct,
  inventoryStaff,
  ledgerProblems,
  newProduct,
  transfer,
} from "../factories/inventory.ts";

let t: TestApp;
let owner: Owner;
let stranger: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  stranger = await registerBusiness(t.app);
});
afterAll(async () => {
  expect(await ledgerProblems(t.database)).toEqual([]);
  await t.close();
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const movements = async (productId: string, query = "") =>
  movementPageSchema.parse(
    expectStatus(await client(t.app, owner.token).get(`/api/products/${productId}/movements?${query}`), 200).json(),
  );
const clear = (productId: string, reason: unknown, key?: string, token = owner.token) =>
  client(t.app, token).patch(`/api/clearquantity/${productId}`, { reason }, key ? { "idempotency-key": key } : {});

describe("POST /api/products/{id}/stock", () => {
  it("adds, removes and sets a counted quantity, one movement each with who, why and the result", async () => {
    const product = await newProduct(t, owner, { quantity: 10 });
    expect(expectStatus(await adjustStock(t, owner, product._id, { delta: 5 }), 200).json()).toMatchObject({
      _id: product._id,
      quantity: 15,
    });
    expect(expectStatus(await adjustStock(t, owner, product._id, { delta: -12 }), 200).json().quantity).toBe(3);
    expect(expectStatus(await adjustStock(t, owner, product._id, { quantity: 8 }), 200).json().quantity).toBe(8);
    const { items, total } = await movements(product._id);
    expect(total).toBe(4);
    expect(items.map((m) => [m.delta, m.quantityAfter, m.reason])).toEqual([
      [5, 8, "adjustment"],
      [-12, 3, "adjustment"],
      [5, 15, "adjustment"],
      [10, 10, "adjustment"],
    ]);
    expect(items[0]).toMatchObject({ productId: product._id, note: "test adjustment", actorName: owner.username });
  });

  it("409 naming the product when stock would go below zero, nothing written", async () => {
    const product = await newProduct(t, owner, { name: "Eggs tray", quantity: 2 });
    const res = await expectRefused(t, 409, () => adjustStock(t, owner, product._id, { delta: -3 }));
    expect(res.json().error.message).toContain("Eggs tray");
    expect((await getProduct(t, owner, product._id)).quantity).toBe(2);
  });

  it("409, not a 500, when stock would pass the largest quantity (or the column's range)", async () => {
    const product = await newProduct(t, owner, { name: "Nails", quantity: MAX_STOCK_QUANTITY - 1 });
    expect(expectStatus(await adjustStock(t, owner, product._id, { delta: 1 }), 200).json().quantity).toBe(
      MAX_STOCK_QUANTITY,
    );
    const res = await expectRefused(t, 409, () => adjustStock(t, owner, product._id, { delta: 1 }));
    expect(res.json().error.message).toContain("Nails");
    await expectRefused(t, 409, () => adjustStock(t, owner, product._id, { delta: MAX_STOCK_QUANTITY }));
    expect((await getProduct(t, owner, product._id)).quantity).toBe(MAX_STOCK_QUANTITY);
  });

  it.each([
    ["neither quantity nor delta", { note: "x" }],
    ["both quantity and delta", { note: "x", quantity: 1, delta: 1 }],
    ["a zero delta", { note: "x", delta: 0 }],
    ["no note", { delta: 1 }],
    ["a blank note", { delta: 1, note: "   " }],
    ["a fractional delta", { delta: 1.5, note: "x" }],
    ["a negative count", { quantity: -1, note: "x" }],
  ])("400 with nothing written: %s", async (_label, body) => {
    const product = await newProduct(t, owner, { quantity: 3 });
    await expectRefused(t, 400, () => client(t.app, owner.token).post(`/api/products/${product._id}/stock`, body));
  });

  it("404 for an unknown product or another business's product", async () => {
    const theirs = await newProduct(t, stranger, { quantity: 5 });
    await expectRefused(t, 404, () => adjustStock(t, owner, MISSING, { delta: 1 }));
    await expectRefused(t, 404, () => adjustStock(t, owner, theirs._id, { delta: -1 }));
  });
});

describe("PATCH /api/clearquantity/{id}", () => {
  it("sets the quantity to zero with the reason in the movement", async () => {
    const product = await newProduct(t, owner, { quantity: 9 });
    const res = expectStatus(await clear(product._id, "Expired batch"), 200);
    expect(res.json()).toMatchObject({ _id: product._id, quantity: 0 });
    const [last] = (await movements(product._id)).items;
    expect(last).toMatchObject({
      delta: -9,
      quantityAfter: 0,
      reason: "clear",
      note: "Expired batch",
      actorName: owner.username,
    });
  });

  it("400 without a reason, 404 for unknown and foreign products, nothing written", async () => {
    const product = await newProduct(t, owner, { quantity: 4 });
    await expectRefused(t, 400, () => clear(product._id, ""));
    await expectRefused(t, 400, () => client(t.app, owner.token).patch(`/api/clearquantity/${product._id}`, {}));
    await expectRefused(t, 404, () => clear(MISSING, "Gone"));
    const theirs = await newProduct(t, stranger, { quantity: 4 });
    await expectRefused(t, 404, () => clear(theirs._id, "Gone"));
  });
});

describe("movement history and transfer log", () => {
  it("GET /api/products/{id}/movements: newest first, paged, with the total", async () => {
    const product = await newProduct(t, owner, { quantity: 1 });
    for (let i = 2; i <= 6; i++) expectStatus(await adjustStock(t, owner, product._id, { delta: 1 }), 200);
    const first = await movements(product._id, "pageSize=2");
    const second = await movements(product._id, "pageSize=2&page=1");
    const last = await movements(product._id, "pageSize=2&page=2");
    expect(first.total).toBe(6);
    expect([...first.items, ...second.items, ...last.items].map((m) => m.quantityAfter)).toEqual([6, 5, 4, 3, 2, 1]);
    expectStatus(await client(t.app, owner.token).get(`/api/products/${product._id}/movements?pageSize=0`), 400);
    const theirs = await newProduct(t, stranger);
    await expectRefused(t, 404, () => client(t.app, owner.token).get(`/api/products/${theirs._id}/movements`));
    await expectRefused(t, 404, () => client(t.app, owner.token).get(`/api/products/${MISSING}/movements`));
  });

  it("GET /api/products/transfer/quantity/{id}: the transfers in and out only, newest first", async () => {
    const branch = await addBusiness(t.app, owner);
    const product = await newProduct(t, owner, { quantity: 20, sku: "LOG-1" });
    expectStatus(await transfer(t, owner, branch.businessId, [{ productId: product._id, quantity: 3 }]), 201);
    expectStatus(await adjustStock(t, owner, product._id, { delta: 1 }), 200);
    const back = expectStatus(
      await transfer(t, { token: owner.token, ...branch }, owner.businessId, [
        { productId: (await findBySku(branch.businessId, "LOG-1"))!, quantity: 2 },
      ]),
      201,
    ).json();
    const res = movementPageSchema.parse(
      expectStatus(await client(t.app, owner.token).get(`/api/products/transfer/quantity/${product._id}`), 200).json(),
    );
    expect(res.total).toBe(2);
    expect(res.items.map((m) => [m.reason, m.delta, m.quantityAfter, m.refId])).toEqual([
      ["transfer_in", 2, 20, back._id],
      ["transfer_out", -3, 17, expect.any(String)],
    ]);
    await expectRefused(t, 404, () =>
      client(t.app, stranger.token).get(`/api/products/transfer/quantity/${product._id}`),
    );
    await expectRefused(t, 404, () => client(t.app, owner.token).get(`/api/products/transfer/quantity/${MISSING}`));
    await expectRefused(t, 400, () =>
      client(t.app, owner.token).get(`/api/products/transfer/quantity/${product._id}?page=-1`),
    );
  });
});

async function findBySku(businessId: string, sku: string): Promise<string | undefined> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    "SELECT id FROM products WHERE business_id = $1 AND sku = $2",
    [businessId, sku],
  );
  return rows[0]?.id;
}

describe("Idempotency-Key on stock writes", () => {
  const movementCount = async (productId: string) => (await movements(productId)).total;

  it("a retry returns the first result and writes one movement", async () => {
    const product = await newProduct(t, owner, { quantity: 10 });
    const first = expectStatus(await adjustStock(t, owner, product._id, { delta: -4 }, "retry-key-0001"), 200);
    const again = expectStatus(await adjustStock(t, owner, product._id, { delta: -4 }, "retry-key-0001"), 200);
    expect(again.json()).toEqual(first.json());
    expect((await getProduct(t, owner, product._id)).quantity).toBe(6);
    expect(await movementCount(product._id)).toBe(2);
    const cleared = expectStatus(await clear(product._id, "Spoilt", "clear-key-0001"), 200);
    expect(expectStatus(await clear(product._id, "Spoilt", "clear-key-0001"), 200).json()).toEqual(cleared.json());
    expect(await movementCount(product._id)).toBe(3);
  });

  it("20 concurrent requests with one key write exactly one movement and all get its result", async () => {
    const product = await newProduct(t, owner, { quantity: 100 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => adjustStock(t, owner, product._id, { delta: -7 }, "concurrent-key-01")),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect((await getProduct(t, owner, product._id)).quantity).toBe(93);
    expect(await movementCount(product._id)).toBe(2);
  });

  it("the same key for another operation is refused with 422 and nothing written", async () => {
    const [a, b] = [await newProduct(t, owner, { quantity: 10 }), await newProduct(t, owner, { quantity: 10 })];
    expectStatus(await adjustStock(t, owner, a._id, { delta: 1 }, "reused-key-0001"), 200);
    await expectRefused(t, 422, () => adjustStock(t, owner, b._id, { delta: 1 }, "reused-key-0001"));
    await expectRefused(t, 422, () => clear(a._id, "Wrong key", "reused-key-0001"));
    await expectRefused(t, 422, () => adjustStock(t, owner, a._id, { delta: 2 }, "reused-key-0001"));
    await expectRefused(t, 422, () => adjustStock(t, owner, a._id, { quantity: 1 }, "reused-key-0001"));
    // Keys belong to a business: another business may use the same one.
    const theirs = await newProduct(t, stranger, { quantity: 1 });
    expectStatus(await adjustStock(t, stranger, theirs._id, { delta: 1 }, "reused-key-0001"), 200);
  });

  it("400 for a key too short to be unique", async () => {
    const product = await newProduct(t, owner, { quantity: 1 });
    await expectRefused(t, 400, () => adjustStock(t, owner, product._id, { delta: 1 }, "short"));
  });
});

describe("permissions (spec section 6)", () => {
  it("only handleStock changes stock; reviewStock and handleTransfer read the history; a Cashier is refused", async () => {
    const staff = await inventoryStaff(t, owner);
    const product = await newProduct(t, owner, { quantity: 5 });
    for (const who of [staff.reviewer, staff.mover, staff.cashier]) {
      await expectRefused(t, 403, () =>
        adjustStock(t, { token: who.token, businessId: owner.businessId }, product._id, { delta: 1 }),
      );
      await expectRefused(t, 403, () => clear(product._id, "No", undefined, who.token));
    }
    for (const who of [staff.reviewer, staff.mover]) {
      expectStatus(await client(t.app, who.token).get(`/api/products/${product._id}/movements`), 200);
      expectStatus(await client(t.app, who.token).get(`/api/products/transfer/quantity/${product._id}`), 200);
    }
    await expectRefused(t, 403, () => client(t.app, staff.cashier.token).get(`/api/products/${product._id}/movements`));
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(`/api/products/transfer/quantity/${product._id}`),
    );
    const handler = { token: staff.handler.token, businessId: owner.businessId };
    expect(expectStatus(await adjustStock(t, handler, product._id, { delta: -2 }), 200).json().quantity).toBe(3);
    expect(expectStatus(await clear(product._id, "Count", undefined, staff.handler.token), 200).json().quantity).toBe(
      0,
    );
    expect((await movements(product._id)).items[0]!.actorName).toBe(staff.handler.username);
  });
});
