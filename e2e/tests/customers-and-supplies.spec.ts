import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { registerFromHome, shot, unique, pickOption } from "./helpers.ts";

// Issue 12, "Done when": an owner adds a supplier, records a delivery of two products and a
// commodity half on credit, moves part of it into stock (the till sees it), pays the rest in two
// payments (Partial, then Cleared) and reads the supplier statement; a cashier sells on credit to a
// customer picked by phone, and the customer's statement shows the sale and a later payment.

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Supply Duka ${id}`, username: `supply${id}`, password: "secret123" };
const cashier = { username: `cash${id}`, password: "cashpass1" };
let page: Page;
let token = "";
let businessId = "";
let supplierUrl = "";
let supplyUrl = "";
const products: Record<string, { _id: string }> = {};

async function api(request: APIRequestContext, method: "get" | "post", url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function staffPage(browser: Browser): Promise<Page> {
  const code: string = (await api(page.request, "get", `/api/businesses/${businessId}`)).staffAccessCode;
  const p = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await p.goto("/home");
  await p.getByText("Staff", { exact: true }).click();
  await p.getByRole("textbox", { name: "Staff access code" }).fill(code);
  await p.getByRole("button", { name: "Continue" }).click();
  await p.getByLabel("Username").fill(cashier.username);
  await p.getByLabel("Password").fill(cashier.password);
  await p.getByRole("button", { name: "Sign in" }).click();
  await expect(p.getByTestId("sidebar-menu")).toBeVisible();
  return p;
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
});
test.afterAll(() => page.context().close());

test("setup: an owner with two products, one of them out of stock", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  businessId = (await api(page.request, "get", "/api/businesses"))[0]._id;
  products.flour = await api(page.request, "post", "/api/products", {
    businessId,
    name: "Maize flour 2kg",
    sellingprice: 15000,
    buyingPrice: 10000,
    quantity: 5,
  });
  products.oil = await api(page.request, "post", "/api/products", {
    businessId,
    name: "Cooking oil 1L",
    sellingprice: 30000,
    quantity: 0,
  });
});

test("the owner adds a supplier and records a delivery of two products and a commodity, half on credit", async () => {
  await page.getByRole("link", { name: "Supplies" }).click();
  await expect(page.getByRole("heading", { name: "Suppliers" })).toBeVisible();
  await expect(page.getByText("No suppliers yet.")).toBeVisible();
  await page.getByRole("link", { name: "New supplier" }).click();
  const form = page.getByRole("form", { name: "Add supplier" });
  await form.getByLabel("Name").fill("Mombasa Millers");
  await form.getByLabel("Contact person").fill("Hassan");
  await form.getByLabel("Phone").fill("0711222333");
  await form.getByLabel("KRA PIN").fill("p051234567q");
  await form.getByRole("button", { name: "Add supplier" }).click();
  await expect(page.getByRole("heading", { name: "Mombasa Millers" })).toBeVisible();
  supplierUrl = new URL(page.url()).pathname;
  expect(supplierUrl).toMatch(/^\/supplier\/[0-9a-f-]{36}$/);

  await page.getByRole("link", { name: "Record a delivery" }).click();
  await expect(page.getByRole("heading", { name: "Edit Supplies" })).toBeVisible();
  const search = page.getByTestId("supply-product-search");
  await search.fill("Maize");
  await page.getByRole("option", { name: /Maize flour 2kg/ }).click();
  await page.getByLabel("Quantity of Maize flour 2kg").fill("20");
  await page.getByLabel("Unit cost of Maize flour 2kg").fill("120");
  await search.fill("oil");
  await page.getByRole("option", { name: /Cooking oil 1L/ }).click();
  await page.getByLabel("Quantity of Cooking oil 1L").fill("10");
  await page.getByLabel("Unit cost of Cooking oil 1L").fill("250");
  await page.getByRole("button", { name: "Add a commodity" }).click();
  await page.getByLabel("Commodity", { exact: true }).fill("Diesel");
  await page.getByLabel("Unit", { exact: true }).fill("litres");
  await page.getByLabel("Quantity of commodity 1").fill("10");
  await page.getByLabel("Unit cost of commodity 1").fill("200");
  // 20 x 120 + 10 x 250 + 10 x 200
  await expect(page.getByTestId("delivery-total")).toHaveText("KES 6,900.00");
  await page.getByRole("button", { name: "Half" }).click();
  await pickOption(page.getByRole("combobox", { name: "Paid by" }), { name: "Cash", exact: true });
  await expect(page.getByTestId("delivery-owed")).toHaveText("On credit: KES 3,450.00");
  await shot(page, "supplies-01-delivery-form");
  await page.getByRole("button", { name: "Record delivery" }).click();
  await expect(page.getByText("Supply #1 recorded")).toBeVisible();
  const row = page.getByTestId("supplier-deliveries").getByRole("row").filter({ hasText: "#1" });
  await expect(row).toContainText("KES 6,900.00");
  await expect(row.getByTestId("credit-status")).toHaveText("Partial");
  await row.getByRole("link", { name: "View" }).click();
  await expect(page.getByRole("heading", { name: "Supply #1" })).toBeVisible();
  supplyUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId("supply-balance")).toHaveText("KES 3,450.00");
  await expect(page.getByTestId("supply-status")).toHaveText("Partial");
});

test("part of it moves into stock: the till sees the new quantity, the cost price is averaged", async () => {
  await page.getByRole("button", { name: "Move to stock" }).click();
  const dialog = page.getByRole("dialog", { name: /Move Supply #1 into stock/ });
  await dialog.getByLabel("Move how many Maize flour 2kg").fill("12");
  await dialog.getByLabel("Move how many Cooking oil 1L").fill("");
  await shot(page, "supplies-02-move-to-stock");
  await dialog.getByRole("button", { name: "Move into stock" }).click();
  await expect(page.getByText("12 units moved into stock")).toBeVisible();
  await expect(page.getByTestId("remaining-Maize flour 2kg")).toHaveText("8");
  await expect(page.getByTestId("remaining-Cooking oil 1L")).toHaveText("10");
  await expect(page.getByTestId("supply-transfers")).toContainText("KES 100.00 → KES 114.12");

  // (5 x 100.00 + 12 x 120.00) / 17 = 114.1176... -> KES 114.12
  const flour = await api(page.request, "get", `/api/products/${products.flour!._id}`);
  expect(flour).toMatchObject({ quantity: 17, buyingPrice: 11412 });

  await page.getByRole("link", { name: "POS" }).click();
  const till = page.getByTestId("pos-search");
  await till.fill("Maize");
  await expect(page.getByTestId("pos-results")).toContainText("17 pcs in stock");
  await till.fill("");
});

test("the owner pays the rest in two payments, Partial then Cleared, and reads the supplier statement", async () => {
  await page.goto(supplyUrl);
  const pay = async (amount: string, method: string) => {
    await page.getByRole("button", { name: "Pay supplier" }).click();
    const dialog = page.getByRole("dialog", { name: /Pay Mombasa Millers/ });
    await dialog.getByLabel("Payment amount").fill(amount);
    await pickOption(dialog.getByRole("combobox", { name: "Payment method" }), { name: method, exact: true });
    await dialog.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  // More than is owed is stopped with the credit message, nothing paid.
  await page.getByRole("button", { name: "Pay supplier" }).click();
  const dialog = page.getByRole("dialog", { name: /Pay Mombasa Millers/ });
  await dialog.getByLabel("Payment amount").fill("3450.01");
  await dialog.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByTestId("supplier-payment-error")).toHaveText(
    "Payment amount cannot exceed the current balance.",
  );
  await shot(page, "supplies-03-pay-supplier");
  await dialog.getByRole("button", { name: "Close" }).click();

  await pay("2000", "M-Pesa");
  await expect(page.getByTestId("supply-status")).toHaveText("Partial");
  await expect(page.getByTestId("supply-balance")).toHaveText("KES 1,450.00");
  await pay("1450", "Bank Transfer");
  await expect(page.getByTestId("supply-status")).toHaveText("Cleared");
  await expect(page.getByTestId("supply-balance")).toHaveText("KES 0.00");
  await expect(page.getByRole("button", { name: "Pay supplier" })).toHaveCount(0);
  const history = page.getByTestId("supply-payments").getByRole("row");
  await expect(history.nth(1)).toContainText("Bank Transfer");
  await expect(history.nth(2)).toContainText("M-Pesa");
  await expect(history.nth(3)).toContainText("Cash");
  await shot(page, "supplies-04-supply-cleared");

  await page.goto(supplierUrl);
  const statement = page.getByTestId("supplier-statement");
  const lines = statement.getByTestId("statement-line");
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText("Delivery, KES 6,900.00");
  await expect(lines.nth(1)).toContainText("Paid on delivery, Cash");
  await expect(lines.nth(2)).toContainText("Payment, M-Pesa");
  await expect(lines.nth(3)).toContainText("Payment, Bank Transfer");
  await expect(page.getByTestId("statement-balance")).toHaveText("KES 0.00");
  await expect(page.getByTestId("supplier-balance")).toHaveText("KES 0.00");
  await expect(page.getByText("Diesel")).toBeVisible(); // the commodity log
  await shot(page, "supplies-05-supplier-statement");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("statement-Mombasa-Millers.pdf");
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a cashier sells on credit to a customer picked by phone; the statement shows the sale and a later payment", async ({
  browser,
}) => {
  // The owner adds the customer with a credit limit, and a cashier.
  await page.goto("/customers");
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  await page.getByRole("link", { name: "New customer" }).click();
  const form = page.getByRole("form", { name: "Add customer" });
  await form.getByLabel("Name").fill("Wanjiku Kamau");
  await form.getByLabel("Phone").fill("0722555111");
  await form.getByLabel("Credit limit").fill("1000");
  await form.getByRole("button", { name: "Add customer" }).click();
  await expect(page.getByRole("heading", { name: "Wanjiku Kamau" })).toBeVisible();
  await expect(page.getByTestId("customer-limit")).toHaveText("KES 1,000.00");
  await api(page.request, "post", "/api/employeesAuth/register", {
    businessId,
    ...cashier,
    occupation: "Cashier",
  });

  const till = await staffPage(browser);
  await till.getByRole("link", { name: "POS" }).click();
  const search = till.getByTestId("pos-search");
  await search.fill("Maize");
  await search.press("Enter");
  await expect(till.getByTestId("ticket-total")).toHaveText(/150\.00/);
  await till.getByRole("button", { name: /Pay KES/ }).click();
  const checkout = till.getByRole("dialog");
  await checkout.getByRole("button", { name: "Credit", exact: true }).click();
  await checkout.getByTestId("customer-search").fill("0722555");
  await till.getByRole("option", { name: /Wanjiku Kamau · 0722 555 111/ }).click();
  await expect(checkout.getByTestId("customer-search")).toHaveValue("Wanjiku Kamau · 0722 555 111");
  await expect(checkout).toContainText("Owes KES 0.00 of a KES 1,000.00 limit");
  await shot(till, "customers-01-checkout-picker");
  await checkout.getByRole("button", { name: /Complete sale/ }).click();
  await expect(till.getByTestId("receipt-preview")).toContainText("Balance owing");
  await till.keyboard.press("Escape");

  // A later payment, at the credit page.
  await till.goto("/sales/creditSales");
  const row = till.locator('[role="row"]').filter({ hasText: "Wanjiku Kamau" });
  await row.getByRole("button", { name: "Update Status" }).click();
  const dialog = till.getByRole("dialog");
  await dialog.getByLabel("Payment amount (KES)").fill("50");
  await pickOption(dialog.getByRole("combobox", { name: "Payment method" }), { name: "M-Pesa", exact: true });
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toBeHidden();

  // The customer's statement: the sale, the payment, what is still owed.
  await till.getByRole("link", { name: "Customers" }).click();
  await till.getByRole("textbox", { name: "Search customers" }).fill("0722555");
  await till.getByRole("link", { name: "Wanjiku Kamau" }).click();
  await expect(till.getByTestId("customer-balance")).toHaveText("KES 100.00");
  const lines = till.getByTestId("customer-statement").getByTestId("statement-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("On credit, KES 150.00");
  await expect(lines.nth(0)).toContainText("KES 150.00");
  await expect(lines.nth(1)).toContainText("Payment, M-Pesa");
  await expect(till.getByTestId("statement-balance")).toHaveText("KES 100.00");
  await shot(till, "customers-02-statement");
  // A cashier may not delete customers; the owner may (archived: she has sales).
  await expect(till.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await till.context().close();
});

test("the supply analysis charts spend by supplier and shows a product's price history", async () => {
  await page.goto("/supply/analysis");
  await expect(page.getByTestId("analysis-total")).toHaveText("KES 6,900.00");
  await expect(page.getByTestId("analysis-suppliers")).toContainText("Mombasa Millers");
  await expect(page.getByTestId("analysis-products")).toContainText("Maize flour 2kg");
  const spend = page.locator(".MuiCard-root").filter({ hasText: "Spend over time, by supplier" });
  await expect(spend.locator("svg rect").first()).toBeVisible();
  await page.getByRole("combobox", { name: "Product" }).fill("Maize");
  await page.getByRole("option", { name: "Maize flour 2kg" }).click();
  await expect(page.getByTestId("price-history")).toContainText("KES 120.00");
  await expect(page.getByText(/Cost price now KES 114\.12/)).toBeVisible();
  await shot(page, "supplies-06-analysis");
});

test("screens at 1366 x 768 and on a 390 px phone", async () => {
  const supplierId = supplierUrl.split("/").pop()!;
  const pages = [
    ["customers-list", "/customers"],
    ["suppliers-list", "/supplier"],
    ["supplier", supplierUrl],
    ["edit-supplies", `/editSupplies/${supplierId}`],
    ["supplier-credit", "/supplier/credit"],
    ["supply", supplyUrl],
    ["supply-credit", "/supply/credit"],
    ["supply-analysis", "/supply/analysis"],
  ] as const;
  const customers = await api(page.request, "get", `/api/customers?businessId=${businessId}`);
  const all = [...pages, ["customer", `/customers/${customers.items[0]._id}`] as const];
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [name, url] of all) {
      await page.goto(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      if (name === "supply-analysis") await expect(page.locator(".MuiCard-root svg rect").first()).toBeVisible();
      // Nothing wider than the viewport: tables scroll inside their cards.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
      await shot(page, `screen-${name}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
});
