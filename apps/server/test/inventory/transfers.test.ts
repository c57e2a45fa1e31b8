import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STOCK_QUANTITY } from "@app/shared/inventory/stock";
import { transferSchema, type Transfer } from "@app/shared/inventory/transfer";
import {
  addBusiness,
  client,
  createTestApp,
  registerBusiness,
  signInSupport,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import {
  expectRefused,
  expectStatus,
  getProduct,
  inventoryStaff,
  ledgerProblems,
  newProduct,
  quantitiesOf,
  recordSale,
  transfer,
  type Actor,
} from "../factories/inventory.ts";

let t: TestApp;
let owner: Owner;
let branch: Actor & { businessName: string };
let stranger: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  branch = { token: owner.token, ...(await addBusiness(t.app, owner)) };
  stranger = await registerBusiness(t.app);
});
afterAll(async () => {
  expect(await ledgerProblems(t.database)).toEqual([]);
  await t.close();
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const post = (path: string, body: object, key?: string, token = owner.token) =>
  client(t.app, token).post(path, body, key ? { "idempotency-key": key } : {});
const transferLog = async (who: Actor, query = "") =>
  expectStatus(await client(t.app, who.token).get(`/api/transfers?businessId=${who.businessId}&${query}`), 200).json();
const productsOf = async (businessId: string) =>
  (
    await t.database.pool.query<{
      id: string;
      name: string;
      sku: string | null;
      barcode: string | null;
      quantity: number;
      selling_price: number;
    }>("SELECT id, name, sku, barcode, quantity, selling_price FROM products WHERE business_id = $1 ORDER BY name", [
      businessId,
    ])
  ).rows;

describe("POST /api/businesses/products/transfer", () => {
  it("moves quantities; the destination product is matched by SKU, else barcode, else created; both logs show it", async () => {
    const bySku = await newProduct(t, owner, { name: "Rice 2kg", sku: "RICE-2", quantity: 20 });
    const byBarcode = await newProduct(t, owner, { name: "Oil 1L", barcode: "600100", quantity: 10 });
    const fresh = await newProduct(t, owner, {
      name: "Salt",
      sku: "SALT-1",
      barcode: "600200",
      quantity: 8,
      sellingprice: 4500,
      reorderLevel: 2,
      unit: "bag",
    });
    const theirRice = await newProduct(t, branch, { name: "Rice (branch name)", sku: "RICE-2", quantity: 1 });
    const theirOil = await newProduct(t, branch, { name: "Oil", barcode: "600100" });
    const lines = [
      { productId: bySku._id, quantity: 5 },
      { productId: byBarcode._id, quantity: 10 },
      { productId: fresh._id, quantity: 3 },
    ];
    const res = expectStatus(
      await post("/api/businesses/products/transfer", {
        businessId: owner.businessId,
        toBusinessId: branch.businessId,
        products: lines,
        note: "Weekly restock",
      }),
      201,
    );
    const done = transferSchema.parse(res.json());
    expect(done).toMatchObject({
      kind: "transfer",
      fromBusinessId: owner.businessId,
      fromBusinessName: owner.businessName,
      toBusinessId: branch.businessId,
      toBusinessName: branch.businessName,
      note: "Weekly restock",
      createdBy: owner.username,
    });
    const created = done.lines.find((l) => l.productId === fresh._id)!.toProductId;
    expect(done.lines).toEqual([
      { productId: bySku._id, toProductId: theirRice._id, name: "Rice 2kg", quantity: 5 },
      { productId: byBarcode._id, toProductId: theirOil._id, name: "Oil 1L", quantity: 10 },
      { productId: fresh._id, toProductId: created, name: "Salt", quantity: 3 },
    ]);
    const quantities = await quantitiesOf(t.database, [
      bySku._id,
      byBarcode._id,
      fresh._id,
      theirRice._id,
      theirOil._id,
      created,
    ]);
    expect([...quantities.entries()].sort()).toEqual(
      [
        [bySku._id, 15],
        [byBarcode._id, 0],
        [fresh._id, 5],
        [theirRice._id, 6],
        [theirOil._id, 10],
        [created, 3],
      ].sort(),
    );
    expect(await getProduct(t, branch, created)).toMatchObject({
      name: "Salt",
      sku: "SALT-1",
      barcode: "600200",
      sellingprice: 4500,
      reorderLevel: 2,
      unit: "bag",
      business: branch.businessId,
    });
    expect((await transferLog(owner)).items[0]).toEqual(done);
    expect((await transferLog(branch)).items[0]).toEqual(done);
    const { rows } = await t.database.pool.query(
      "SELECT business_id, reason, delta FROM stock_movements WHERE ref_id = $1 ORDER BY reason, delta",
      [done._id],
    );
    expect(rows).toHaveLength(6);
  });

  it("all lines or none: one line over the stock is a 409 naming the product; an unknown product is a 400; nothing written", async () => {
    const plenty = await newProduct(t, owner, { name: "Plenty", sku: "ATOM-1", quantity: 50 });
    const scarce = await newProduct(t, owner, { name: "Scarce Soap", sku: "ATOM-2", quantity: 2 });
    const lines = [
      { productId: plenty._id, quantity: 10 },
      { productId: scarce._id, quantity: 3 },
    ];
    const res = await expectRefused(t, 409, () => transfer(t, owner, branch.businessId, lines));
    expect(res.json().error.message).toContain("Scarce Soap");
    expect(res.json().error.fields).toEqual({ [`products.${scarce._id}`]: expect.any(String) });
    const theirs = await newProduct(t, branch, { quantity: 5 });
    await expectRefused(t, 400, () =>
      transfer(t, owner, branch.businessId, [
        { productId: plenty._id, quantity: 1 },
        { productId: theirs._id, quantity: 1 },
      ]),
    );
    await expectRefused(t, 400, () => transfer(t, owner, branch.businessId, [{ productId: MISSING, quantity: 1 }]));
  });

  it.each([
    [
      "the same business",
      (p: string) => ({ toBusinessId: owner.businessId, products: [{ productId: p, quantity: 1 }] }),
    ],
    ["no lines", () => ({ toBusinessId: branch.businessId, products: [] })],
    [
      "a zero quantity",
      (p: string) => ({ toBusinessId: branch.businessId, products: [{ productId: p, quantity: 0 }] }),
    ],
    [
      "a product twice",
      (p: string) => ({
        toBusinessId: branch.businessId,
        products: [
          { productId: p, quantity: 1 },
          { productId: p, quantity: 1 },
        ],
      }),
    ],
    ["no destination", (p: string) => ({ products: [{ productId: p, quantity: 1 }] })],
  ])("400 with nothing written: %s", async (_label, body) => {
    const product = await newProduct(t, owner, { quantity: 5 });
    await expectRefused(t, 400, () =>
      post("/api/businesses/products/transfer", { businessId: owner.businessId, ...body(product._id) }),
    );
  });

  it("both businesses must be the owner's: 403 with nothing written", async () => {
    const mine = await newProduct(t, owner, { quantity: 5 });
    const theirs = await newProduct(t, stranger, { quantity: 5 });
    await expectRefused(t, 403, () => transfer(t, owner, stranger.businessId, [{ productId: mine._id, quantity: 1 }]));
    await expectRefused(t, 403, () => transfer(t, owner, MISSING, [{ productId: mine._id, quantity: 1 }]));
    await expectRefused(t, 403, () =>
      transfer(t, { token: owner.token, businessId: stranger.businessId }, owner.businessId, [
        { productId: theirs._id, quantity: 1 },
      ]),
    );
    await expectRefused(t, 403, () =>
      transfer(t, stranger, owner.businessId, [{ productId: theirs._id, quantity: 1 }]),
    );
  });

  it("support may not move stock between businesses of different owners", async () => {
    const support = await signInSupport(t.app, t.database);
    const theirs = await newProduct(t, stranger, { quantity: 5 });
    await expectRefused(t, 403, () =>
      transfer(t, { token: support.token, businessId: stranger.businessId }, owner.businessId, [
        { productId: theirs._id, quantity: 1 },
      ]),
    );
  });

  it("409 when the destination would pass the largest quantity; nothing written", async () => {
    const source = await newProduct(t, owner, { name: "Screws", sku: "MAX-1", quantity: 10 });
    await newProduct(t, branch, { name: "Screws", sku: "MAX-1", quantity: MAX_STOCK_QUANTITY - 5 });
    const res = await expectRefused(t, 409, () =>
      transfer(t, owner, branch.businessId, [{ productId: source._id, quantity: 6 }]),
    );
    expect(res.json().error.message).toContain("Screws");
  });
});

describe("the destination business", () => {
  it("an archived product matched at the destination is brought back to the catalog with the stock", async () => {
    const source = await newProduct(t, owner, { name: "Seasonal", sku: "SEASON-1", quantity: 5 });
    const there = await newProduct(t, branch, { name: "Seasonal", sku: "SEASON-1", quantity: 1 });
    await recordSale(t, branch.businessId, there._id, 1);
    expect(expectStatus(await client(t.app, owner.token).del(`/api/products/${there._id}`), 200).json()).toEqual({
      archived: true,
    });
    const done = expectStatus(
      await transfer(t, owner, branch.businessId, [{ productId: source._id, quantity: 4 }]),
      201,
    ).json();
    expect(done.lines[0].toProductId).toBe(there._id);
    expect(await getProduct(t, branch, there._id)).toMatchObject({ quantity: 4, archived: false, active: true });
    const listed = expectStatus(
      await client(t.app, owner.token).get(`/api/products?businessId=${branch.businessId}&search=SEASON-1`),
      200,
    ).json();
    expect(listed.items.map((p: { _id: string }) => p._id)).toEqual([there._id]);
  });

  it("an inactive business or one that keeps no stock (payroll) cannot receive stock; nothing written", async () => {
    const product = await newProduct(t, owner, { quantity: 5 });
    const payroll = await addBusiness(t.app, owner, "payroll");
    const res = await expectRefused(t, 403, () =>
      transfer(t, owner, payroll.businessId, [{ productId: product._id, quantity: 1 }]),
    );
    expect(res.json().error.message).toContain(payroll.businessName);
    await expectRefused(t, 403, () =>
      post("/api/businesses/all/products/copy/business", {
        businessId: owner.businessId,
        toBusinessId: payroll.businessId,
      }),
    );
    const closed = await addBusiness(t.app, owner);
    const support = await signInSupport(t.app, t.database);
    expectStatus(
      await client(t.app, support.token).patch(`/api/businesses/${closed.businessId}`, { accountActive: false }),
      200,
    );
    const inactive = await expectRefused(t, 403, () =>
      transfer(t, owner, closed.businessId, [{ productId: product._id, quantity: 1 }]),
    );
    expect(inactive.json().error.code).toBe("ACCOUNT_INACTIVE");
  });
});

describe("POST /api/businesses/all/products/transfer and /all/products/copy/business", () => {
  it("transfer-all moves every stocked live product; copy makes the catalog with zero quantity", async () => {
    const shop = await registerBusiness(t.app);
    const [other, third] = [
      { token: shop.token, ...(await addBusiness(t.app, shop)) },
      { token: shop.token, ...(await addBusiness(t.app, shop)) },
    ];
    await newProduct(t, shop, { name: "Beans", sku: "B-1", quantity: 7 });
    await newProduct(t, shop, { name: "Flour", barcode: "F-1", quantity: 3 });
    await newProduct(t, shop, { name: "Empty shelf", quantity: 0 });
    await newProduct(t, other, { name: "Beans here", sku: "B-1", quantity: 1 });
    const all = transferSchema.parse(
      expectStatus(
        await post(
          "/api/businesses/all/products/transfer",
          { businessId: shop.businessId, toBusinessId: other.businessId },
          undefined,
          shop.token,
        ),
        201,
      ).json(),
    );
    expect(all).toMatchObject({ kind: "transfer_all", note: "All stock" });
    expect(all.lines.map((l) => [l.name, l.quantity]).sort()).toEqual([
      ["Beans", 7],
      ["Flour", 3],
    ]);
    expect((await productsOf(shop.businessId)).map((p) => p.quantity)).toEqual([0, 0, 0]);
    expect((await productsOf(other.businessId)).map((p) => [p.name, p.quantity])).toEqual([
      ["Beans here", 8],
      ["Flour", 3],
    ]);
    await expectRefused(t, 409, () =>
      post(
        "/api/businesses/all/products/transfer",
        { businessId: shop.businessId, toBusinessId: other.businessId },
        undefined,
        shop.token,
      ),
    );

    const copy = transferSchema.parse(
      expectStatus(
        await post(
          "/api/businesses/all/products/copy/business",
          { businessId: other.businessId, toBusinessId: third.businessId },
          undefined,
          shop.token,
        ),
        201,
      ).json(),
    );
    expect(copy).toMatchObject({ kind: "copy", fromBusinessId: other.businessId, toBusinessId: third.businessId });
    expect((await productsOf(third.businessId)).map((p) => [p.name, p.sku, p.barcode, p.quantity])).toEqual([
      ["Beans here", "B-1", null, 0],
      ["Flour", null, "F-1", 0],
    ]);
    expect((await productsOf(other.businessId)).map((p) => p.quantity)).toEqual([8, 3]);
    const { rows } = await t.database.pool.query("SELECT 1 FROM stock_movements WHERE ref_id = $1", [copy._id]);
    expect(rows).toEqual([]);
    // Copying again matches what is there instead of duplicating it.
    expectStatus(
      await post(
        "/api/businesses/all/products/copy/business",
        { businessId: other.businessId, toBusinessId: third.businessId },
        undefined,
        shop.token,
      ),
      201,
    );
    expect(await productsOf(third.businessId)).toHaveLength(2);
  });

  it("403 for another owner's business, 409 with nothing to move or copy, 400 for the same business; nothing written", async () => {
    const empty = await registerBusiness(t.app);
    const emptyBranch = await addBusiness(t.app, empty);
    for (const path of ["/api/businesses/all/products/transfer", "/api/businesses/all/products/copy/business"]) {
      await expectRefused(t, 403, () =>
        post(path, { businessId: owner.businessId, toBusinessId: stranger.businessId }),
      );
      await expectRefused(t, 403, () =>
        post(path, { businessId: stranger.businessId, toBusinessId: owner.businessId }),
      );
      await expectRefused(t, 400, () => post(path, { businessId: owner.businessId, toBusinessId: owner.businessId }));
      await expectRefused(t, 409, () =>
        post(path, { businessId: empty.businessId, toBusinessId: emptyBranch.businessId }, undefined, empty.token),
      );
    }
  });
});

describe("Idempotency-Key on transfers", () => {
  it("a retry returns the first result; the key with other lines is refused; a retried transfer-all returns its first result", async () => {
    const product = await newProduct(t, owner, { sku: "IDEM-T", quantity: 10 });
    const first = expectStatus(
      await transfer(t, owner, branch.businessId, [{ productId: product._id, quantity: 4 }], "transfer-key-01"),
      201,
    );
    expect(
      expectStatus(
        await transfer(t, owner, branch.businessId, [{ productId: product._id, quantity: 4 }], "transfer-key-01"),
        201,
      ).json(),
    ).toEqual(first.json());
    await expectRefused(t, 422, () =>
      transfer(t, owner, branch.businessId, [{ productId: product._id, quantity: 5 }], "transfer-key-01"),
    );
    expect((await getProduct(t, owner, product._id)).quantity).toBe(6);

    const shop = await registerBusiness(t.app);
    const other = await addBusiness(t.app, shop);
    await newProduct(t, shop, { quantity: 9 });
    const body = { businessId: shop.businessId, toBusinessId: other.businessId };
    const all = expectStatus(
      await post("/api/businesses/all/products/transfer", body, "all-key-0001", shop.token),
      201,
    );
    expect(
      expectStatus(await post("/api/businesses/all/products/transfer", body, "all-key-0001", shop.token), 201).json(),
    ).toEqual(all.json());
    expect((await productsOf(other.businessId)).map((p) => p.quantity)).toEqual([9]);
  });
});

describe("GET /api/transfers", () => {
  it("newest first, paged, with the total; 403 for another business", async () => {
    const shop = await registerBusiness(t.app);
    const other: Actor = { token: shop.token, ...(await addBusiness(t.app, shop)) };
    const product = await newProduct(t, shop, { quantity: 10 });
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++)
      ids.push(
        (
          expectStatus(
            await transfer(t, shop, other.businessId, [{ productId: product._id, quantity: i }]),
            201,
          ).json() as Transfer
        )._id,
      );
    const page0 = await transferLog(shop, "pageSize=2");
    const page1 = await transferLog(shop, "pageSize=2&page=1");
    expect(page0.total).toBe(3);
    expect([...page0.items, ...page1.items].map((x: Transfer) => x._id)).toEqual(ids.reverse());
    expect((await transferLog(other)).items.map((x: Transfer) => x.lines[0]!.quantity)).toEqual([3, 2, 1]);
    await expectRefused(t, 403, () =>
      client(t.app, stranger.token).get(`/api/transfers?businessId=${shop.businessId}`),
    );
    expectStatus(await client(t.app, shop.token).get(`/api/transfers?businessId=${shop.businessId}&pageSize=500`), 400);
  });
});

describe("permissions (spec section 6)", () => {
  it("handleTransfer moves stock to another business of the same owner; other staff are refused", async () => {
    const staff = await inventoryStaff(t, owner);
    const product = await newProduct(t, owner, { sku: "STAFF-T", quantity: 10 });
    const line = [{ productId: product._id, quantity: 1 }];
    for (const who of [staff.handler, staff.reviewer, staff.cashier]) {
      await expectRefused(t, 403, () => transfer(t, who, branch.businessId, line));
      await expectRefused(t, 403, () =>
        post(
          "/api/businesses/all/products/copy/business",
          { businessId: owner.businessId, toBusinessId: branch.businessId },
          undefined,
          who.token,
        ),
      );
    }
    const moved = expectStatus(await transfer(t, staff.mover, branch.businessId, line), 201).json();
    expect(moved.createdBy).toBe(staff.mover.username);
    await expectRefused(t, 403, () => transfer(t, staff.mover, stranger.businessId, line));
    for (const who of [staff.reviewer, staff.mover, staff.handler])
      expectStatus(await client(t.app, who.token).get(`/api/transfers?businessId=${owner.businessId}`), 200);
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(`/api/transfers?businessId=${owner.businessId}`),
    );
  });
});
