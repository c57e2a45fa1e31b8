import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pickOption, registerFromHome, shot, unique } from "./helpers.ts";

// Issue 31 at the counter: a discount beyond the cashier's limit allowed by the owner's PIN, a
// cash sale rounded to the nearest 5 shillings, and the receipt showing both.

// A loaded machine hashes passwords slowly: the walk gets room (each step still has its own wait).
test.describe.configure({ mode: "serial", timeout: 180_000 });

let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
});
test.afterAll(() => page.context().close());

const id = unique();
const owner = { businessName: `Kaunta ${id}`, username: `kaunta${id}`, password: "secret123" };
const cashier = { username: `cash${id}`, password: "staffpass1" };
let token = "";
let businessId = "";

async function api(request: APIRequestContext, method: "get" | "post" | "put", url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

test("the owner sets cash rounding and their till PIN in Settings; a cashier may give up to 10%", async () => {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible({ timeout: 60_000 });
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  token = (await login.json()).token;
  businessId = (await api(page.request, "get", "/api/businesses"))[0]._id;
  await api(page.request, "post", "/api/products", {
    businessId,
    name: "Sufuria 5L",
    sellingprice: 104_300,
    quantity: 10,
  });
  const staff = await api(page.request, "post", "/api/employeesAuth/register", {
    businessId,
    ...cashier,
    occupation: "Cashier",
    maxDiscountPercent: 10,
  });
  await api(page.request, "put", `/api/tillPin/${staff._id}`, { pin: "1357" });

  await page.goto("/settings");
  await pickOption(page.getByLabel("Cash rounding"), { name: "Nearest 5 shillings" });
  await expect(page.getByText("Cash rounding saved")).toBeVisible();
  await page.getByTestId("owner-pin-new").fill("2468");
  await page.getByRole("button", { name: "Save PIN" }).click();
  await expect(page.getByTestId("owner-pin-status")).toHaveText("A PIN is set.");
  await shot(page, "counter-01-settings");
});

test("the cashier gives 15% off with the owner's PIN; the cash sale is rounded; the receipt shows both", async () => {
  await page.goto("/pos");
  await page.getByTestId("switch-cashier").click();
  const switcher = page.getByRole("dialog");
  await pickOption(switcher.getByLabel("Who is taking over?"), { name: cashier.username });
  await switcher.getByTestId("switch-pin").fill("1357");
  await switcher.getByRole("button", { name: "Switch", exact: true }).click();
  await expect(page.getByTestId("switch-cashier")).toContainText(cashier.username);

  const search = page.getByTestId("pos-search");
  await search.fill("Sufuria");
  await expect(page.getByTestId("pos-results")).toContainText("Sufuria 5L");
  await search.press("Enter");
  await expect(page.getByTestId("ticket-total")).toHaveText(/1,043\.00/);
  // F6: a discount on the selected line, typed and applied with Enter.
  await page.keyboard.press("F6");
  const discount = page.getByRole("dialog");
  await discount.getByTestId("discount-value").fill("15");
  await discount.getByTestId("discount-reason").fill("Dented");
  await discount.getByTestId("discount-reason").press("Enter");
  // 1,043.00 less 15% (156.45) = 886.55
  await expect(page.getByTestId("ticket-total")).toHaveText(/886\.55/);
  await expect(page.getByTestId("ticket-savings")).toContainText("156.45");
  await shot(page, "counter-02-discounted-ticket");

  await page.keyboard.press("F9");
  const checkout = page.getByRole("dialog");
  // Cash rounds 886.55 to the nearest 5 shillings: 885.00 (1.55 off).
  await expect(checkout.getByTestId("cash-rounding")).toContainText("885.00");
  const complete = checkout.getByRole("button", { name: /Complete sale/ });
  await expect(complete).toBeDisabled();
  await checkout.getByTestId("owner-pin").fill("2468");
  await shot(page, "counter-03-owner-pin");
  await complete.click();

  const receipt = page.getByTestId("receipt-preview");
  await expect(receipt).toContainText("Discount: Dented");
  await expect(receipt).toContainText("-156.45");
  await expect(receipt).toContainText("Cash rounding");
  await expect(receipt).toContainText("-1.55");
  await expect(receipt).toContainText(/CASH TO PAY\s+KES 885\.00/);
  await shot(page, "counter-04-receipt");

  const sales = await api(page.request, "get", `/api/sales?businessId=${businessId}`);
  expect(sales[0]).toMatchObject({ amount: 88_655, cashRounding: -155, discount: 15_645 });
  expect(sales[0].products[0].approvedBy).toBe(`${owner.username} (owner's PIN)`);
});
