import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ean13CheckDigit, writeBarcodeVideo } from "./fake-camera.ts";
import { registerFromHome, shot, unique } from "./helpers.ts";

// Issue 31: a phone without a barcode scanner scans with its camera. Chromium's fake camera
// plays a video of an EAN-13 barcode; Linux Chromium has no BarcodeDetector of its own, so the
// till reads it with the WebAssembly reader it serves itself.
const CODE = `616123456789${ean13CheckDigit("616123456789")}`;
const VIDEO = path.join(os.tmpdir(), `duka-e2e-barcode-${process.pid}.y4m`);
writeBarcodeVideo(CODE, VIDEO);

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});
test.describe.configure({ mode: "serial", timeout: 120_000 });

const id = unique();
const owner = { businessName: `Kamera ${id}`, username: `kamera${id}`, password: "secret123" };

async function api(
  request: APIRequestContext,
  token: string,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

test("a code no product has is said so; once a product carries it, the camera adds it to the ticket", async ({
  page,
}) => {
  await registerFromHome(page, owner);
  // Signed in: the app leaves the home page (on a phone the menu is folded away).
  await page.waitForURL((url) => !url.pathname.startsWith("/home"), { timeout: 60_000 });
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: owner.password },
  });
  const token = (await login.json()).token as string;
  const businessId = (await api(page.request, token, "get", "/api/businesses"))[0]._id as string;
  const product = await api(page.request, token, "post", "/api/products", {
    businessId,
    name: "Unga wa ngano 2kg",
    sellingprice: 21_000,
    quantity: 12,
  });

  await page.goto("/pos");
  await expect(page.getByTestId("pos-search")).toHaveAttribute("placeholder", /Scan or search 1 products/, {
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Scan with the camera" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("camera-outcome")).toContainText(`No product has the code ${CODE}`, {
    timeout: 30_000,
  });
  await shot(page, "camera-01-unknown-code");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("ticket-line")).toHaveCount(0);

  await api(page.request, token, "put", `/api/products/${product._id}`, { barcode: CODE });
  await page.reload();
  await expect(page.getByTestId("pos-search")).toHaveAttribute("placeholder", /Scan or search 1 products/, {
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Scan with the camera" }).click();
  await expect(dialog.getByTestId("camera-outcome")).toContainText("Added Unga wa ngano 2kg", { timeout: 30_000 });
  await shot(page, "camera-02-added");
  // The same packet held in front of the camera is added once, not on every frame.
  await page.waitForTimeout(1_000);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await expect(page.getByTestId("ticket-total")).toHaveText(/210\.00/);
});
