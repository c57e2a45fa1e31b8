import { expect, test, type Locator, type Page } from "@playwright/test";
import { SUPPORT } from "../global-setup.ts";
import { ownerSignIn, shot, unique } from "./helpers.ts";

// Issue 20, "What a shopkeeper trips over", items 1-5: a date typed at typing pace, toasts out of
// the way, one currency text, staff landing on their page, support's lists that keep up.

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Duka la Wanjiru ${id}`, username: `wanjiru${id}`, password: "secret123" };
const cashier = { username: `kamau${id}`, password: "secret123" };

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read whatever JSON the API returns */
let token = "";
let businessId = "";
let sale: any;

async function call(page: Page, method: "get" | "post", path: string, data?: unknown, bearer = token): Promise<any> {
  const res = await page.request[method](path, { headers: { authorization: `Bearer ${bearer}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}
/* eslint-enable @typescript-eslint/no-explicit-any */

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "on screen").not.toBeNull();
  return box!;
}

test("setup: an owner with a low product, a cash sale and a credit sale, and a Cashier", async ({ page }) => {
  const res = await page.request.post("/api/businesses/register", {
    data: {
      businessName: owner.businessName,
      businessType: "general",
      username: owner.username,
      email: `${owner.username}@example.com`,
      phone: "0712345678",
      password: owner.password,
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  token = body.token;
  businessId = body.business._id;
  // 4 left of a reorder level of 5 after the sale below: low, so a toast at sign-in.
  const flour = await call(page, "post", "/api/products", {
    businessId,
    name: `Unga wa ngano ${id}`,
    sellingprice: 123450,
    buyingPrice: 100000,
    quantity: 7,
    reorderLevel: 5,
  });
  sale = await call(page, "post", "/api/sales", {
    businessId,
    products: [{ productId: flour._id, quantity: 2 }],
    payments: [{ method: "Cash", amount: 246900, tendered: 250000 }],
  });
  await call(page, "post", "/api/sales", {
    businessId,
    products: [{ productId: flour._id, quantity: 1 }],
    payments: [{ method: "Credit", amount: 123450 }],
    customerName: "Mama Akinyi",
    customerPhone: "0711222333",
  });
  await call(page, "post", "/api/employeesAuth/register", {
    businessId,
    ...cashier,
    occupation: "Cashier",
  });
});

test("1. a date typed at 40 ms a key on Daily logs gives that date, and the report loads once, for that day", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  await page.getByRole("link", { name: "Inventory" }).click();
  await page.getByRole("tab", { name: "Daily logs", exact: true }).click();
  await expect(page).toHaveURL(/\/daily-logs$/);
  const date = page.getByRole("group", { name: "Date" });
  await expect(date.locator("input")).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByRole("table", { name: "Daily stock logs" })).toBeVisible();

  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/products/dailystock/log"))
      asked.push(new URL(r.url()).searchParams.get("startDate") ?? "");
  });
  // A day in the past whatever day the test runs (a future day is not reported): the 21st of a month
  // two or more months back, not January, so its month typed again goes back within its year.
  const at = new Date();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - 2);
  while (at.getUTCMonth() === 0) at.setUTCMonth(at.getUTCMonth() - 1);
  const [year, month] = [at.getUTCFullYear(), at.getUTCMonth() + 1];
  const mm = (n: number) => String(n).padStart(2, "0");
  /** Midnight in Nairobi (UTC+3) of a day, as the report is asked for it. */
  const nairobiStart = (m: number, d: number) => new Date(Date.UTC(year, m - 1, d) - 3 * 3600_000).toISOString();

  await date.getByRole("spinbutton", { name: "Month" }).click();
  await page.keyboard.type(`${mm(month)}21${year}`, { delay: 40 });
  await expect(date.locator("input")).toHaveValue(`${mm(month)}/21/${year}`);
  // The report follows once typing settles: one request, for that day in Nairobi.
  await expect.poll(() => asked).toEqual([nairobiStart(month, 21)]);
  await page.waitForTimeout(1500); // nothing typed later comes back under the field
  await expect(date.locator("input")).toHaveValue(`${mm(month)}/21/${year}`);
  expect(asked).toEqual([nairobiStart(month, 21)]);
  await shot(page, "shopkeeper-01-daily-logs-typed-date");

  // Typed again, the month by its two keys only (one month back), reported on Enter.
  await date.getByRole("spinbutton", { name: "Month" }).click();
  await page.keyboard.type(mm(month - 1), { delay: 40 });
  await page.keyboard.press("Enter");
  await expect(date.locator("input")).toHaveValue(`${mm(month - 1)}/21/${year}`);
  await expect.poll(() => asked.at(-1)).toBe(nairobiStart(month - 1, 21));
  expect(asked).toHaveLength(2);

  // The calendar still reports its day at once.
  await date.getByRole("button", { name: /Choose date/ }).click();
  await page.getByRole("gridcell", { name: "15" }).click();
  await expect(date.locator("input")).toHaveValue(`${mm(month - 1)}/15/${year}`);
  await expect.poll(() => asked.at(-1)).toBe(nairobiStart(month - 1, 15));
});

test("2. toasts stay below the app bar and below an open drawer's header", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, owner.username, owner.password);
  const toastBox = page.locator(".Toastify__toast").first();
  await expect(toastBox).toContainText(`Unga wa ngano ${id} is low: 4 left (reorder level 5)`);
  // The toasts wait while the window is away (pauseOnFocusLoss): they stay while we look.
  await page.evaluate(() => window.dispatchEvent(new Event("blur")));
  const bar = await boxOf(page.locator("header.MuiAppBar-root"));
  expect(intersects(await boxOf(toastBox), bar), "toast over the app bar").toBe(false);
  expect((await boxOf(toastBox)).y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await shot(page, "shopkeeper-02-toast-below-app-bar");

  // The notification panel (a drawer): its header and close button stay clear.
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toBeVisible();
  const panelClose = page.getByRole("button", { name: "Close notifications" });
  await expect(panelClose).toBeInViewport({ ratio: 1 }); // slid in
  const panelHeader = await boxOf(panel.locator(":scope > div").first());
  await expect.poll(async () => intersects(await boxOf(toastBox), panelHeader)).toBe(false);
  expect(intersects(await boxOf(toastBox), await boxOf(panelClose))).toBe(false);
  await shot(page, "shopkeeper-03-toast-below-panel-header");
  await panelClose.click();

  // The sale drawer on /sales: its header and close button stay clear.
  await page.getByRole("link", { name: "Sales", exact: true }).click();
  await page
    .locator('[role="row"]')
    .filter({ hasText: `#${sale.saleNumber}` })
    .click();
  const drawer = page.getByTestId("sale-detail");
  await expect(drawer).toBeVisible();
  const header = drawer.locator(":scope > div").first();
  await expect(header).toContainText(`Sale #${sale.saleNumber}`);
  await expect(toastBox).toBeVisible();
  await toastBox.hover(); // pauseOnHover: it stays while we look
  await expect.poll(async () => intersects(await boxOf(toastBox), await boxOf(header))).toBe(false);
  expect(intersects(await boxOf(toastBox), await boxOf(drawer.getByRole("button", { name: "Close" })))).toBe(false);
  expect(intersects(await boxOf(toastBox), bar)).toBe(false);
  await shot(page, "shopkeeper-04-toast-below-sale-drawer-header");

  // On a phone too (the toasts take the whole width there).
  await page.setViewportSize({ width: 390, height: 844 });
  await toastBox.hover();
  await expect.poll(async () => intersects(await boxOf(toastBox), await boxOf(header))).toBe(false);
  expect(intersects(await boxOf(toastBox), await boxOf(page.locator("header.MuiAppBar-root")))).toBe(false);
  await shot(page, "shopkeeper-05-toast-phone-sale-drawer");
});

test("2. the low-stock toast shows once a day on a device, not at every sign-in; the bell keeps it", async ({
  page,
}) => {
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page.locator(".Toastify__toast")).toContainText(`Unga wa ngano ${id} is low`);
  await page.mouse.move(5, 5);
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/adminaccounts$|\/home$/);
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  await expect(page.getByTestId("notification-count")).toContainText("1");
  // No toast comes for 6 s (a count now, not a wait for none: a toast lives 5 s).
  for (let i = 0; i < 24; i++) {
    expect(await page.locator(".Toastify__toast").count(), `toasts after ${i * 250} ms`).toBe(0);
    await page.waitForTimeout(250);
  }
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification-panel")).toContainText(`Unga wa ngano ${id} is low`);
});

const ONE_CURRENCY = /KES [\d,]+\.\d\d/;
async function expectOneCurrency(where: Locator, label: string) {
  await expect(where, label).toContainText(ONE_CURRENCY);
  expect(await where.innerText(), label).not.toMatch(/ksh/i);
}

test("3. one currency text, KES 1,234.50, on the POS, sales, credit and subscription pages and a receipt", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, owner.username, owner.password);
  await page.getByRole("link", { name: "POS", exact: true }).click();
  await expect(page).toHaveURL(/\/pos$/);
  const search = page.getByTestId("pos-search");
  // The catalog has arrived (the box counts it) before the name and Enter are typed, as pos.spec does.
  await expect(search).toHaveAttribute("placeholder", /Scan or search \d+ products/);
  await search.fill(`Unga wa ngano ${id}`);
  await search.press("Enter");
  await expect(page.getByTestId("ticket-total")).toHaveText(/KES 1,234\.50/);
  await expectOneCurrency(page.locator("main"), "POS");
  await shot(page, "shopkeeper-06-currency-pos");

  await page.getByRole("link", { name: "Sales", exact: true }).click();
  const row = page.locator('[role="row"]').filter({ hasText: `#${sale.saleNumber}` });
  await expect(row).toContainText("KES 2,469.00");
  await expectOneCurrency(page.locator("main"), "Sales");
  await row.click();
  const drawer = page.getByTestId("sale-detail");
  await expectOneCurrency(drawer, "Sale drawer");
  await drawer.getByRole("button", { name: "Reprint receipt" }).click();
  const receipt = page.frameLocator('[data-testid="print-frame"]').locator("body");
  await expect(receipt).toContainText(`Receipt #${sale.saleNumber}`);
  await expect(receipt).toContainText(/TOTAL\s+KES 2,469\.00/);
  expect(await receipt.innerText()).not.toMatch(/ksh/i);
  await shot(page, "shopkeeper-07-currency-sale-and-receipt");
  await page.keyboard.press("Escape");

  await page.goto("/sales/creditSales");
  await expect(page.locator('[role="row"]').filter({ hasText: "Mama Akinyi" })).toContainText("KES 1,234.50");
  await expectOneCurrency(page.locator("main"), "Credit sales");
  await shot(page, "shopkeeper-08-currency-credit");

  // Support's Subscription Management lists a plan in KES.
  const support = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const supportToken = (
    await (
      await support.request.post("/api/adminAuth/login", {
        data: { username: SUPPORT.username, password: SUPPORT.password },
      })
    ).json()
  ).token;
  const plan = await call(
    support,
    "post",
    "/api/subscriptions/plans",
    {
      name: `Duka Monthly ${id}`,
      description: "A month of the till",
      price: 123400,
      currency: "KES",
      billingCycle: "monthly",
      isActive: true,
      features: {
        maxUsers: 1,
        maxProducts: 100,
        inventoryManagement: true,
        analytics: false,
        multiBranch: false,
        apiAccess: false,
        prioritySupport: false,
        customReports: false,
      },
    },
    supportToken,
  );
  await ownerSignIn(support, SUPPORT.username, SUPPORT.password);
  await support.getByRole("link", { name: "Subscription" }).click();
  await support.getByRole("tab", { name: "Plans" }).click();
  const planRow = support.getByTestId("plans-grid").locator('[role="row"]').filter({ hasText: plan.name });
  await expect(planRow).toContainText("KES 1,234.00");
  await expectOneCurrency(support.locator("main"), "Subscription plans");
  await shot(support, "shopkeeper-09-currency-subscription");
  await support.context().close();
});

test("4. a Cashier lands on the POS after signing in; then on the page last open on this device", async ({
  browser,
}) => {
  const owner0 = await (await browser.newContext()).newPage();
  const code: string = (await call(owner0, "get", `/api/businesses/${businessId}`)).staffAccessCode;
  await owner0.context().close();
  const till = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  const signIn = async () => {
    await till.goto("/home");
    await till.getByText("Staff", { exact: true }).click();
    await till.getByRole("textbox", { name: "Staff access code" }).fill(code);
    await till.getByRole("button", { name: "Continue" }).click();
    await till.getByLabel("Username").fill(cashier.username);
    await till.getByLabel("Password").fill(cashier.password);
    await till.getByRole("button", { name: "Sign in" }).click();
  };
  await signIn();
  await expect(till).toHaveURL(/\/pos$/);
  await expect(till.getByTestId("pos-search")).toBeVisible();
  await shot(till, "shopkeeper-10-cashier-lands-on-pos");

  // The Cashier opens Sales and signs out: next time on this device, Sales again.
  await till.getByRole("link", { name: "Sales", exact: true }).click();
  await expect(till).toHaveURL(/\/sales$/);
  await expect(till.getByRole("heading", { name: "Sales", exact: true })).toBeVisible();
  await expect.poll(() => till.evaluate(() => Object.values(localStorage).includes('"/sales"'))).toBe(true);
  await till.getByRole("button", { name: "Logout" }).click();
  await expect(till).toHaveURL(/\/normalaccounts$/);
  await till.getByLabel("Username").fill(cashier.username);
  await till.getByLabel("Password").fill(cashier.password);
  await till.getByRole("button", { name: "Sign in" }).click();
  await expect(till).toHaveURL(/\/sales$/);
  await till.context().close();
});

test("5. a business registered meanwhile appears in support's Businesses without a reload; the list searches and pages", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, SUPPORT.username, SUPPORT.password);
  await page.getByRole("link", { name: "Settings" }).click();
  const grid = page.getByTestId("businesses-grid");
  await expect(grid.locator('[role="row"]').nth(1)).toBeVisible();
  // Other files' tests register businesses meanwhile: this test's own carry a mark of their own,
  // and the list is searched for it.
  const mark = unique();
  const late = `Kibanda cha Baraka ${mark}`;
  const search = page.getByRole("textbox", { name: "Search businesses" });
  await search.fill(mark);
  await expect(grid).toContainText(`No businesses match “${mark}”.`);

  const register = async (businessName: string, username: string) => {
    const res = await page.request.post("/api/businesses/register", {
      data: {
        businessName,
        businessType: "general",
        username,
        email: `${username}@example.com`,
        phone: "0712345670",
        password: "secret123",
      },
    });
    expect(res.status()).toBe(201);
  };
  await register(late, `baraka${mark}`);
  // Within the 15 s refresh, with no reload.
  await expect(grid.locator('[role="row"]').nth(1)).toContainText(late, { timeout: 25_000 });
  await shot(page, "shopkeeper-11-support-businesses-new");

  // Search by a part of the name, any case: only that business.
  await search.fill(`kibanda cha baraka ${mark}`.toUpperCase());
  await expect(grid.locator('[role="row"]')).toHaveCount(2);
  await expect(grid).toContainText(late);
  await search.fill(`zz-none-${mark}`);
  await expect(grid).toContainText(`No businesses match “zz-none-${mark}”.`);
  // Paged on the server, ten a page, newest first: with eleven more there is a second page.
  for (let n = 0; n < 11; n++) await register(`Duka ${mark} ${n}`, `duka${mark}n${n}`);
  await search.fill(mark);
  const pager = grid.locator(".MuiTablePagination-displayedRows");
  await expect(grid.locator('[role="row"]').nth(1)).toContainText(`Duka ${mark} 10`, { timeout: 25_000 });
  await expect(grid.locator('[role="row"]')).toHaveCount(11);
  await expect(pager).toHaveText("1–10 of 12");
  await grid.getByRole("button", { name: "Go to next page" }).click();
  await expect(pager).toHaveText("11–12 of 12");
  await expect(grid).toContainText(late);
  await shot(page, "shopkeeper-12-support-businesses-paged");
});
