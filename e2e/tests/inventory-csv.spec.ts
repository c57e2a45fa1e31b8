import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Wholesale ${id}`, username: `csv${id}`, password: "secret123" };
const product = { name: `Soda 500ml ${id}`, sku: `SODA-${id}` };
let page: Page;

const gridRow = (name: string) => page.getByRole("row").filter({ hasText: name });

test.beforeAll(async ({ browser, request }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await registerFromHome(page, owner);
  await expect(page).toHaveURL(/\/$/);
  // One product made through the API, whose SKU the import will collide with.
  const login = await request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const [business] = await (await request.get("/api/businesses", { headers })).json();
  const created = await request.post("/api/products", {
    headers,
    data: { businessId: business._id, name: product.name, sku: product.sku, sellingprice: 6000, quantity: 10 },
  });
  expect(created.status()).toBe(201);
  await page.getByRole("link", { name: "Inventory" }).click();
  await expect(gridRow(product.name)).toBeVisible();
});
test.afterAll(() => page.close());

test("CSV import shows each bad row by line and field and writes nothing; a valid file imports; export downloads", async () => {
  await page.getByRole("tab", { name: "Products", exact: true }).click();
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  // The server's limits are said, and a file over them is refused before it is read or sent.
  await expect(dialog.getByTestId("import-limits")).toHaveText("Files up to 10 MB and 50,000 products.");
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/api/products/import") && sent.push(r.url()));
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "huge.csv",
    mimeType: "text/csv",
    buffer: Buffer.alloc(11 * 1024 * 1024, "a"),
  });
  await expect(
    dialog.getByText(
      "huge.csv is 11 MB; the import takes files up to 10 MB and 50,000 products. Split it into smaller files.",
    ),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await shot(page, "inventory-import-too-large");
  expect(sent).toEqual([]);
  const bad = [
    "name,sku,sellingPrice,quantity",
    "Maize flour,MF-1,120,10",
    ",MF-2,abc,3",
    `Rice,${product.sku},90,x`,
  ].join("\n");
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  const problems = dialog.getByRole("table", { name: "Problems in the file" });
  await expect(problems.getByRole("row").filter({ hasText: "name" })).toContainText("3");
  await expect(problems.getByRole("row").filter({ hasText: "sellingPrice" })).toContainText(
    '"abc" is not an amount in shillings',
  );
  await expect(problems.getByRole("row").filter({ hasText: "quantity" })).toContainText("4");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await shot(page, "inventory-import-errors");

  // Valid in itself, but the SKU is already used: the server refuses the whole file.
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "dup.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["name,sku,sellingPrice", `Rice,${product.sku},90`].join("\n")),
  });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(problems.getByRole("row").filter({ hasText: "sku" })).toContainText(
    `SKU ${product.sku} is already used by a product`,
  );

  const good = [
    "name,sku,category,sellingPrice,buyingPrice,quantity,reorderLevel",
    `Maize flour 2kg,MF-${id},Flour,210.00,180,12,3`,
    `Rice 1kg,RC-${id},Grains,150,120,0,2`,
  ].join("\n");
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "good.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await expect(dialog.getByText("good.csv: 2 products, all valid. Import them now?")).toBeVisible();
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("Imported 2 products.")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(gridRow("Maize flour 2kg")).toContainText("Flour");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-.*\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString("utf8")).toContain(`${product.name},${product.sku}`);
});

test("clearing a quantity asks for a reason and confirmation; deleting a product asks first", async () => {
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("aria-label", "Notifications: 1"); // the imported rice came with none
  await gridRow("Maize flour 2kg").click();
  await expect(page.getByTestId("product-quantity")).toHaveText("12 pcs");
  await page.getByRole("button", { name: "Clear quantity" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear the stock of Maize flour 2kg?" });
  await expect(dialog).toContainText("The quantity goes from 12 to 0.");
  await dialog.getByRole("button", { name: "Clear quantity" }).click();
  await expect(dialog.getByText("Say why the stock is cleared")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Weevils in the sacks");
  await dialog.getByRole("button", { name: "Clear quantity" }).click();
  await expect(page.getByTestId("product-quantity")).toHaveText("0 pcs");
  await expect(
    page
      .getByRole("grid", { name: "Stock movement history" })
      .getByRole("row")
      .filter({ hasText: "Weevils in the sacks" }),
  ).toContainText("Cleared");
  await expect(bell).toHaveAttribute("aria-label", "Notifications: 2");

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this product?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("product-quantity")).toHaveText("0 pcs"); // still there
  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText("Maize flour 2kg deleted")).toBeVisible();
  await expect(gridRow(product.name)).toBeVisible();
  await expect(gridRow("Maize flour 2kg")).toHaveCount(0);
  await expect(bell).toHaveAttribute("aria-label", "Notifications: 1");
});
