import { expect, test } from "@playwright/test";
import { closeToasts, fakeKra, registerWithToken, shot, unique } from "./helpers.ts";

// Issue 30's leftovers, in Chromium against the fake KRA: a sale KRA signed is voided with KRA's
// refund reason chosen in the void dialog, and KRA's credit note carries it; a supplier's invoice
// fetched from KRA is counted on the dashboard's eTIMS card and in the bell, which leads to it.

test("eTIMS: a void with KRA's refund reason, and a supplier's invoice to confirm on the dashboard and in the bell", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const { token, businessId } = await registerWithToken(page, { businessName: `Duka ${id}`, username: `rfd_${id}` });
  const auth = { authorization: `Bearer ${token}` };
  const kraPin = `P${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}T`;
  expect((await fakeKra("taxpayers", { tin: kraPin, name: `Duka ${id} Ltd` })).ok).toBe(true);
  const connected = await page.request.put("/api/etims/device", {
    headers: auth,
    data: { businessId, kraPin, bhfId: "00", deviceSerial: `dvc-${id}` },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const product = await page.request.post("/api/products", {
    headers: auth,
    data: {
      businessId,
      name: "Soda 500ml",
      sellingprice: 6000,
      quantity: 20,
      etimsItemClass: "5020230100",
      etimsItemType: "2",
      etimsOrigin: "KE",
      etimsPackagingUnit: "BO",
      etimsQuantityUnit: "U",
    },
  });
  expect(product.ok(), await product.text()).toBe(true);
  const sold = await page.request.post("/api/sales", {
    headers: auth,
    data: {
      businessId,
      products: [{ productId: (await product.json())._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 6000 }],
    },
  });
  expect(sold.ok(), await sold.text()).toBe(true);
  const saleNumber = (await sold.json()).saleNumber as number;
  const pending = async () =>
    (
      (await (await page.request.get(`/api/etims/queue?businessId=${businessId}`, { headers: auth })).json()) as {
        summary: { pending: number };
      }
    ).summary.pending;
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);

  // Voided from Sales: the dialog asks KRA's refund reason (06 Refund unless another is chosen).
  await page.goto("/sales");
  await page
    .locator('[role="row"]')
    .filter({ hasText: `#${saleNumber}` })
    .first()
    .click();
  const drawer = page.getByTestId("sale-detail");
  await expect(drawer.getByTestId("sale-etims")).toContainText("Signed by KRA");
  await drawer.getByRole("button", { name: "Void" }).click();
  const voidDialog = page.getByRole("dialog", { name: `Void sale #${saleNumber}?` });
  const reason = voidDialog.getByRole("combobox", { name: "KRA refund code" });
  await expect(reason).toContainText("06 Refund");
  await reason.click();
  await page.getByRole("option", { name: "03 Damaged" }).click();
  await voidDialog.getByLabel("Reason").fill("Broken bottle");
  await shot(page, "etims-leftovers-01-void-refund-reason");
  await voidDialog.getByRole("button", { name: "Void sale" }).click();
  await expect(voidDialog).toBeHidden();
  await expect.poll(pending, { timeout: 30_000 }).toBe(0);
  const atKra = (await (await fakeKra("sales", { tin: kraPin })).json()) as { rcptTyCd: string; rfdRsnCd: string }[];
  expect(atKra.map((r) => [r.rcptTyCd, r.rfdRsnCd])).toEqual([
    ["S", null],
    ["R", "03"],
  ]);

  // A supplier's invoice fetched from KRA: the dashboard's card and the bell count it, and lead to it.
  expect((await fakeKra("supplier-sales", { custTin: kraPin, spplrInvcNo: 5150 })).ok).toBe(true);
  const fetched = await page.request.post("/api/etims/purchases/fetch", { headers: auth, data: { businessId } });
  expect(fetched.ok(), await fetched.text()).toBe(true);
  await page.goto("/");
  await expect(page.getByTestId("dash-etims-purchases")).toHaveText("Supplier invoices to confirm: 1");
  await closeToasts(page);
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel).toContainText("1 supplier invoice from KRA is waiting for you to confirm it");
  await shot(page, "etims-leftovers-02-bell-purchases");
  await panel.getByRole("link", { name: "Open purchases" }).click();
  await expect(page).toHaveURL(/\/etims\/purchases/);
  await expect(page.getByTestId("etims-purchase").filter({ hasText: "Unga Millers Ltd" })).toContainText("5150");
});
