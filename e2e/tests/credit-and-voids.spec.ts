import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ownerSignIn, registerFromHome, shot, unique, SCREENS, pickOption } from "./helpers.ts";

// Credit payments (spec sections 2, 5, 8), voiding and restoring sales, and a look at every
// back-office sales page. Data is made through the API with the owner's token; the UI does the rest.

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Credit Duka ${id}`, username: `credit${id}`, password: "secret123" };
const GREY = "rgb(117, 117, 117)";
const TEAL = "rgb(0, 137, 123)";
const GREEN = "rgb(46, 125, 50)";
const OVERPAY = "Payment amount cannot exceed the current balance.";

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read whatever JSON the API returns */
type Api = {
  get: (path: string) => Promise<any>;
  post: (path: string, data: unknown) => Promise<any>;
  del: (path: string) => Promise<any>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */
let api: Api;
let token = "";
let businessId = "";

function apiOf(request: APIRequestContext, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  const json = async (res: Awaited<ReturnType<APIRequestContext["get"]>>, path: string) => {
    expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    get: async (path) => json(await request.get(path, { headers }), path),
    post: async (path, data) => json(await request.post(path, { headers, data }), path),
    del: async (path) => json(await request.delete(path, { headers }), path),
  };
}

async function product(name: string, sellingprice: number, wholesalePrice: number, quantity: number) {
  return api.post("/api/products", { businessId, name, sellingprice, wholesalePrice, buyingPrice: 1000, quantity });
}
const stockOf = async (productId: string): Promise<number> => (await api.get(`/api/products/${productId}`)).quantity;
const rowOf = (page: Page, text: string) => page.locator('[role="row"]').filter({ hasText: text });

async function payOnCredit(page: Page, customer: string, amount: string, method: string) {
  await rowOf(page, customer).getByRole("button", { name: "Update Status" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Payment amount (KES)").fill(amount);
  await pickOption(dialog.getByRole("combobox", { name: "Payment method" }), { name: method, exact: true });
  await dialog.getByRole("button", { name: "Update" }).click();
}

test("setup: an owner registers a business", async ({ page }) => {
  await registerFromHome(page, owner);
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  api = apiOf(page.request, token);
  businessId = (await api.get("/api/businesses"))[0]._id;
});

test("a wholesale credit order: Pending, a partial payment (teal Partial), the rest (green Cleared), history newest first", async ({
  page,
}) => {
  await signIn(page);
  const rice = await product("Rice 25kg", 350000, 300000, 40);
  // 4 x KES 3,000 wholesale = KES 12,000 on credit.
  const order = await api.post("/api/orders", {
    businessId,
    products: [{ productId: rice._id, quantity: 4 }],
    payments: [{ method: "Credit", amount: 1200000 }],
    customerName: "Otieno Traders",
    customerPhone: "0722000111",
  });
  expect(order).toMatchObject({ creditStatus: "Pending", balance: 1200000, creditPaymentMethod: "Not Paid" });

  await page.goto("/sales/creditWholesale");
  await expect(page.getByRole("heading", { name: "Credit Wholesales" })).toBeVisible();
  await expect(page.getByTestId("credit-total")).toHaveText("KES 12,000.00");
  await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/wholesaleOrders");
  const badge = rowOf(page, "Otieno Traders").getByTestId("credit-status");
  await expect(badge).toHaveText("Pending");
  await expect(badge).toHaveCSS("background-color", GREY);
  await shot(page, "sales-credit-wholesale");

  // Part of it: KES 5,000 by M-Pesa.
  await rowOf(page, "Otieno Traders").getByRole("button", { name: "Update Status" }).click();
  await expect(page.getByTestId("credit-figures")).toContainText("Initial amount");
  await expect(page.getByRole("dialog").getByRole("group", { name: "Payment date" })).toBeVisible();
  await shot(page, "sales-credit-update-status");
  await page.getByRole("button", { name: "Close" }).click();
  await payOnCredit(page, "Otieno Traders", "5000", "M-Pesa");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(badge).toHaveText("Partial");
  await expect(badge).toHaveCSS("background-color", TEAL);
  await expect(rowOf(page, "Otieno Traders")).toContainText("KES 7,000.00");
  await expect(page.getByTestId("credit-total")).toHaveText("KES 7,000.00");

  // More than the balance: the alert, and nothing changes.
  let alerted = "";
  page.once("dialog", (d) => {
    alerted = d.message();
    void d.accept();
  });
  await payOnCredit(page, "Otieno Traders", "7000.01", "Cash");
  await expect.poll(() => alerted).toBe(OVERPAY);
  await page.getByRole("button", { name: "Close" }).click();
  expect(await api.get(`/api/orders/${order._id}`)).toMatchObject({
    balance: 700000,
    creditStatus: "Partial",
    paymentTransactions: [{ amountPaid: 500000 }],
  });
  await expect(badge).toHaveText("Partial");

  // The rest: KES 7,000 in cash clears it.
  await payOnCredit(page, "Otieno Traders", "7000", "Cash");
  await expect(badge).toHaveText("Cleared");
  await expect(badge).toHaveCSS("background-color", GREEN);
  await expect(page.getByTestId("credit-total")).toHaveText("KES 0.00");

  await rowOf(page, "Otieno Traders").getByRole("link", { name: "View" }).click();
  await expect(page).toHaveURL(new RegExp(`/credit-wholesales/${order._id}$`));
  await expect(page.getByTestId("detail-sale-number")).toHaveText(`#${order.saleNumber}`);
  await expect(page.getByTestId("detail-balance")).toHaveText("KES 0.00");
  await expect(page.getByTestId("detail-cleared-by")).toHaveText(owner.username);
  await expect(page.getByRole("table", { name: "Products purchased" })).toContainText("Rice 25kg");
  const history = page.getByTestId("payment-history").locator("tbody tr");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText("KES 7,000.00");
  await expect(history.nth(0)).toContainText("Cash");
  await expect(history.nth(1)).toContainText("KES 5,000.00");
  await expect(history.nth(1)).toContainText("M-Pesa");
  await shot(page, "sales-credit-wholesale-detail");

  await page.goto("/credit-wholesales/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("order not found")).toBeVisible();
  await shot(page, "sales-credit-order-not-found");
});

test("a retail credit sale is paid on /sales/creditSales", async ({ page }) => {
  await signIn(page);
  const soap = await product("Soap bar", 12000, 10000, 30);
  const sale = await api.post("/api/sales", {
    businessId,
    products: [{ productId: soap._id, quantity: 5 }],
    payments: [{ method: "Credit", amount: 60000 }],
    customerName: "Mama Njeri",
    customerPhone: "0711222333",
  });
  await page.goto("/debts");
  await expect(rowOf(page, "Mama Njeri")).toContainText("KES 600.00");
  await shot(page, "sales-debts");
  await page.goto("/credit");
  await expect(rowOf(page, "Mama Njeri")).toContainText("Pending");
  await shot(page, "sales-open-credit");

  await page.goto("/sales/creditSales");
  await expect(page.getByRole("heading", { name: "Credit Sales" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/sales");
  await payOnCredit(page, "Mama Njeri", "600", "Bank Transfer");
  const badge = rowOf(page, "Mama Njeri").getByTestId("credit-status");
  await expect(badge).toHaveText("Cleared");
  await expect(badge).toHaveCSS("background-color", GREEN);
  await shot(page, "sales-credit-sales");
  expect(await api.get(`/api/sales/${sale._id}`)).toMatchObject({
    balance: 0,
    creditStatus: "Cleared",
    creditPaymentMethod: "Bank Transfer",
  });
  await rowOf(page, "Mama Njeri").getByRole("link", { name: "View" }).click();
  await expect(page).toHaveURL(new RegExp(`/credit-sales/${sale._id}$`));
  await expect(page.getByTestId("payment-history")).toContainText("Bank Transfer");
  await shot(page, "sales-credit-sale-detail");
  await page.goto("/credit");
  await expect(page.getByTestId("open-credit-grid")).toContainText("No open credit");
});

test("void a sale on /sales and restore it from the Void sales tab; a restore without the stock is refused", async ({
  page,
}) => {
  await signIn(page);
  const milk = await product("Milk 500ml", 6000, 5500, 10);
  const sale = await api.post("/api/sales", {
    businessId,
    products: [{ productId: milk._id, quantity: 3 }],
    payments: [{ method: "Cash", amount: 18000, tendered: 20000 }],
  });
  expect(await stockOf(milk._id)).toBe(7);

  await page.goto("/sales");
  const row = rowOf(page, `#${sale.saleNumber}`);
  await expect(row).toContainText("KES 180.00");
  await shot(page, "sales-list");
  await row.click();
  const drawer = page.getByTestId("sale-detail");
  await expect(drawer).toContainText("Milk 500ml");
  await drawer.getByRole("button", { name: "Reprint receipt" }).click();
  const receipt = page.frameLocator('[data-testid="print-frame"]');
  await expect(receipt.locator("body")).toContainText(`Receipt #${sale.saleNumber}`);
  await expect(receipt.locator("body")).toContainText(/TOTAL\s+KES [\d,]+\.\d\d/);
  // All 48 columns fit the 80 mm paper: no line is cut.
  const cut = await receipt
    .locator("body > div")
    .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
  expect(cut).toEqual([]);
  await shot(page, "sales-detail-drawer");
  // The 80 mm receipt as the print dialog gets it.
  const receiptHtml = await receipt.locator("html").evaluate((el) => `<!doctype html>${el.outerHTML}`);
  const paper = await page.context().newPage();
  await paper.setViewportSize({ width: 320, height: 400 });
  await paper.setContent(receiptHtml!);
  await paper.screenshot({ path: `${SCREENS}/sales-receipt.png`, fullPage: true });
  await paper.close();

  await drawer.getByRole("button", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: `Void sale #${sale.saleNumber}?` });
  await dialog.getByRole("button", { name: "Void sale" }).click();
  await expect(dialog).toContainText("Say why the sale is voided");
  await dialog.getByLabel("Reason").fill("Customer returned the milk");
  await shot(page, "sales-void-dialog");
  await dialog.getByRole("button", { name: "Void sale" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await stockOf(milk._id)).toBe(10);

  await page.getByRole("tab", { name: "Void sales" }).click();
  const voided = rowOf(page, `#${sale.saleNumber}`);
  await expect(voided).toContainText("Customer returned the milk");
  await expect(voided).toContainText(owner.username);
  await shot(page, "sales-void-sales");
  await voided.getByRole("button", { name: "Restore" }).click();
  await expect(voided).toHaveCount(0);
  expect(await stockOf(milk._id)).toBe(7);
  await page.getByRole("tab", { name: "Sales", exact: true }).click();
  await expect(rowOf(page, `#${sale.saleNumber}`)).toBeVisible();

  // Voided, then its stock sold to someone else: the restore is refused with the server's 409.
  await api.del(`/api/sales/${sale._id}?deletedBy=${owner.username}&paymentStatus=Paid&reason=Test`);
  await api.post("/api/sales", {
    businessId,
    products: [{ productId: milk._id, quantity: 9 }],
    payments: [{ method: "Cash", amount: 54000 }],
  });
  expect(await stockOf(milk._id)).toBe(1);
  await page.getByRole("tab", { name: "Void sales" }).click();
  await rowOf(page, `#${sale.saleNumber}`).getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "could not be restored" })).toContainText(
    "Not enough stock: Milk 500ml (1 left, 3 wanted)",
  );
  expect(await stockOf(milk._id)).toBe(1);
  await shot(page, "sales-restore-refused");

  // Taken off the list after a confirmation: never erased (issue 18, item 5).
  await rowOf(page, `#${sale.saleNumber}`).getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Its record, payments, stock movements and history are kept");
  await confirm.getByRole("button", { name: "Remove from the list" }).click();
  await expect(page.getByTestId("retail-void-grid")).toContainText("No void sales");
  expect(await api.get(`/api/sales/${sale._id}`)).toMatchObject({ status: "voided" });
  const history = await api.get(`/api/sales/${sale._id}/history`);
  expect(history.map((h: { action: string }) => h.action)).toEqual(["voided", "restored", "voided", "hidden"]);
});

test("editing a sale, older sales, wholesale orders, sections and printers", async ({ page }) => {
  await signIn(page);
  const tea = await product("Tea leaves 250g", 25000, 22000, 20);
  const sugar = await product("Sugar 1kg", 16000, 15000, 20);
  const sale = await api.post("/api/sales", {
    businessId,
    products: [{ productId: tea._id, quantity: 2 }],
    payments: [{ method: "Cash", amount: 50000 }],
  });

  await page.goto(`/saleupdate/${sale._id}`);
  await expect(page.getByRole("heading", { name: `Update Sale #${sale.saleNumber}` })).toBeVisible();
  await page.getByLabel("Add a product (name, SKU or barcode)").fill("Sugar");
  await page.getByRole("option", { name: /Sugar 1kg/ }).click();
  await expect(page.getByTestId("sale-edit-total")).toHaveText("Total KES 660.00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The payments do not cover the total")).toBeVisible();
  await shot(page, "sales-update");
  await page.getByTestId("payment-row-0").getByRole("button", { name: "The rest" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/sales$/);
  expect(await api.get(`/api/sales/${sale._id}`)).toMatchObject({ amount: 66000 });
  expect(await stockOf(sugar._id)).toBe(19);

  // The edit is in the sale's history, in its drawer: who, when, the lines and total before and after.
  await rowOf(page, `#${sale.saleNumber}`).click();
  const entry = page.getByTestId("sale-history-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Edited · ${owner.username} (owner)`);
  await expect(entry.getByTestId("change-total")).toHaveText("Total: KES 500.00 → KES 660.00");
  await expect(entry.getByTestId("change-lines")).toContainText(
    "2 × Tea leaves 250g → 2 × Tea leaves 250g; 1 × Sugar 1kg",
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByTestId("sale-history").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/sales-history-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("sale-history").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/sales-history-390.png` });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press("Escape");

  await page.goto("/oldersales");
  await expect(page.getByTestId("older-sales-totals")).toContainText("Cash");
  await expect(rowOf(page, `#${sale.saleNumber}`)).toContainText("KES 660.00");
  await shot(page, "sales-older-sales");

  await page.goto("/wholesaleOrders");
  await expect(page.getByRole("link", { name: "Credit wholesales" })).toHaveAttribute("href", "/sales/creditWholesale");
  await expect(page.getByTestId("wholesale-sales-grid")).toContainText("Otieno Traders");
  await shot(page, "sales-wholesale-orders");

  await page.goto("/section");
  await expect(page.getByText("No sections yet")).toBeVisible();
  await page.getByRole("button", { name: "New section" }).first().click();
  await page.getByLabel("Section name").fill("Terrace");
  await page.getByLabel("Tables").fill("T1, T2, T3");
  await page.getByRole("button", { name: "Create" }).click();
  const terrace = page.getByTestId("section-Terrace");
  await expect(terrace.getByRole("button", { name: "Table T3" })).toBeVisible();
  await terrace.getByLabel("New table in Terrace").fill("T4");
  await terrace.getByRole("button", { name: "Add" }).click();
  await expect(terrace).toContainText("4 tables");
  await shot(page, "sales-sections");

  await page.goto("/settings");
  const printers = page.getByTestId("printers-card");
  await printers.getByRole("button", { name: "Add printer" }).click();
  const add = page.getByRole("dialog", { name: "Add a printer" });
  await add.getByLabel("Name").fill("Counter printer");
  await add.getByLabel("IP address").fill("127.0.0.1");
  await expect(add.getByLabel("Port")).toHaveValue("9100");
  await shot(page, "sales-add-printer");
  await add.getByRole("button", { name: "Add printer" }).click();
  await expect(printers).toContainText("127.0.0.1:9100");
  await printers.scrollIntoViewIfNeeded();
  await shot(page, "sales-settings-printers");
});

/** Signs the owner in on this test's page; API calls go through this test's request context. */
async function signIn(page: Page) {
  api = apiOf(page.request, token);
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page.getByTestId("current-username")).toHaveText(owner.username);
}
