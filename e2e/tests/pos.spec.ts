import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerFromHome, shot, unique, pickOption } from "./helpers.ts";

test.describe.configure({ mode: "serial" });

// One signed-in till for the whole file, as a cashier's browser would be.
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Duka ${id}`, username: `till${id}`, password: "secret123" };
let token = "";
let businessId = "";
const products: Record<string, { _id: string }> = {};

async function api(request: APIRequestContext, method: "get" | "post", url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** Text the till last sent to the browser's print dialog. */
async function printed(page: Page): Promise<string> {
  const frame = page.frameLocator("iframe[data-print-frame]");
  return frame.locator("body").innerText();
}

test("the owner opens the till with products in stock", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  businessId = (await api(page.request, "get", "/api/businesses"))[0]._id;
  for (const [key, body] of Object.entries({
    sugar: {
      name: "Sugar 1kg",
      barcode: "6161100000017",
      sku: "SUG-1",
      sellingprice: 18000,
      wholesalePrice: 16500,
      quantity: 40,
    },
    bread: { name: "Bread 400g", barcode: "6161100000024", sellingprice: 6500, wholesalePrice: 6000, quantity: 30 },
    chips: { name: "Chips plain", sellingprice: 15000, quantity: 100 },
    soda: { name: "Soda 500ml", sellingprice: 8000, quantity: 100 },
  })) {
    products[key] = await api(page.request, "post", "/api/products", { businessId, ...body });
  }
});

test("a retail sale rung up by barcode and by search, paid split cash and M-Pesa, with a receipt", async () => {
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute("placeholder", /Scan or search 4 products/);
  // The customer display: a window of its own (for a second screen) that follows the ticket.
  const [display] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Customer display" }).click(),
  ]);
  await expect(display.getByText("Welcome")).toBeVisible({ timeout: 30_000 });
  // A keyboard-wedge scanner types the code and Enter.
  await search.pressSequentially("6161100000017");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await expect(search).toHaveValue("");
  // Two more by typing a quantity first, then a name search, arrows and Enter.
  await search.fill("2*bread");
  await expect(page.getByTestId("pos-results")).toContainText("Bread 400g");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-line")).toHaveCount(2);
  await expect(page.getByTestId("ticket-total")).toHaveText(/310\.00/);
  // + on the selected line (bread) with the search box empty.
  await search.press("+");
  await expect(page.getByTestId("ticket-total")).toHaveText(/375\.00/);
  await shot(page, "pos-01-ticket");
  await expect(display.getByTestId("display-lines")).toContainText("Bread 400g");
  await expect(display.getByTestId("display-lines")).toContainText("3 × KES 65.00");
  await expect(display.getByTestId("display-total")).toHaveText(/375\.00/);
  await shot(display, "pos-01b-customer-display");

  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Charge KES")).toBeVisible();
  await dialog.getByLabel("Amount (KES)").fill("200");
  await dialog.getByLabel("Cash tendered").fill("500");
  await dialog.getByRole("button", { name: "Split: add a payment" }).click();
  const mpesa = dialog.getByTestId("payment-row").nth(1);
  await expect(mpesa.getByLabel("Amount (KES)")).toHaveValue("175.00");
  await mpesa.getByLabel("M-Pesa code").fill("qgh7xyz12a");
  await expect(dialog.getByTestId("change-due")).toHaveText(/300\.00/);
  await shot(page, "pos-02-split-payment");
  await dialog.getByRole("button", { name: /Complete sale/ }).click();

  const receipt = page.getByTestId("receipt-preview");
  await expect(receipt).toContainText(/TOTAL\s+KES [\d,]+\.\d\d/);
  await expect(receipt).toContainText("375.00");
  await expect(receipt).toContainText("M-Pesa QGH7XYZ12A");
  await expect(receipt).toContainText("Change");
  await shot(page, "pos-03-receipt");
  await expect(display.getByText("Thank you!")).toBeVisible();
  await expect(display.getByTestId("display-change")).toContainText("300.00");
  await shot(display, "pos-03b-customer-display-paid");
  await page.getByRole("button", { name: "Print receipt" }).click();
  expect(await printed(page)).toContain("Sugar 1kg");
  await page.getByRole("button", { name: /New sale/ }).click();
  await expect(page.getByTestId("ticket-total")).toHaveText(/0\.00/);
  await expect(display.getByText("Welcome")).toBeVisible();
  await display.close();

  const sugar = await api(page.request, "get", `/api/products/${products.sugar!._id}`);
  const bread = await api(page.request, "get", `/api/products/${products.bread!._id}`);
  expect([sugar.quantity, bread.quantity]).toEqual([39, 27]);
});

test("a restaurant ticket: a kitchen print, then a change and a second print with only the change", async () => {
  await api(page.request, "post", "/api/sections", {
    businessId,
    name: "Terrace",
    tables: [{ name: "T1" }, { name: "T2" }],
  });
  await page.goto("/pos");
  await pickOption(page.getByLabel("Section"), { name: "Terrace" });
  await pickOption(page.getByLabel("Table"), { name: "T2" });
  const search = page.getByTestId("pos-search");
  await search.fill("2*chips");
  await search.press("Enter");
  await search.fill("soda");
  await search.press("Enter");
  await page.keyboard.press("F8");
  await expect(page.getByText(/Kitchen order #1/)).toBeVisible();
  const first = await printed(page);
  expect(first).toContain("Terrace / T2");
  expect(first).toContain("2 x Chips plain");
  expect(first).toContain("1 x Soda 500ml");

  // One more chips, the soda cancelled, bread added: only those reach the kitchen.
  await page.getByRole("button", { name: "One more Chips plain" }).click();
  await page.getByRole("button", { name: "Remove Soda 500ml" }).click();
  await search.fill("bread");
  await search.press("Enter");
  await page.getByRole("button", { name: "Send to kitchen (F8)" }).click();
  await expect(page.getByText(/Kitchen order #2/)).toBeVisible();
  const second = await printed(page);
  expect(second).toContain("CHANGED 3 (was 2) x Chips plain");
  expect(second).toContain("CANCEL 1 x Soda 500ml");
  expect(second).toContain("1 x Bread 400g");
  await shot(page, "pos-04-restaurant-ticket");

  // Nothing changed: nothing printed again.
  await page.keyboard.press("F8");
  await expect(page.getByText("Nothing new for the kitchen")).toBeVisible();
});

test("a wholesale sale on credit", async () => {
  await page.goto("/wholesale");
  await expect(page.getByText("Wholesale prices")).toBeVisible();
  const search = page.getByTestId("pos-search");
  await search.fill("10*SUG-1");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-total")).toHaveText(/1,650\.00/);
  await page.getByRole("button", { name: /Pay KES/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Credit", exact: true }).click();
  // A new customer, added from the till: the typed name, then the phone.
  await dialog.getByTestId("customer-search").fill("Mama Njeri");
  await page.getByRole("option", { name: "Add “Mama Njeri” as a new customer" }).click();
  const add = page.getByRole("dialog", { name: "New customer" });
  await expect(add.getByLabel("Name")).toHaveValue("Mama Njeri");
  await add.getByLabel("Phone").fill("0722123456");
  await add.getByRole("button", { name: "Add customer" }).click();
  await expect(add).toBeHidden();
  await expect(dialog.getByTestId("customer-search")).toHaveValue("Mama Njeri · 0722 123 456");
  await shot(page, "pos-05-wholesale-credit");
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-preview")).toContainText("Balance owing");
  const orders = await api(page.request, "get", `/api/orders?businessId=${businessId}&credit=true`);
  expect(orders[0]).toMatchObject({
    customerName: "Mama Njeri",
    customerPhone: "0722123456",
    customerId: expect.any(String),
    balance: 165000,
    creditStatus: "Pending",
    channel: "wholesale",
  });
});

test("the wholesale catalogue: a product added to it is sold at /wholesale, from its minimum, at its wholesale price", async () => {
  // Sugar and bread came with wholesale prices, so they are in it already; chips are added here.
  await page.goto("/wholesale-products");
  const rows = page.getByTestId("wholesale-product");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Bread 400g");
  await page.getByRole("button", { name: "Add wholesale product" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox").fill("chips");
  await page.getByRole("option", { name: /Chips plain/ }).click();
  await expect(dialog.getByTestId("wholesale-dialog-product")).toHaveText("Chips plain");
  await dialog.getByLabel("Wholesale price each").fill("140");
  await dialog.getByLabel("Minimum quantity").fill("6");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Chips plain" })).toContainText("From 6 pcs");
  await page.setViewportSize({ width: 1366, height: 768 });
  await shot(page, "pos-06-wholesale-catalogue");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "pos-06-wholesale-catalogue-phone");
  await page.setViewportSize({ width: 1366, height: 768 });
  // The same page in Swahili.
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(page.getByRole("heading", { name: "Bidhaa za jumla" })).toBeVisible();
  await expect(rows.filter({ hasText: "Chips plain" })).toContainText("Kuanzia 6 pcs");
  await shot(page, "pos-06-wholesale-catalogue-sw");
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Wholesale products" })).toBeVisible();

  await page.goto("/wholesale");
  const search = page.getByTestId("pos-search");
  await expect(search).toHaveAttribute("placeholder", /Scan or search 3 products/);
  // Soda is not in the wholesale catalogue: the wholesale till does not offer it.
  await search.fill("soda");
  await expect(page.getByText("No product matches", { exact: false })).toBeVisible();
  await search.fill("chips");
  await expect(page.getByTestId("pos-results")).toContainText("140.00");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await expect(page.getByTestId("ticket-total")).toHaveText(/840\.00/);
  await shot(page, "pos-07-wholesale-till");
  await page.getByRole("button", { name: /Pay KES/ }).click();
  const pay = page.getByRole("dialog");
  await pay.getByLabel("Cash tendered").fill("1000");
  await pay.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-preview")).toContainText("Chips plain");
  const orders = await api(page.request, "get", `/api/orders?businessId=${businessId}`);
  expect(orders[0]).toMatchObject({ channel: "wholesale", amount: 84000 });
  expect(orders[0].products[0]).toMatchObject({ name: "Chips plain", productPrice: 14000, productQuantity: 6 });
});
