import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

// Issue 31 item 2: the owner makes "3 for 100" on a product; the till applies it by itself, and
// the ticket, the receipt and the server agree: 4 at 40.00 = 100.00 + 40.00 = 140.00.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Ofa ${id}`, username: `ofa${id}`, password: "secret123" };
let token = "";
let businessId = "";

test("the owner creates 3 for 100 on a product on the Promotions page", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible({ timeout: 60_000 });
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  const headers = { authorization: `Bearer ${token}` };
  businessId = (await (await page.request.get("/api/businesses", { headers })).json())[0]._id;
  const product = await page.request.post("/api/products", {
    headers,
    data: { businessId, name: "Soda 500ml", sellingprice: 4000, quantity: 20 },
  });
  expect(product.ok(), await product.text()).toBe(true);

  await page.goto("/promotions");
  await expect(page.getByText("No promotions yet.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "New promotion" }).click();
  const dialog = page.getByRole("dialog");
  // Saved empty: the shared schema's messages, nothing sent.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Give it a name")).toBeVisible();
  await dialog.getByLabel("Name").fill("3 for 100");
  await dialog.getByLabel("Add a product").fill("Soda");
  await page.getByRole("option", { name: /Soda 500ml/ }).click();
  await dialog.getByLabel("Units").fill("3");
  await dialog.getByLabel("For").fill("100");
  // The period's ends: a day, then its time from the 30-minute select (spec section 9).
  await dialog.getByLabel("From (optional)").fill("2026-03-01");
  await expect(dialog.getByRole("combobox", { name: "Time" }).first()).toHaveText("00:00");
  await dialog.getByLabel("From (optional)").fill("");
  await expect(dialog.getByRole("combobox", { name: "Time" }).first()).toHaveText("–");
  await shot(page, "promotions-01-dialog");
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "promotions-01b-dialog-phone");
  if (size) await page.setViewportSize(size);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("promotion").filter({ hasText: "3 for 100" });
  await expect(row).toContainText("Running now");
  await expect(row).toContainText("Soda 500ml");
  await shot(page, "promotions-02-list");
});

test("4 rung up at the till: the line names the promotion, the total is 140.00, and so is the receipt", async () => {
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await search.fill("Soda");
  await expect(page.getByTestId("pos-results")).toContainText("Soda 500ml");
  await search.press("Enter");
  await page.getByLabel("Quantity of Soda 500ml").fill("4");
  const line = page.getByTestId("ticket-line").filter({ hasText: "Soda 500ml" });
  await expect(line.getByTestId("line-promotion")).toContainText("3 for 100");
  await expect(line.getByTestId("line-promotion")).toContainText("20.00");
  await expect(page.getByTestId("ticket-total")).toHaveText(/140\.00/);
  await shot(page, "promotions-03-ticket");

  await page.keyboard.press("F9");
  const checkout = page.getByRole("dialog");
  await checkout.getByRole("button", { name: /Complete sale/ }).click();
  const receipt = page.getByTestId("receipt-preview");
  await expect(receipt).toContainText("4 x 40.00");
  await expect(receipt).toContainText("Promotion: 3 for 100");
  await expect(receipt).toContainText("-20.00");
  await expect(receipt).toContainText(/TOTAL\s+KES 140\.00/);
  await shot(page, "promotions-04-receipt");

  const sales = await (
    await page.request.get(`/api/sales?businessId=${businessId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(sales[0]).toMatchObject({ amount: 14_000, discount: 2_000 });
  expect(sales[0].products[0]).toMatchObject({ promotionName: "3 for 100", listPrice: 4000 });
});
