import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

// Issue 31 item 8: Wanjiru usually buys 2 packets of unga. The cashier picks her for the ticket,
// the till offers "Unga 2kg × 2", one tap adds two, and the cash sale is linked to her.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Kawaida ${id}`, username: `kawaida${id}`, password: "secret123" };

test("a known customer picked for the ticket: her usual items offered, one tap adds her usual quantity, the sale is hers", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible({ timeout: 60_000 });
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const businessId = (await (await page.request.get("/api/businesses", { headers })).json())[0]._id;
  const post = async (path: string, data: object) => {
    const res = await page.request.post(path, { headers, data: { businessId, ...data } });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const unga = await post("/api/products", { name: "Unga 2kg", sellingprice: 21000, quantity: 50 });
  await post("/api/products", { name: "Sukari 1kg", sellingprice: 18000, quantity: 50 });
  const wanjiru = await post("/api/customersAuth/register", { name: "Wanjiru Kamau", phone: "0722555111" });
  // Her earlier visits: 2, 3 and 2 packets (usually 2).
  for (const quantity of [2, 3, 2])
    await post("/api/sales", {
      products: [{ productId: unga._id, quantity }],
      payments: [{ method: "Cash", amount: quantity * 21000 }],
      customerId: wanjiru._id,
    });

  await page.goto("/pos");
  await expect(page.getByTestId("pos-search")).toHaveAttribute("placeholder", /Scan or search 2 products/);
  const forWho = page.getByTestId("ticket-customer");
  await forWho.getByRole("button", { name: "Customer" }).click();
  const dialog = page.getByRole("dialog", { name: "Who is this sale for?" });
  await dialog.getByLabel("Customer").fill("Wanjiru");
  await page.getByRole("option", { name: /Wanjiru Kamau/ }).click();
  await dialog.getByRole("button", { name: "Choose" }).click();
  await expect(dialog).toBeHidden();
  await expect(forWho).toContainText("Wanjiru Kamau");
  const usual = forWho.getByTestId("usual-item");
  await expect(usual).toHaveText(["Unga 2kg × 2"]);
  await shot(page, "usual-items-01-offered");
  await usual.first().click();
  const line = page.getByTestId("ticket-line").filter({ hasText: "Unga 2kg" });
  await expect(page.getByLabel("Quantity of Unga 2kg")).toHaveValue("2");
  await expect(line).toBeVisible();
  await expect(page.getByTestId("ticket-total")).toHaveText(/420\.00/);

  await page.keyboard.press("F9");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Complete sale/ })
    .click();
  await expect(page.getByTestId("receipt-preview")).toContainText(/TOTAL\s+KES 420\.00/);
  const sales = await (await page.request.get(`/api/sales?businessId=${businessId}`, { headers })).json();
  expect(sales[0]).toMatchObject({ amount: 42_000, customerId: wanjiru._id, customerName: "Wanjiru Kamau" });
  await page.keyboard.press("Escape");
  // The next ticket is for nobody in particular.
  await expect(forWho.getByRole("button", { name: "Customer" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await forWho.getByRole("button", { name: "Customer" }).click();
  await page.getByRole("dialog").getByLabel("Customer").fill("Wanjiru");
  await page.getByRole("option", { name: /Wanjiru Kamau/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Choose" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  // Her four visits now (2, 3, 2 and 2): still usually 2.
  await expect(forWho.getByTestId("usual-item")).toHaveText(["Unga 2kg × 2"]);
  await shot(page, "usual-items-02-phone");
});
