import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ownerSignIn, registerFromHome, shot, unique } from "./helpers.ts";

// Issue 16: after a few sales, an order, a void, a credit payment and an expense made through the
// API, the dashboard (/) and the summary (/summary) show the figures this test computes from what
// it did, and the summary's CSV export holds the same numbers.

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Ripoti Duka ${id}`, username: `reports${id}`, password: "secret123" };

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read whatever JSON the API returns */
type Api = {
  get: (path: string) => Promise<any>;
  post: (path: string, data: unknown) => Promise<any>;
  put: (path: string, data: unknown) => Promise<any>;
  del: (path: string) => Promise<any>;
};
/* eslint-enable @typescript-eslint/no-explicit-any */
let api: Api;
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
    put: async (path, data) => json(await request.put(path, { headers, data }), path),
    del: async (path) => json(await request.delete(path, { headers }), path),
  };
}

/** KES with thousands separators and cents, as the app writes money. */
const kes = (cents: number) =>
  `KES ${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Money as the CSV writes it: shillings with two decimals, no separators. */
const csvMoney = (cents: number) => (cents / 100).toFixed(2);

/** What this test did, and so what the reports must say. */
const made: { total: number; cost: number; voided: boolean; payments: { method: string; amount: number }[] }[] = [];
let expenses = 0;
let collected = 0;
let owed = 0;

test("setup: an owner registers; sales, an order, a void, a credit payment and an expense", async ({ page }) => {
  await registerFromHome(page, owner);
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  api = apiOf(page.request, (await login.json()).token);
  businessId = (await api.get("/api/businesses"))[0]._id;

  const product = (name: string, sellingprice: number, wholesalePrice: number, buyingPrice: number) =>
    api.post("/api/products", { businessId, name, sellingprice, wholesalePrice, buyingPrice, quantity: 100 });
  const maize = {
    ...(await product("Maize flour 2kg", 25_000, 20_000, 15_000)),
    price: 25_000,
    wholesale: 20_000,
    cost: 15_000,
  };
  const sugar = {
    ...(await product("Sugar 1kg", 12_000, 10_000, 5_000)),
    price: 12_000,
    wholesale: 10_000,
    cost: 5_000,
  };

  const sell = async (
    base: "/api/sales" | "/api/orders",
    lines: { p: typeof maize; quantity: number }[],
    pay: (total: number) => { method: string; amount: number; reference?: string }[],
  ) => {
    const wholesale = base === "/api/orders";
    const total = lines.reduce((s, l) => s + l.quantity * (wholesale ? l.p.wholesale : l.p.price), 0);
    const cost = lines.reduce((s, l) => s + l.quantity * l.p.cost, 0);
    const payments = pay(total);
    const sale = await api.post(base, {
      businessId,
      products: lines.map((l) => ({ productId: l.p._id, quantity: l.quantity })),
      payments,
      customerName: "Achieng Otieno",
      customerPhone: "0722000111",
    });
    made.push({ total, cost, voided: false, payments });
    return { sale, index: made.length - 1 };
  };
  await sell(
    "/api/sales",
    [
      { p: maize, quantity: 2 },
      { p: sugar, quantity: 1 },
    ],
    (t) => [{ method: "Cash", amount: t }],
  );
  await sell("/api/sales", [{ p: sugar, quantity: 3 }], (t) => [
    { method: "M-Pesa", amount: t, reference: "QGH7XYZ12A" },
  ]);
  const credit = await sell("/api/sales", [{ p: maize, quantity: 1 }], (t) => [
    { method: "Cash", amount: 5_000 },
    { method: "Credit", amount: t - 5_000 },
  ]);
  await sell("/api/orders", [{ p: maize, quantity: 2 }], (t) => [{ method: "Bank Transfer", amount: t }]);
  const voided = await sell("/api/sales", [{ p: sugar, quantity: 1 }], (t) => [{ method: "Cash", amount: t }]);
  await api.del(`/api/sales/${voided.sale._id}?reason=${encodeURIComponent("Wrong item")}`);
  made[voided.index]!.voided = true;

  collected = 8_000;
  await api.put(`/api/sales/salecredit/${credit.sale._id}`, { amountPaid: collected, paymentMethod: "M-Pesa" });
  owed = made[credit.index]!.total - 5_000 - collected;

  const categories: { _id: string; name: string }[] = await api.get(
    `/api/expenses/categories?businessId=${businessId}`,
  );
  expenses = 30_000;
  await api.post("/api/expenses", {
    businessId,
    categoryId: categories.find((c) => c.name === "Rent")!._id,
    amount: expenses,
    method: "Cash",
    paidTo: "Landlord",
  });
});

const live = () => made.filter((m) => !m.voided);
const sales = () => live().reduce((s, m) => s + m.total, 0);
const cost = () => live().reduce((s, m) => s + m.cost, 0);
const byMethod = (method: string) =>
  live().reduce((s, m) => s + m.payments.filter((p) => p.method === method).reduce((a, p) => a + p.amount, 0), 0);

test("the dashboard shows today's figures, each card a link to its page", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInTo(page);
  await expect(page.getByTestId("dash-sales-value")).toHaveText(kes(sales()));
  await expect(page.getByTestId("dash-count-value")).toHaveText(String(live().length));
  await expect(page.getByTestId("dash-average-value")).toHaveText(kes(Math.round(sales() / live().length)));
  await expect(page.getByTestId("dash-profit-value")).toHaveText(kes(sales() - cost()));
  await expect(page.getByTestId("dash-credit-value")).toHaveText(kes(owed));
  await expect(page.getByTestId("dash-collected")).toContainText(kes(collected));
  await expect(page.getByTestId("dash-pay-Cash")).toContainText(kes(byMethod("Cash")));
  await expect(page.getByTestId("dash-pay-M-Pesa")).toContainText(kes(byMethod("M-Pesa")));
  await expect(page.getByTestId("dash-pay-Bank Transfer")).toContainText(kes(byMethod("Bank Transfer")));
  await expect(page.getByTestId("dash-pay-Credit")).toContainText(kes(byMethod("Credit")));
  await expect(page.getByTestId("dash-top-products")).toContainText("Maize flour 2kg");
  await expect(page.getByTestId("dash-hours").locator("svg").first()).toBeVisible();
  await shot(page, "reports-01-dashboard-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("dash-sales-value")).toBeVisible();
  await shot(page, "reports-02-dashboard-390");
  await page.getByTestId("dash-credit").locator("a").click();
  await expect(page).toHaveURL(/\/debts$/);
});

test("/summary shows today's sales, cost of goods, profit, expenses and net profit; the CSV holds the same", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInTo(page, "/summary");
  const gross = sales() - cost();
  await expect(page.getByTestId("sum-sales")).toContainText(kes(sales()));
  await expect(page.getByTestId("sum-count")).toContainText(String(live().length));
  await expect(page.getByTestId("sum-cost")).toContainText(kes(cost()));
  await expect(page.getByTestId("sum-gross")).toContainText(kes(gross));
  await expect(page.getByTestId("sum-margin")).toContainText(`${((gross / sales()) * 100).toFixed(1)}%`);
  await expect(page.getByTestId("sum-expenses")).toContainText(kes(expenses));
  await expect(page.getByTestId("sum-net")).toContainText(kes(gross - expenses));
  await expect(page.getByTestId("sum-voided")).toContainText("1");
  await expect(page.getByTestId("sum-by-channel")).toContainText("Wholesale");
  await expect(page.getByTestId("sum-by-payment")).toContainText("Bank");
  await expect(page.getByTestId("sum-by-payment").locator("svg").first()).toBeVisible();
  await shot(page, "reports-03-summary-1366");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const csv = (await readFile((await download.path())!)).toString("utf8");
  const row = (name: string) =>
    csv
      .split(/\r?\n/)
      .find((l) => l.startsWith(`${name},`))
      ?.split(",");
  expect(row("Sales")?.[1]).toBe(csvMoney(sales()));
  expect(row("Number of sales")?.[1]).toBe(String(live().length));
  expect(row("Cost of goods")?.[1]).toBe(csvMoney(cost()));
  expect(row("Gross profit")?.[1]).toBe(csvMoney(gross));
  expect(row("Expenses")?.[1]).toBe(csvMoney(expenses));
  expect(row("Net profit")?.[1]).toBe(csvMoney(gross - expenses));
  expect(row("Credit")?.[2]).toBe(csvMoney(byMethod("Credit")));

  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export PDF" }).click(),
  ]);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("sum-sales")).toBeVisible();
  await shot(page, "reports-04-summary-390");
});

async function signInTo(page: Page, path = "/") {
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page.getByTestId("current-username")).toHaveText(owner.username);
  if (path !== "/") await page.goto(path);
}
