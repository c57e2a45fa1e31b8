import { expect, test, type APIRequestContext } from "@playwright/test";
import { registerWithToken, shot, unique } from "./helpers.ts";

// Issue 33, item 9: a stock shortfall from offline sales was only a "Stock to review" chip on the
// sales page. Now the owner's bell and dashboard name the product and the units missing, and each
// is settled on the sales page: stock received, or a loss with its reason, through the ledger.
// Item 6: a new owner's dashboard opens on a welcome card with the first steps, not on skeletons.

const id = unique();
const owner = { businessName: `Upungufu ${id}`, username: `short${id}` };

/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads whatever JSON the API returns */
async function call(request: APIRequestContext, token: string, method: "GET" | "POST", path: string, data?: unknown) {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as any;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

test("the owner is told what offline sales sold without stock, and settles each through the ledger", async ({
  page,
}) => {
  const { token, businessId } = await registerWithToken(page, owner);

  // A new business: the welcome card says what to do first, with links; no grey skeletons stay.
  const welcome = page.getByTestId("dashboard-welcome");
  await expect(welcome).toBeVisible();
  await expect(welcome.getByTestId("welcome-products")).toHaveAttribute("data-done", "false");
  await expect(welcome.getByRole("link", { name: "Add products" })).toHaveAttribute("href", "/products/new");
  await expect(welcome.getByRole("link", { name: "Add staff" })).toHaveAttribute("href", "/employees/new");
  await expect(welcome.getByRole("link", { name: "Connect M-Pesa" })).toHaveAttribute("href", "/settings");
  await expect(welcome.getByRole("link", { name: "Connect eTIMS" })).toHaveAttribute("href", "/settings");
  await expect(page.locator(".MuiSkeleton-root")).toHaveCount(0);
  await shot(page, "dashboard-welcome");

  const product = (name: string, quantity: number) =>
    call(page.request, token, "POST", "/api/products", { businessId, name, sellingprice: 5000, quantity });
  const sugar = await product("Sugar 1kg", 2);
  const bread = await product("Bread 400g", 1);
  // Two offline sales reach the server: 5 sugar with 2 on the shelf, 4 bread with 1.
  const offline = (productId: string, quantity: number) =>
    call(page.request, token, "POST", "/api/sales", {
      businessId,
      products: [{ productId, quantity }],
      payments: [{ method: "Cash", amount: 5000 * quantity }],
      offlineAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
  const sugarSale = await offline(sugar._id, 5);
  const breadSale = await offline(bread._id, 4);

  await page.reload();
  // The dashboard's card names both products and the units missing.
  const card = page.getByTestId("dash-shortfalls");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("dash-shortfall")).toHaveText([
    new RegExp(`Sale #${sugarSale.saleNumber}: 3 × Sugar 1kg`),
    new RegExp(`Sale #${breadSale.saleNumber}: 3 × Bread 400g`),
  ]);
  // The sale was made, so the welcome card gives way to the figures.
  await expect(page.getByTestId("dashboard-welcome")).toHaveCount(0);

  // The bell counts them and names them.
  await expect(page.getByTestId("notification-count")).toContainText("2");
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toContainText(`Sale #${sugarSale.saleNumber} sold 3 × Sugar 1kg offline`);
  await expect(panel).toContainText(`Sale #${breadSale.saleNumber} sold 3 × Bread 400g offline`);
  await shot(page, "shortfall-bell");
  await panel.getByRole("link", { name: "Settle" }).first().click();
  await expect(page).toHaveURL(/\/sales$/);

  const review = page.getByTestId("stock-shortfalls");
  await expect(review.getByTestId("stock-shortfall")).toHaveCount(2);
  await shot(page, "shortfall-sales-page");

  // Bread: a loss needs its reason.
  const breadRow = review.getByTestId("stock-shortfall").filter({ hasText: "Bread 400g" });
  await breadRow.getByRole("button", { name: "Accept loss" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Record the loss" }).click();
  await expect(dialog).toContainText("Say why the stock was lost");
  await dialog.getByLabel("Reason for the loss").fill("Eaten by rats in the store");
  await dialog.getByRole("button", { name: "Record the loss" }).click();
  await expect(dialog).toBeHidden();
  await expect(review.getByTestId("stock-shortfall")).toHaveCount(1);

  // Sugar: the 3 units came after all.
  await review.getByRole("button", { name: "Stock received" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Record as received" }).click();
  await expect(page.getByTestId("stock-shortfalls")).toHaveCount(0);
  await expect(page.getByTestId("stock-review")).toHaveCount(0);

  // The ledger says so; the shelves keep their counts.
  const breadMoves = await call(page.request, token, "GET", `/api/products/${bread._id}/movements`);
  const loss = (breadMoves.items ?? breadMoves).find((m: { reason: string }) => m.reason === "loss");
  expect(loss.note).toContain("Eaten by rats in the store");
  const sugarMoves = await call(page.request, token, "GET", `/api/products/${sugar._id}/movements`);
  expect((sugarMoves.items ?? sugarMoves).map((m: { reason: string; delta: number }) => [m.reason, m.delta])).toEqual(
    expect.arrayContaining([
      ["received", 3],
      ["sale", -3],
    ]),
  );
  expect((await call(page.request, token, "GET", `/api/products/${sugar._id}`)).quantity).toBe(0);

  // Nothing left to settle: the bell and the dashboard say nothing more of it.
  await page.goto("/");
  await expect(page.getByTestId("dash-sales")).toBeVisible();
  await expect(page.getByTestId("dash-shortfalls")).toHaveCount(0);
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification-panel")).not.toContainText("offline");
});
