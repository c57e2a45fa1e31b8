import { expect, test, type Page } from "@playwright/test";
import { registerWithToken, shot, unique } from "./helpers.ts";

// Issue 32: the catalog lives on the device. A till reloaded with no network keeps its product
// tiles, categories, search, ticket and receipt, and a touch-only till sells by tapping.

const id = unique();
const owner = { businessName: `Tiles ${id}`, username: `til${id}`, password: "secret123" };

/** The till shows its stored catalog (the search box counts the products) and its tiles. */
async function tilesShown(page: Page, products: number) {
  await expect(page.getByTestId("pos-search")).toHaveAttribute(
    "placeholder",
    new RegExp(`Scan or search ${products} products`),
    { timeout: 20_000 },
  );
  await expect(page.getByTestId("pos-tile").first()).toBeVisible({ timeout: 20_000 });
}

test("a till reloaded offline keeps its tiles and categories, and sells by tapping", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const { token, businessId } = await registerWithToken(page, owner);
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const drinks = await post("/api/categories", { businessId, name: "Drinks" });
  await post("/api/products", {
    businessId,
    name: "Soda 500ml",
    sellingprice: 6000,
    quantity: 40,
    categoryId: drinks._id,
  });
  await post("/api/products", {
    businessId,
    name: "Water 1l",
    sellingprice: 5000,
    quantity: 40,
    categoryId: drinks._id,
  });
  const bread = await post("/api/products", { businessId, name: "Bread 400g", sellingprice: 6500, quantity: 30 });
  // A sale online: bread is the most sold.
  await post("/api/sales", {
    businessId,
    products: [{ productId: bread._id, quantity: 2 }],
    payments: [{ method: "Cash", amount: 13000 }],
  });

  // The till opened once online: the service worker keeps the app, IndexedDB the catalog and tiles.
  await page.goto("/pos");
  await tilesShown(page, 3);
  await page.getByRole("tab", { name: "Drinks" }).click(); // this category's order is kept too
  await expect(page.getByTestId("pos-tile")).toHaveCount(2);
  await page.getByRole("tab", { name: "Most sold" }).click();
  await expect(page.getByTestId("pos-tile").first()).toHaveAccessibleName(/^Bread 400g KES/);
  await expect(page.getByTestId("till-offline-readiness")).toHaveAttribute("data-state", /^ready/, {
    timeout: 30_000,
  });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("pos:catalog-stored").length), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await tilesShown(page, 3);
  await expect(page.getByText("The product tiles could not be loaded.")).toHaveCount(0);
  await expect(page.getByTestId("pos-tile").first()).toHaveAccessibleName(/^Bread 400g KES/);
  await page.getByRole("tab", { name: "Drinks" }).click();
  await expect(page.getByTestId("pos-tile")).toHaveCount(2);
  await shot(page, "offline-tiles-01-reloaded-offline");

  // Sold by tapping: a tile onto the ticket, paid cash, a receipt kept for the sync.
  await page.getByTestId("pos-tile").filter({ hasText: "Soda 500ml" }).click();
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Charge KES")).toBeVisible();
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-offline")).toBeVisible();
  await expect(page.getByTestId("receipt-preview")).toContainText("Soda 500ml");
  await page.getByRole("button", { name: /New sale/ }).click();
  await expect(page.getByTestId("unsynced-sales")).toContainText("Unsynced sales: 1");

  // Search works offline too.
  await page.getByTestId("pos-search").fill("wat");
  await expect(page.getByTestId("pos-results")).toContainText("Water 1l");

  // A phone, still offline: the tiles are there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("pos-search").fill("");
  await expect(page.getByTestId("pos-tile").first()).toBeVisible();
  await shot(page, "offline-tiles-02-phone");

  // Back online, the sale reaches the server.
  await context.setOffline(false);
  await expect(page.getByTestId("unsynced-sales")).toHaveCount(0, { timeout: 60_000 });
  await context.close();
});
