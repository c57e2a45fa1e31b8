import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import pg from "pg";
import { PNG } from "pngjs";
import { closeToasts, registerWithToken, SCREENS, shot, unique } from "./helpers.ts";

// Issue 30, item 6: a connected business's receipt says "Awaiting KRA signature" until KRA signs
// the sale; reprinted once signed, it shows KRA's receipt number, the signature and KRA's QR code,
// which decodes to KRA's verification link. The queue that signs sales is another piece of work:
// this test signs the sale as the queue will, by writing KRA's proof into its row.

/** The e2e server's embedded PostgreSQL (its port in postmaster.pid, its password in DATA_DIR). */
function e2eDatabase(): pg.Client {
  const dataDir = (JSON.parse(process.env.E2E_SERVER_ENV ?? "{}") as { DATA_DIR: string }).DATA_DIR;
  const port = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  const password = readFileSync(path.join(dataDir, "pg-password"), "utf8").trim();
  return new pg.Client({ host: "127.0.0.1", port: Number(port), user: "postgres", password, database: "app" });
}

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

test("a signed sale's receipt shows KRA's receipt number, signature and a QR code of the verification link", async ({
  page,
}) => {
  // Registration, connecting to KRA, a sale, signing, a reprint and decoding the QR code: a long walk.
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const { token, businessId } = await registerWithToken(page, {
    businessName: `Duka ${id}`,
    username: `kra_${id}`,
  });
  const auth = { authorization: `Bearer ${token}` };
  // KRA knows this taxpayer; the owner connects the device (the Settings card: etims.spec.ts).
  const kraPin = `P${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}R`;
  const known = await fetch(`${process.env.E2E_ETIMS_URL}/fake/taxpayers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tin: kraPin, name: `Duka ${id} Ltd` }),
  });
  expect(known.ok).toBe(true);
  const connected = await page.request.put("/api/etims/device", {
    headers: auth,
    data: { businessId, kraPin, bhfId: "00", deviceSerial: `dvc-${id}` },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  const sdcId = (await connected.json()).sdcId as string;
  const product = await page.request.post("/api/products", {
    headers: auth,
    data: { businessId, name: "Unga 2kg", sellingprice: 21000, quantity: 20 },
  });
  expect(product.ok(), await product.text()).toBe(true);

  // The till: a cash sale; its receipt waits for KRA.
  await page.goto("/pos");
  const search = page.getByTestId("pos-search");
  await search.fill("Unga");
  await expect(page.getByTestId("pos-results")).toContainText("Unga 2kg");
  await search.press("Enter");
  await page.keyboard.press("F9");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Complete sale/ }).click();
  const preview = page.getByTestId("receipt-preview");
  await expect(preview).toContainText("Awaiting KRA signature");
  await expect(preview).toContainText("Inasubiri sahihi ya KRA");
  await expect(page.getByTestId("receipt-qr")).toHaveCount(0);
  await shot(page, "etims-receipt-01-awaiting");
  const saleNumber = Number((await dialog.getByRole("heading").textContent())!.match(/#(\d+)/)![1]);
  await page.getByRole("button", { name: /New sale/ }).click();

  // KRA signs it (as the eTIMS queue will).
  const proof = {
    sdcId,
    mrcNo: "WIS00000001",
    invcNo: 1,
    curRcptNo: 7,
    totRcptNo: 31,
    intrlData: "TE3KUQJQAGQJ5CKZVKAVRI6AHM",
    rcptSign: "QUII27MATATSHFRB",
    sdcDateTime: "20260301123005",
  };
  const db = e2eDatabase();
  await db.connect();
  try {
    const updated = await db.query(
      "UPDATE sales SET etims_state = 'signed', etims_proof = $3 WHERE business_id = $1 AND sale_number = $2",
      [businessId, saleNumber, JSON.stringify(proof)],
    );
    expect(updated.rowCount).toBe(1);
  } finally {
    await db.end();
  }

  // Sales: the sale's drawer says KRA signed it; the receipt reprints with KRA's proof and QR code.
  await page.goto("/sales");
  await page
    .locator('[role="row"]')
    .filter({ hasText: `#${saleNumber}` })
    .first()
    .click();
  const drawer = page.getByTestId("sale-detail");
  await expect(drawer.getByTestId("sale-etims")).toContainText("Signed by KRA: receipt no. 7/31, 01/03/2026 12:30:05");
  await closeToasts(page);
  await shot(page, "etims-receipt-02-drawer-signed");
  await drawer.getByRole("button", { name: "Reprint receipt" }).click();
  const { text, png } = await printedReceipt(page, "etims-receipt-03-printed-signed");
  expect(text).toMatch(/KRA receipt no\.\s+7\/31/);
  expect(text).toMatch(/Receipt signature\s+QUII27MATATSHFRB/);
  expect(text).toMatch(/SCU ID\s+KRACU/);
  expect(text).not.toContain("Awaiting KRA signature");
  expect(decodeQr(png)).toBe(
    `https://etims-sbx.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=${kraPin}00QUII27MATATSHFRB`,
  );

  // On a phone the drawer fills the screen and says the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(drawer.getByTestId("sale-etims")).toContainText("Signed by KRA");
  await shot(page, "etims-receipt-04-phone");
});
