import { expect, test, type Locator, type Page } from "@playwright/test";
import { registerFromHome, shot, unique, pickOption } from "./helpers.ts";
import { png } from "./png.ts";

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Duka ${id}`, username: `inv${id}`, password: "secret123" };
const branchName = `Branch ${id}`;
const product = { name: `Soda 500ml ${id}`, sku: `SODA-${id}` };
let page: Page;
let productUrl = "";

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
});
test.afterAll(() => page.close());

/** Chooses an option of an MUI select found by its label. */
async function choose(scope: Page | Locator, label: string, option: string) {
  await pickOption(scope.getByRole("combobox", { name: label, exact: true }), { name: option, exact: true });
}

const gridRow = (name: string) => page.getByRole("row").filter({ hasText: name });

test("an owner opens Inventory and adds a category with a subcategory", async () => {
  await registerFromHome(page, owner);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText("No products yet. Add one with New product or import a CSV file.")).toBeVisible();
  await shot(page, "inventory-products-empty");

  await page.getByRole("tab", { name: "Categories", exact: true }).click();
  await expect(page.getByText("No categories yet. Add the first one above.")).toBeVisible();
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Required")).toBeVisible(); // nothing sent for an empty name
  await page.getByLabel("New category").fill("Beverages");
  await page.getByRole("button", { name: "Add category" }).click();
  const row = page.getByRole("row").filter({ hasText: "Beverages" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Add subcategory" }).click();
  await page.getByLabel("Subcategory name").fill("Sodas");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(row.getByText("Sodas")).toBeVisible();
  await shot(page, "inventory-categories");
});

test("the owner creates a product with an image; the form shows field errors first", async () => {
  await page.getByRole("tab", { name: "Products", exact: true }).click();
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page).toHaveURL(/\/products\/new$/);
  const form = page.getByRole("form", { name: "New product" });

  // A GIF is refused before anything is sent.
  await form
    .getByLabel("Product image")
    .setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(form.getByText("Choose a JPEG, PNG or WebP image")).toBeVisible();

  // The shared schema's errors show by field: no name, no selling price, a bad amount.
  await form.getByLabel("Buying price").fill("40.123");
  await form.getByRole("button", { name: "Create product" }).click();
  await expect(form.getByText("Required")).toHaveCount(2);
  await expect(form.getByText("Enter an amount in shillings, e.g. 120.50")).toBeVisible();

  await form.getByLabel("Name").fill(product.name);
  await form.getByLabel("SKU").fill(product.sku);
  await form.getByLabel("Barcode").fill(`600${id}`);
  await choose(form, "Category", "Beverages");
  await choose(form, "Subcategory", "Sodas");
  await form.getByLabel("Unit", { exact: true }).fill("bottle");
  await form.getByLabel("Buying price").fill("40");
  await form.getByLabel("Selling price").fill("60");
  await form.getByLabel("Wholesale price").fill("1,055.5");
  await form.getByLabel("Wholesale price").blur();
  await expect(form.getByLabel("Wholesale price")).toHaveValue("1055.50");
  await form.getByLabel("Opening quantity").fill("20");
  await form.getByLabel("Reorder level").fill("5");
  await form.getByLabel("Description").fill("Chilled soda, crate of 24 on delivery");
  await form
    .getByLabel("Product image")
    .setInputFiles({ name: "soda.png", mimeType: "image/png", buffer: png(96, [211, 47, 47]) });
  await expect(form.getByTestId("image-preview")).toBeVisible();
  await shot(page, "inventory-product-new");
  await form.getByRole("button", { name: "Create product" }).click();

  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  productUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: product.name })).toBeVisible();
  await expect(page.getByTestId("product-quantity")).toHaveText("20 bottle");
  await expect(page.getByTestId("image-preview")).toHaveAttribute("src", /^\/api\/files\/products\//);
  // The stored prices come back in shillings.
  await expect(page.getByLabel("Wholesale price")).toHaveValue("1055.50");
});

test("adjusting stock writes the movement history, and a low-stock alert reaches the bell and the panel", async () => {
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("aria-label", "Notifications: 0");
  const history = page.getByRole("grid", { name: "Stock movement history" });
  await expect(history.getByRole("row").filter({ hasText: "Opening stock" })).toContainText("+20");

  await page.getByRole("button", { name: "Adjust stock" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Units to add (negative to remove)").fill("-16");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Say why the stock changed")).toBeVisible(); // a note is required
  await dialog.getByLabel("Note").fill("Broken crate");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId("product-quantity")).toHaveText("4 bottle");
  const moved = history.getByRole("row").filter({ hasText: "Broken crate" });
  await expect(moved).toContainText("Adjustment");
  await expect(moved).toContainText("-16");
  await expect(moved).toContainText(owner.username);
  await expect(history.getByRole("row").nth(1)).toContainText("Broken crate"); // newest first

  // The mutation invalidates the notifications: no waiting for the 60 s poll.
  await expect(bell).toHaveAttribute("aria-label", "Notifications: 1");
  await expect(page.getByTestId("notification-count")).toContainText("1");
  await shot(page, "inventory-product-edit");
  await bell.click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toContainText(`${product.name} is low: 4 left (reorder level 5)`);
  await shot(page, "inventory-low-stock-panel");
  await panel.getByRole("button", { name: "Close notifications" }).click();
});

test("the product lists page, search and filter on the server", async () => {
  await page.getByRole("tab", { name: "Products", exact: true }).click();
  await expect(gridRow(product.name)).toContainText("Beverages");
  await expect(gridRow(product.name)).toContainText(/KES 1,055\.50/);
  await page.getByLabel("Search products").fill(product.sku.toLowerCase());
  await expect(gridRow(product.name)).toBeVisible();
  await page.getByLabel("Search products").fill("no such thing");
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  await page.getByLabel("Search products").fill("");
  await choose(page, "Stock status", "Low");
  await expect(gridRow(product.name)).toBeVisible();
  await shot(page, "inventory-products");
  await choose(page, "Stock status", "Out of stock");
  await expect(page.getByText("No products match these filters.")).toBeVisible();

  await page.getByRole("tab", { name: "Stock levels", exact: true }).click();
  await expect(gridRow(product.name)).toContainText("Low");
  await expect(gridRow(product.name)).toContainText(/KES 160\.00/); // 4 x 40.00 at cost
  await shot(page, "inventory-stock-levels");

  await page.getByRole("tab", { name: "All products", exact: true }).click();
  await expect(gridRow(product.name)).toContainText("Active");
  await shot(page, "inventory-all-products");

  await page.getByRole("tab", { name: "Stock overview", exact: true }).click();
  await expect(page.getByRole("list", { name: "Low stock" })).toContainText(product.name);
  await expect(page.getByLabel("Value at cost")).toHaveText(/KES 160\.00/);
  await shot(page, "inventory-stock");

  await page.getByRole("tab", { name: "Analysis", exact: true }).click();
  await expect(page.getByRole("table", { name: "Slow movers" })).toContainText(product.name);
  await expect(page.getByLabel("Value at selling price")).toHaveText(/KES 240\.00/);
  await shot(page, "inventory-stock-analysis");
});

test("a category page lists its products and moves one between subcategories", async () => {
  await page.getByRole("tab", { name: "Categories", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Beverages" });
  await row.getByRole("button", { name: "Add subcategory" }).click();
  await page.getByLabel("Subcategory name").fill("Juices");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(row.getByText("Juices")).toBeVisible();
  await row.getByRole("link", { name: "Beverages" }).click();
  await expect(page.getByRole("heading", { name: "Beverages" })).toBeVisible();
  await choose(page, `Subcategory of ${product.name}`, "Juices");
  await expect(page.getByText(`${product.name} moved`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: `Subcategory of ${product.name}` })).toHaveText("Juices");
  await shot(page, "inventory-category");
});

test("the Daily Stock Report shows today's opening and closing stock, searches, and says when nothing matches", async () => {
  await page.getByRole("tab", { name: "Daily logs", exact: true }).click();
  await expect(page).toHaveURL(/\/daily-logs$/);
  const table = page.getByRole("table", { name: "Daily stock logs" });
  const row = table.getByRole("row").filter({ hasText: product.name });
  // Created today with 20, then -16: opened the day at 0, closes at 4, changed by +4.
  await expect(row.getByRole("cell")).toHaveText([product.name, "0", "4", "4", "+4"]);
  const date = page.getByRole("group", { name: "Date" });
  await expect(date.locator("input")).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/); // MM/dd/yyyy, spec section 9
  await shot(page, "inventory-daily-logs");

  // An earlier day, before the product existed: no logs for it.
  await date.getByRole("spinbutton", { name: "Month" }).click();
  await page.keyboard.type("01022025", { delay: 50 }); // at typing pace: the picker moves between sections as it goes
  await expect(date.locator("input")).toHaveValue("01/02/2025");
  await expect(table.getByRole("cell")).toHaveText(["No stock logs found matching your search criteria."]);
  await page.reload(); // the chosen day lives in navigation state, so it survives a reload
  await expect(date.locator("input")).toHaveValue("01/02/2025");
  await page.getByRole("tab", { name: "Daily logs", exact: true }).click(); // a fresh visit opens on today
  await expect(row.getByRole("cell")).toHaveText([product.name, "0", "4", "4", "+4"]);
  await page.getByLabel("Search stock logs").fill("zzz-no-product");
  await expect(table.getByRole("cell")).toHaveText(["No stock logs found matching your search criteria."]);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await shot(page, "inventory-daily-logs-empty");
});

test("with a second business, stock transfers to it and both sides show the quantities and the log", async () => {
  await page.getByRole("tab", { name: "Transfers", exact: true }).click();
  await expect(page.getByText("Add another business in Settings to transfer stock to it.")).toBeVisible();
  await expect(page.getByText("No transfers yet.")).toBeVisible();

  await page.getByRole("link", { name: "Settings" }).click();
  const addCard = page.locator(".MuiCard-root", { has: page.getByRole("heading", { name: "Add a business" }) });
  await addCard.getByLabel("Business name").fill(branchName);
  await addCard.getByRole("button", { name: "Add business" }).click();
  await expect(page.getByText(`${branchName} added`)).toBeVisible();

  await page.getByRole("link", { name: "Inventory" }).click();
  await page.getByRole("tab", { name: "Transfers", exact: true }).click();
  const form = page.getByRole("region", { name: "Transfer stock" });
  await expect(form.getByRole("combobox", { name: "To business" })).toHaveText(branchName);
  await form.getByLabel("Add a product").fill(product.sku);
  await page.getByRole("option", { name: new RegExp(product.name) }).click();
  await form.getByLabel(`Quantity of ${product.name}`).fill("5");
  await form.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(form.getByText("Only 4 in stock")).toBeVisible(); // never below zero
  await form.getByLabel(`Quantity of ${product.name}`).fill("3");
  await form.getByLabel("Note (optional)").fill("Weekend stock for the branch");
  await form.getByRole("button", { name: "Transfer", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Transfer" }).click();
  await expect(page.getByText(`Transferred 3 units to ${branchName}`)).toBeVisible();

  const log = page.getByRole("grid", { name: "Transfer log" });
  const out = log.getByRole("row").filter({ hasText: `${product.name} × 3` });
  await expect(out).toContainText("Out");
  await expect(out).toContainText(branchName);
  await shot(page, "inventory-transfers");

  // This business: 4 - 3 = 1 left.
  await page.goto(productUrl);
  await expect(page.getByTestId("product-quantity")).toHaveText("1 bottle");

  // The branch: the product was created there (matched by SKU next time) with 3.
  await page.getByRole("banner").getByRole("combobox").click(); // the business switcher in the app bar
  await page.getByRole("option", { name: branchName }).click();
  await page.getByRole("link", { name: "Inventory" }).click();
  await expect(gridRow(product.name)).toContainText("3");
  await page.getByRole("tab", { name: "Transfers", exact: true }).click();
  await expect(
    page
      .getByRole("grid", { name: "Transfer log" })
      .getByRole("row")
      .filter({ hasText: `${product.name} × 3` }),
  ).toContainText("In");
  await shot(page, "inventory-transfers-branch");
});

test("a reviewStock-only Stock Handler sees the stock but no button that changes it", async ({ browser, request }) => {
  const login = await request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const businesses: { _id: string; name: string }[] = await (await request.get("/api/businesses", { headers })).json();
  const shop = businesses.find((b) => b.name === owner.businessName)!;
  const staff = { username: `look${id}`, password: "lookpass1" };
  const created = await request.post("/api/employeesAuth/register", {
    headers,
    data: { businessId: shop._id, ...staff, occupation: "Stock Handler", reviewStock: true },
  });
  expect(created.status()).toBe(201);
  const code: string = (await (await request.get(`/api/businesses/${shop._id}`, { headers })).json()).staffAccessCode;

  const staffPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await staffPage.goto("/home");
  await staffPage.getByText("Staff", { exact: true }).click();
  await staffPage.getByRole("textbox", { name: "Staff access code" }).fill(code);
  await staffPage.getByRole("button", { name: "Continue" }).click();
  await staffPage.getByLabel("Username").fill(staff.username);
  await staffPage.getByLabel("Password").fill(staff.password);
  await staffPage.getByRole("button", { name: "Sign in" }).click();
  await staffPage.getByRole("link", { name: "Inventory" }).click();

  await expect(staffPage.getByRole("row").filter({ hasText: product.name })).toBeVisible();
  await expect(staffPage.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(staffPage.getByRole("link", { name: "New product" })).toHaveCount(0);
  await expect(staffPage.getByRole("button", { name: "Import CSV" })).toHaveCount(0);

  await staffPage.getByRole("row").filter({ hasText: product.name }).click();
  await expect(staffPage.getByTestId("product-quantity")).toHaveText("1 bottle");
  await expect(
    staffPage
      .getByRole("grid", { name: "Stock movement history" })
      .getByRole("row")
      .filter({ hasText: "Transfer out" }),
  ).toContainText("-3");
  await expect(staffPage.getByLabel("Name")).toBeDisabled();
  await expect(staffPage.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(staffPage.getByRole("button", { name: "Adjust stock" })).toHaveCount(0);
  await expect(staffPage.getByText("Change image")).toBeHidden();
  await expect(staffPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await shot(staffPage, "inventory-review-only-product");

  await staffPage.getByRole("tab", { name: "Categories", exact: true }).click();
  await expect(staffPage.getByRole("row").filter({ hasText: "Beverages" })).toBeVisible();
  await expect(staffPage.getByRole("button", { name: "Add category" })).toHaveCount(0);
  await expect(staffPage.getByRole("button", { name: "Rename" })).toHaveCount(0);
  await staffPage.getByRole("tab", { name: "Transfers", exact: true }).click();
  await expect(
    staffPage
      .getByRole("grid", { name: "Transfer log" })
      .getByRole("row")
      .filter({ hasText: `${product.name} × 3` }),
  ).toBeVisible();
  await expect(staffPage.getByRole("region", { name: "Transfer stock" })).toHaveCount(0);

  // The server refuses anyway.
  const staffLogin = await request.post("/api/employeesAuth/login", { data: { businessId: shop._id, ...staff } });
  const staffHeaders = { authorization: `Bearer ${(await staffLogin.json()).token}` };
  const refused = await request.post("/api/products", {
    headers: staffHeaders,
    data: { businessId: shop._id, name: "Sneaky", sellingprice: 100 },
  });
  expect(refused.status()).toBe(403);
  await staffPage.close();
});
