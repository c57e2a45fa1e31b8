import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerWithToken, shot, unique } from "./helpers.ts";

// Issue 17: the till keeps selling with the network gone, survives a reload while offline, and
// every sale reaches the server exactly once when the network is back.

const id = unique();
const owner = { businessName: `Offline ${id}`, username: `off${id}`, password: "secret123" };
const SALES = 20;

async function api(request: APIRequestContext, token: string, url: string, data?: unknown) {
  const res = data
    ? await request.post(url, { headers: { authorization: `Bearer ${token}` }, data })
    : await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * The till is ready to sell offline: its catalog is in (the search box counts the products) and
 * the parts it loads at idle, the checkout among them, are in too (the readiness chip a cashier
 * sees says so). On a loaded machine the checkout came in after the catalog: cut off before it,
 * the till rightly said the checkout needs the network once.
 */
async function tillReady(page: Page) {
  await expect(page.getByTestId("pos-search")).toHaveAttribute("placeholder", /Scan or search 2 products/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("till-offline-readiness")).toHaveAttribute("data-state", /^ready/, {
    timeout: 30_000,
  });
}

/** One sale rung up on the till: `code` by barcode, paid cash exactly, its receipt closed. */
async function sellOne(page: Page, code: string, n: number) {
  const search = page.getByTestId("pos-search");
  await search.fill(code);
  await search.press("Enter");
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Charge KES")).toBeVisible();
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-offline")).toBeVisible();
  await expect(page.getByTestId("receipt-preview")).toContainText("NOT YET SYNCED / BADO HAIJATUMWA");
  if (n === 1) await shot(page, "offline-02-receipt-not-synced");
  await page.getByRole("button", { name: /New sale/ }).click();
  await expect(page.getByTestId("ticket-line")).toHaveCount(0);
}

test("20 sales made offline, with a reload while offline, reach the server exactly once", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { token, businessId } = await registerWithToken(page, owner);
  const sugar = await api(page.request, token, "/api/products", {
    businessId,
    name: "Sugar 1kg",
    barcode: "6161100000017",
    sellingprice: 18000,
    quantity: 15,
  });
  const bread = await api(page.request, token, "/api/products", {
    businessId,
    name: "Bread 400g",
    barcode: "6161100000024",
    sellingprice: 6500,
    quantity: 30,
  });

  // The till has been open before: the service worker controls it and keeps the app and catalog.
  await page.goto("/pos");
  await tillReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await tillReady(page);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const keys = await caches.keys();
          const shell = keys.find((k) => k.startsWith("duka-shell-"));
          if (!shell) return false;
          const cache = await caches.open(shell);
          return Boolean(await cache.match("/index.html")) && (await cache.keys()).length > 5;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId("till-offline")).toBeVisible();
  // Meanwhile another till, online, sells 8 of the 15 sugar: the offline till does not know.
  await api(request, token, "/api/sales", {
    businessId,
    products: [{ productId: sugar._id, quantity: 8 }],
    payments: [{ method: "Cash", amount: 8 * 18000 }],
  });
  // 10 sugar and 10 bread sold offline, one at a time.
  for (let n = 1; n <= SALES / 2; n++) await sellOne(page, n % 2 ? "6161100000017" : "6161100000024", n);
  await expect(page.getByTestId("unsynced-sales")).toContainText(`Unsynced sales: ${SALES / 2}`);
  await shot(page, "offline-01-till-offline");

  // A reload with no network: the app opens from the service worker, the outbox is still there.
  await page.reload();
  await tillReady(page);
  await expect(page.getByTestId("unsynced-sales")).toContainText(`Unsynced sales: ${SALES / 2}`);
  for (let n = SALES / 2 + 1; n <= SALES; n++) await sellOne(page, n % 2 ? "6161100000017" : "6161100000024", n);
  await expect(page.getByTestId("unsynced-sales")).toContainText(`Unsynced sales: ${SALES}`);
  // The till's stock view took the unsynced sales off: 15 - 10 sugar.
  await page.getByTestId("pos-search").fill("sugar");
  await expect(page.getByTestId("pos-results").locator(".stock")).toHaveText(/^5 \S+ in stock$/);
  await page.getByTestId("pos-search").fill("");

  // Signing out is refused while sales wait.
  await page.getByTestId("sidebar-menu").getByText("Logout").click();
  await expect(page.locator(".Toastify__toast").getByText(/have not reached the server yet/)).toBeVisible();
  await page.waitForTimeout(800); // the toast's entrance animation, for the screenshot only
  await shot(page, "offline-03-sign-out-refused");
  await expect(page).toHaveURL(/\/pos$/);

  // The network is back: the sync worker sends the outbox, and the count goes away.
  await context.setOffline(false);
  await expect(page.getByTestId("unsynced-sales")).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByTestId("till-offline")).toHaveCount(0);
  await shot(page, "offline-04-synced");

  const sales = (await api(page.request, token, `/api/sales?businessId=${businessId}&limit=1000`)) as {
    _id: string;
    offlineAt: string | null;
    stockShortfall: unknown[] | null;
    amount: number;
  }[];
  const offline = sales.filter((s) => s.offlineAt !== null);
  expect(sales).toHaveLength(SALES + 1); // the online one too
  expect(offline).toHaveLength(SALES);
  expect(new Set(offline.map((s) => s._id)).size).toBe(SALES);
  expect(offline.reduce((n, s) => n + s.amount, 0)).toBe((SALES / 2) * (18000 + 6500));
  // Sugar: 7 left when the 10 offline sugar sales arrived: the last 3 are recorded anyway, flagged.
  expect((await api(page.request, token, `/api/products/${sugar._id}`)).quantity).toBe(0);
  expect((await api(page.request, token, `/api/products/${bread._id}`)).quantity).toBe(20);
  expect(offline.filter((s) => s.stockShortfall)).toHaveLength(3);

  // The owner sees them: sold offline, and the stock to review.
  await page.goto("/sales");
  await expect(page.getByTestId("sold-offline").first()).toBeVisible();
  await shot(page, "offline-05-sales-list");
  await page.getByLabel(/Only stock to review/).check();
  await expect(page.getByTestId("stock-review")).toHaveCount(3);
  await shot(page, "offline-06-stock-to-review");
  // The same in Swahili.
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(page.getByTestId("stock-review").first()).toHaveText(/^Stoo ya kukagua: Sugar .+ × 1$/);
  await shot(page, "offline-07-stock-to-review-sw");
  await context.close();
});

test("a sale the server refuses stays on the device with the reason; the owner discards it, then can sign out", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const other = { businessName: `Refused ${id}`, username: `ref${id}`, password: "secret123" };
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const { token, businessId } = await registerWithToken(page, other);
  const tea = await api(page.request, token, "/api/products", {
    businessId,
    name: "Tea leaves 250g",
    barcode: "6161100000031",
    sellingprice: 12000,
    quantity: 10,
  });
  await api(page.request, token, "/api/products", { businessId, name: "Salt 1kg", sellingprice: 5000, quantity: 10 });
  await page.goto("/pos");
  await tillReady(page);

  // Sold offline; meanwhile the tea is deleted on the server (it had never been sold there).
  await context.setOffline(true);
  await expect(page.getByTestId("till-offline")).toBeVisible();
  await sellOne(page, "6161100000031", 2);
  const removed = await request.delete(`/api/products/${tea._id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await removed.json()).toEqual({ archived: false });

  // Back online: the server refuses the sale for good; it stays, counted, and is not lost.
  await context.setOffline(false);
  await expect(page.getByTestId("till-offline")).toHaveCount(0);
  await page.getByTestId("unsynced-sales").click();
  const dialog = page.getByRole("dialog", { name: "Sales kept on this device" });
  const sale = dialog.getByTestId("unsynced-sale");
  await expect(sale.getByTestId("unsynced-reason")).toContainText("Refused by the server:", { timeout: 30_000 });
  await expect(sale).toContainText("KES 120.00 · Cash");
  await expect(sale).toContainText("1 × Tea leaves 250g");
  await expect(page.getByTestId("unsynced-sales")).toContainText("Unsynced sales: 1");
  await expect(page.locator(".MuiDialog-container")).toHaveCSS("opacity", "1"); // faded in, for the screenshot
  await shot(page, "offline-08-refused-sale");

  // Signing out is still refused; the owner discards the sale after a confirmation.
  await dialog.getByRole("button", { name: "Discard" }).click();
  const confirm = page.getByRole("dialog", { name: "Discard this sale?" });
  await expect(confirm).toContainText("The sale of KES 120.00");
  await confirm.getByRole("button", { name: "Discard sale" }).click();
  await expect(dialog.getByText("Every sale made on this device has reached the server.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("unsynced-sales")).toHaveCount(0);
  const sales = await api(page.request, token, `/api/sales?businessId=${businessId}`);
  expect(sales).toHaveLength(0);
  await page.getByTestId("sidebar-menu").getByText("Logout").click();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});
