import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { closeToasts, fakeKra, registerWithToken, SCREENS, shot, unique } from "./helpers.ts";

// Issue 30, end to end against the fake KRA: an owner whose business is connected to eTIMS
// completes KRA's details of two products on "Not yet signed by KRA", sells at the till, and the
// queue has KRA sign the sale: the receipt, reprinted, shows KRA's receipt number, signature and a
// QR code that decodes to KRA's verification link. Voided, the sale gets a credit note from KRA.
// With KRA down (for this business only: other tests use the same fake), a sale waits on the list,
// with the reason, until KRA is back. (Connecting in Settings: etims.spec.ts.)

/** The QR codes' text in a PNG screenshot. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The receipt the browser's print dialog got, drawn at 3x on a page of its own; its screenshot. */
async function printedReceipt(page: Page, name: string): Promise<{ text: string; png: Buffer }> {
  const frame = page.frameLocator('[data-testid="print-frame"]');
  const html = await frame.locator("html").evaluate((el) => `<!doctype html>${el.outerHTML}`);
  const paper = await page.context().browser()!.newPage({ deviceScaleFactor: 3 });
  await paper.setViewportSize({ width: 320, height: 400 });
  await paper.setContent(html);
  const text = await paper.locator("body").innerText();
  const png = await paper.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
  await paper.close();
  return { text, png };
}

test("eTIMS for an owner: complete two products, sell, KRA's signed receipt and QR code, a credit note, KRA down", async ({
  page,
}) => {
  // Registration, KRA's details, a sale signed by the queue, a reprint and its QR code, a void and
  // its credit note, KRA down and back (its retry waits 30 s): a long walk.
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const { token, businessId } = await registerWithToken(page, { businessName: `Duka ${id}`, username: `kra_${id}` });
  const auth = { authorization: `Bearer ${token}` };
  const kraPin = `P${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}R`;
  expect((await fakeKra("taxpayers", { tin: kraPin, name: `Duka ${id} Ltd` })).ok).toBe(true);
  const connected = await page.request.put("/api/etims/device", {
    headers: auth,
    data: { businessId, kraPin, bhfId: "00", deviceSerial: `dvc-${id}` },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const productIds = new Map<string, string>();
  for (const [name, price] of [
    ["Soda 500ml", 6000],
    ["Maji 1L", 5000],
  ] as const) {
    const product = await page.request.post("/api/products", {
      headers: auth,
      data: { businessId, name, sellingprice: price, quantity: 20 },
    });
    expect(product.ok(), await product.text()).toBe(true);
    productIds.set(name, (await product.json())._id as string);
  }
  /** The queue's counts, as the owner's list reads them. */
  const queue = async () =>
    (await (await page.request.get(`/api/etims/queue?businessId=${businessId}`, { headers: auth })).json()) as {
      summary: { pending: number; failed: number };
      items: { label: string; state: string; error: string | null }[];
    };

  // "Not yet signed by KRA": both products lack KRA's details; the owner fills them in at once.
  await page.goto("/etims");
  const missing = page.getByTestId("etims-missing-row");
  await expect(missing).toHaveCount(2);
  for (const name of ["Soda 500ml", "Maji 1L"]) await missing.filter({ hasText: name }).getByRole("checkbox").check();
  const pick = async (label: string, typed: string, option: RegExp) => {
    await page.getByRole("combobox", { name: label }).fill(typed);
    await page.getByRole("option", { name: option }).first().click();
  };
  await pick("Item classification", "Soft", /\(5020230100\)/);
  await pick("Item type", "2", /\(2\)$/);
  await pick("Country of origin", "KE", /\(KE\)$/);
  await pick("Packaging unit", "BO", /\(BO\)$/);
  await pick("Quantity unit", "U", /\(U\)$/);
  await shot(page, "etims-flow-01-complete-details");
  await page.getByRole("button", { name: "Fill 2 selected" }).click();
  await expect(page.getByTestId("etims-missing-empty")).toBeVisible();
  await closeToasts(page);

  // The till: a cash sale. The receipt at the till waits for KRA; the queue has KRA sign it.
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await search.fill("Soda");
  await expect(page.getByTestId("pos-results")).toContainText("Soda 500ml");
  await search.press("Enter");
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  await expect(page.getByTestId("receipt-preview")).toContainText(/Awaiting KRA signature|KRA receipt no\./);
  const saleNumber = Number((await dialog.getByRole("heading").textContent())!.match(/#(\d+)/)![1]);
  await page.getByRole("button", { name: /New sale/ }).click();
  await expect.poll(async () => (await queue()).summary.pending, { timeout: 30_000 }).toBe(0);
  expect((await queue()).summary.failed).toBe(0);

  // Sales: the drawer says KRA signed it (KRA's first receipt for this PIN); the reprint carries the proof.
  await page.goto("/sales");
  const row = page.locator('[role="row"]').filter({ hasText: `#${saleNumber}` });
  await row.first().click();
  const drawer = page.getByTestId("sale-detail");
  await expect(drawer.getByTestId("sale-etims")).toContainText("Signed by KRA: receipt no. 1/1");
  const signature = (await drawer.getByTestId("sale-etims").locator("span").last().textContent())!.trim();
  expect(signature).toMatch(/^[A-Z2-7]{16}$/);
  await closeToasts(page);
  await shot(page, "etims-receipt-02-drawer-signed");
  await drawer.getByRole("button", { name: "Reprint receipt" }).click();
  const { text, png } = await printedReceipt(page, "etims-receipt-03-printed-signed");
  expect(text).toMatch(/KRA receipt no\.\s+1\/1/);
  expect(text).toContain(signature);
  expect(text).toMatch(/SCU ID\s+KRACU/);
  expect(text).not.toContain("Awaiting KRA signature");
  expect(decodeQr(png)).toBe(
    `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${kraPin}00${signature}`,
  );

  // Voided: KRA gets a credit note against it; the voided sale's drawer shows KRA's receipt for it.
  await drawer.getByRole("button", { name: "Void" }).click();
  const voidDialog = page.getByRole("dialog", { name: `Void sale #${saleNumber}?` });
  await voidDialog.getByLabel("Reason").fill("Customer returned it");
  await voidDialog.getByLabel("KRA refund code").click();
  await page.getByRole("option", { name: "03 Damaged" }).click();
  await voidDialog.getByRole("button", { name: "Void sale" }).click();
  await expect(voidDialog).toBeHidden();
  await expect.poll(async () => (await queue()).summary.pending, { timeout: 30_000 }).toBe(0);
  await page.getByRole("tab", { name: "Void sales" }).click();
  await page
    .locator('[role="row"]')
    .filter({ hasText: `#${saleNumber}` })
    .first()
    .locator('[role="gridcell"]')
    .first()
    .click();
  await expect(drawer.getByTestId("sale-etims-corrections")).toContainText(
    "Credit note signed by KRA: receipt no. 1/2",
  );
  // The refund code chosen at the void, as KRA was told it.
  await expect(drawer.getByTestId("sale-etims-corrections")).toContainText("KRA refund code: 03 Damaged");
  await closeToasts(page);
  await shot(page, "etims-flow-04-credit-note");

  // KRA down for this business: a sale waits on the owner's list, saying why, until KRA is back.
  expect((await fakeKra("down", { down: true, tin: kraPin })).ok).toBe(true);
  try {
    const maji = { _id: productIds.get("Maji 1L")! };
    const sold = await page.request.post("/api/sales", {
      headers: auth,
      data: {
        businessId,
        products: [{ productId: maji._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 5000 }],
      },
    });
    expect(sold.ok(), await sold.text()).toBe(true);
    const waiting = `Sale ${(await sold.json()).saleNumber}`;
    await expect.poll(async () => (await queue()).items.find((i) => i.label === waiting)?.error ?? null).not.toBeNull();
    await page.goto("/etims");
    const item = page.getByTestId("etims-queue-row").filter({ hasText: waiting });
    await expect(item).toContainText("Waiting");
    await shot(page, "etims-flow-05-kra-down");
  } finally {
    expect((await fakeKra("down", { down: false, tin: kraPin })).ok).toBe(true);
  }
  // Back: the queue retries (30 s after the first try) and the list empties.
  await expect.poll(async () => (await queue()).summary.pending, { timeout: 120_000, intervals: [2_000] }).toBe(0);
  await page.reload();
  await expect(page.getByTestId("etims-queue-row")).toHaveCount(0);
});
