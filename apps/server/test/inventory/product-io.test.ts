import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductCsv, PRODUCT_CSV_COLUMNS } from "@app/shared/inventory/product-csv";
import { MAX_CENTS, MAX_STOCK_QUANTITY } from "@app/shared/money/limits";
import { addBusiness, client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  expectRefused,
  expectStatus,
  inventoryStaff,
  ledgerProblems,
  newCategory,
  newProduct,
  newSubcategory,
  recordSale,
  type Actor,
} from "../factories/inventory.ts";

/** CSV import (all rows or none) and export of products, as the web app drives them. */
let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
});
afterAll(async () => {
  expect(await ledgerProblems(t.database)).toEqual([]);
  await t.close();
});

const HEADER = PRODUCT_CSV_COLUMNS.join(",");
const importRows = (who: Actor, rows: unknown[]) =>
  client(t.app, who.token).post("/api/products/import", { businessId: who.businessId, rows });
/** What the web app does with a file: parse and check it, then send the typed rows. */
function rowsOf(csv: string) {
  const { rows, problems } = parseProductCsv(csv);
  expect(problems).toEqual([]);
  return rows;
}
const exportCsv = async (who: Actor) =>
  expectStatus(await client(t.app, who.token).get(`/api/products/export?businessId=${who.businessId}`), 200);
const stored = async (businessId: string) =>
  (
    await t.database.pool.query(
      `SELECT p.name, p.sku, p.barcode, c.name AS category, s.name AS subcategory, p.unit, p.buying_price, p.selling_price, p.wholesale_price, p.quantity, p.reorder_level, p.description
       FROM products p LEFT JOIN categories c ON c.business_id = p.business_id AND c.id = p.category_id
       LEFT JOIN subcategories s ON s.business_id = p.business_id AND s.id = p.subcategory_id
       WHERE p.business_id = $1 ORDER BY p.name`,
      [businessId],
    )
  ).rows;

describe("POST /api/products/import", () => {
  it("imports every row of a valid file: prices in cents, categories by name, opening stock in the ledger", async () => {
    const shop = await registerBusiness(t.app);
    await newCategory(t, shop, "Drinks");
    const csv = `${HEADER}\nSoda 500ml,S-1,6161000001,drinks,Soft,btl,40,60.50,55,24,6,Cold\n"Tea, 100 bags",T-1,,Beverages,,box,150,199.99,,0,,"Kenyan ""gold"""\nBread,,,,,,,65,,3,1,\n`;
    const rows = rowsOf(csv);
    expect(expectStatus(await importRows(shop, rows), 201).json()).toEqual({ created: 3 });
    expect(await stored(shop.businessId)).toEqual([
      {
        name: "Bread",
        sku: null,
        barcode: null,
        category: null,
        subcategory: null,
        unit: "pcs",
        buying_price: 0,
        selling_price: 6500,
        wholesale_price: 0,
        quantity: 3,
        reorder_level: 1,
        description: "",
      },
      {
        name: "Soda 500ml",
        sku: "S-1",
        barcode: "6161000001",
        category: "Drinks",
        subcategory: "Soft",
        unit: "btl",
        buying_price: 4000,
        selling_price: 6050,
        wholesale_price: 5500,
        quantity: 24,
        reorder_level: 6,
        description: "Cold",
      },
      {
        name: "Tea, 100 bags",
        sku: "T-1",
        barcode: null,
        category: "Beverages",
        subcategory: null,
        unit: "box",
        buying_price: 15000,
        selling_price: 19999,
        wholesale_price: 0,
        quantity: 0,
        reorder_level: 0,
        description: 'Kenyan "gold"',
      },
    ]);
    const { rows: movements } = await t.database.pool.query(
      "SELECT delta, reason, note FROM stock_movements WHERE business_id = $1 ORDER BY delta",
      [shop.businessId],
    );
    expect(movements).toEqual([
      { delta: 3, reason: "adjustment", note: "Imported opening stock" },
      { delta: 24, reason: "adjustment", note: "Imported opening stock" },
    ]);
  });

  it("a file with bad rows is reported by line and field, and the server writes nothing for such rows", async () => {
    const csv = `${HEADER}\nGood,G-1,,,,,,10,,1,,\n,G-2,,,,,,10,,1,,\nPricey,G-3,,,,,,ten,,1,,\nFraction,G-4,,,,,,10,,1.5,,\nGood too,G-1,,,,,,10,,1,,\n`;
    const { rows, problems } = parseProductCsv(csv);
    expect(rows).toEqual([]);
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [3, "name"],
      [4, "sellingPrice"],
      [5, "quantity"],
      [6, "sku"],
    ]);
    // A client that skipped the checks: the server's schema refuses the bad rows, naming each one.
    const sent = [
      {
        name: "Good",
        sku: "G-1",
        barcode: null,
        category: null,
        subcategory: null,
        unit: "pcs",
        buyingPrice: 0,
        sellingPrice: 1000,
        wholesalePrice: 0,
        quantity: 1,
        reorderLevel: 0,
        description: "",
      },
    ];
    const bad = [
      { ...sent[0], name: "" },
      { ...sent[0], sku: "G-9", sellingPrice: -5 },
      { ...sent[0], sku: "G-8", quantity: 1.5 },
    ];
    const res = await expectRefused(t, 400, () => importRows(owner, [...sent, ...bad]));
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      "rows.1.name",
      "rows.2.sellingPrice",
      "rows.3.quantity",
    ]);
  });

  it("codes used twice in the file or already in the business are reported by line, and nothing is written", async () => {
    await newProduct(t, owner, { sku: "TAKEN-SKU", barcode: "TAKEN-BC" });
    const csv = `${HEADER}\nOne,NEW-1,,,,,,10,,1,,\nTwo,TAKEN-SKU,,,,,,10,,1,,\nThree,NEW-3,TAKEN-BC,,,,,10,,1,,\nFour,NEW-4,,Fresh category,,,,10,,1,,\n`;
    const res = await expectRefused(t, 400, () => importRows(owner, rowsOf(csv)));
    expect(res.json().error.fields).toEqual({
      "line 3.sku": expect.stringContaining("TAKEN-SKU"),
      "line 4.barcode": expect.stringContaining("TAKEN-BC"),
    });
    const twice = `${HEADER}\nOne,SAME,,,,,,10,,1,,\nTwo,SAME,,,,,,10,,1,,\n`;
    const { problems } = parseProductCsv(twice);
    expect(problems).toEqual([{ line: 3, field: "sku", message: "Same sku as line 2" }]);
  });

  it("400 for no rows, 403 for another business, nothing written", async () => {
    const stranger = await registerBusiness(t.app);
    await expectRefused(t, 400, () => importRows(owner, []));
    await expectRefused(t, 403, () =>
      importRows({ token: owner.token, businessId: stranger.businessId }, rowsOf(`${HEADER}\nX,,,,,,,1,,,,\n`)),
    );
  });
});

describe("the same limits as the create route (issue 18, item 7)", () => {
  it("a price of 9e15 cents (it was imported) is 400 like on the create route; the largest allowed figures import", async () => {
    const shop = await registerBusiness(t.app);
    const row = {
      name: "Gold",
      sku: null,
      barcode: null,
      category: null,
      subcategory: null,
      unit: "g",
      buyingPrice: 0,
      sellingPrice: 9e15,
      wholesalePrice: 0,
      quantity: 0,
      reorderLevel: 0,
      description: "",
    };
    const refused = await importRows(shop, [row]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toHaveProperty("rows.0.sellingPrice");
    expect(
      (
        await client(t.app, shop.token).post("/api/products", {
          businessId: shop.businessId,
          name: "Gold",
          sellingprice: 9e15,
        })
      ).statusCode,
    ).toBe(400);
    expect(await stored(shop.businessId)).toEqual([]);
    const largest = { ...row, sellingPrice: MAX_CENTS, buyingPrice: MAX_CENTS, quantity: MAX_STOCK_QUANTITY };
    expect((await importRows(shop, [largest])).statusCode).toBe(201);
    expect((await stored(shop.businessId))[0]).toMatchObject({
      selling_price: MAX_CENTS,
      quantity: MAX_STOCK_QUANTITY,
    });
  });
});

describe("GET /api/products/export", () => {
  it("every live product as a CSV download in the import's columns", async () => {
    const shop = await registerBusiness(t.app);
    const cat = await newCategory(t, shop, "Dairy");
    const sub = await newSubcategory(t, shop, cat._id, "Milk");
    await newProduct(t, shop, {
      name: "Fresh milk, 500ml",
      sku: "M-1",
      subcategoryId: sub._id,
      sellingprice: 6000,
      buyingPrice: 4550,
      quantity: 12,
      reorderLevel: 4,
      description: 'The "good" one',
    });
    const sold = await newProduct(t, shop, { name: "Archived yoghurt", quantity: 2 });
    await recordSale(t, shop.businessId, sold._id, 1);
    expectStatus(await client(t.app, shop.token).del(`/api/products/${sold._id}`), 200);
    const res = await exportCsv(shop);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="products.csv"');
    expect(res.body.split(/\r?\n/)).toEqual([
      HEADER,
      '"Fresh milk, 500ml",M-1,,Dairy,Milk,pcs,45.50,60.00,0.00,12,4,"The ""good"" one",,,,,',
    ]);
  });

  it("the eTIMS columns fill KRA's codes: imported with the product, exported back, none where a cell is empty", async () => {
    const shop = await registerBusiness(t.app);
    const rows = rowsOf(
      [
        "name,sellingPrice,etimsItemClass,etimsItemType,etimsOrigin,etimsPackagingUnit,etimsQuantityUnit",
        "Unga 2kg,180,5020230100,2,ke,BG,U",
        "Sukari 1kg,150,,,,,",
      ].join("\n"),
    );
    expectStatus(await importRows(shop, rows), 201);
    const { rows: codes } = await t.database.pool.query(
      `SELECT name, etims_item_class, etims_item_type, etims_origin, etims_packaging_unit, etims_quantity_unit
       FROM products WHERE business_id = $1 ORDER BY name`,
      [shop.businessId],
    );
    expect(codes).toEqual([
      {
        name: "Sukari 1kg",
        etims_item_class: null,
        etims_item_type: null,
        etims_origin: null,
        etims_packaging_unit: null,
        etims_quantity_unit: null,
      },
      {
        name: "Unga 2kg",
        etims_item_class: "5020230100",
        etims_item_type: "2",
        etims_origin: "KE",
        etims_packaging_unit: "BG",
        etims_quantity_unit: "U",
      },
    ]);
    const lines = (await exportCsv(shop)).body.split(/\r?\n/);
    expect(lines).toContain("Unga 2kg,,,,,pcs,0.00,180.00,0.00,0,0,,5020230100,2,KE,BG,U");
    expect(lines).toContain("Sukari 1kg,,,,,pcs,0.00,150.00,0.00,0,0,,,,,,");
  });

  it("an eTIMS code that is not letters and digits is 400 and nothing is written", async () => {
    const shop = await registerBusiness(t.app);
    const bad = { ...rowsOf("name,sellingPrice\nUnga,180")[0]!, etimsOrigin: "K E" };
    expectStatus(await importRows(shop, [bad]), 400);
    expect(await stored(shop.businessId)).toEqual([]);
  });

  it("cells a spreadsheet would run as formulas are written as text, and import back as they were", async () => {
    const shop = await registerBusiness(t.app);
    const names = ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A9)"];
    for (const [i, name] of names.entries())
      await newProduct(t, shop, { name, sku: `=S${i}`, description: "\t=1+1", sellingprice: 100 });
    const res = await exportCsv(shop);
    const cells = res.body
      .split(/\r?\n/)
      .slice(1)
      .flatMap((line) => line.split(","));
    expect(cells.filter((c) => /^"?[=+\-@\t\r]/.test(c))).toEqual([]);
    const copy = await addBusiness(t.app, shop);
    expectStatus(await importRows({ ...shop, businessId: copy.businessId }, rowsOf(res.body)), 201);
    const back = await stored(copy.businessId);
    expect(back.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(back.every((p) => p.description === "=1+1")).toBe(true);
  });

  it("round-trips: exported, parsed and imported into another business, it exports the same file", async () => {
    const shop = await registerBusiness(t.app);
    const branch: Actor = { token: shop.token, ...(await addBusiness(t.app, shop)) };
    const cat = await newCategory(t, shop, "Hardware");
    const sub = await newSubcategory(t, shop, cat._id, "Fasteners");
    await newProduct(t, shop, {
      name: "Nails 2in",
      sku: "N-2",
      barcode: "700001",
      subcategoryId: sub._id,
      sellingprice: 1999,
      wholesalePrice: 1500,
      buyingPrice: 1000,
      quantity: 500,
      reorderLevel: 50,
      unit: "kg",
    });
    await newProduct(t, shop, {
      name: "Hammer",
      categoryId: cat._id,
      sellingprice: 85_000,
      quantity: 3,
      description: "Steel, 16oz\nwith grip",
    });
    await newProduct(t, shop, { name: "Glue", sellingprice: 25_050 });
    const exported = (await exportCsv(shop)).body;
    expect(expectStatus(await importRows(branch, rowsOf(exported)), 201).json()).toEqual({ created: 3 });
    expect((await exportCsv(branch)).body).toBe(exported);
    expect(await stored(branch.businessId)).toEqual(await stored(shop.businessId));
  });

  it("400 without a business, 403 for another owner's", async () => {
    const stranger = await registerBusiness(t.app);
    await expectRefused(t, 400, () => client(t.app, owner.token).get("/api/products/export"));
    await expectRefused(t, 403, () =>
      client(t.app, owner.token).get(`/api/products/export?businessId=${stranger.businessId}`),
    );
  });
});

describe("permissions (spec section 6)", () => {
  it("reviewStock and handleTransfer export only; handleStock imports; a Cashier without flags does neither", async () => {
    const staff = await inventoryStaff(t, owner);
    const rows = rowsOf(`${HEADER}\nStaff import,,,,,,,1,,,,\n`);
    for (const who of [staff.reviewer, staff.mover]) {
      await exportCsv(who);
      await expectRefused(t, 403, () => importRows(who, rows));
    }
    await expectRefused(t, 403, () =>
      client(t.app, staff.cashier.token).get(`/api/products/export?businessId=${owner.businessId}`),
    );
    await expectRefused(t, 403, () => importRows(staff.cashier, rows));
    expect(expectStatus(await importRows(staff.handler, rows), 201).json()).toEqual({ created: 1 });
  });
});
