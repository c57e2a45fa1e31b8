import { expect, test } from "@playwright/test";
import { closeToasts, registerFromHome, shot, unique } from "./helpers.ts";

// KRA eTIMS in Settings: an owner connects the business to the fake KRA (OSCU), in English and
// Swahili, on a laptop screen and a phone.

const pin = () => `P${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}Q`;

test("an owner connects eTIMS in Settings: what is missing, then 'Connected to eTIMS as ...'", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  await registerFromHome(page, { businessName: `Duka ${id}`, username: `etims_${id}` });
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  await page.goto("/settings");
  const card = page.getByTestId("etims-card");
  await expect(card.getByTestId("etims-status")).toContainText("eTIMS is not connected");
  await expect(card.getByTestId("etims-status")).toContainText("the business's KRA PIN");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "etims-01-not-connected");

  // KRA knows this taxpayer (the fake's own control route, not KRA's API).
  const kraPin = pin();
  const res = await fetch(`${process.env.E2E_ETIMS_URL}/fake/taxpayers`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tin: kraPin, name: `Duka ${id} Ltd` }),
  });
  expect(res.ok).toBe(true);

  // A serial KRA refuses for an unknown PIN: KRA's reason in plain words, nothing connected.
  await card.getByTestId("etims-kraPin").fill(pin());
  await card.getByTestId("etims-deviceSerial").fill("dvc-e2e-1");
  await card.getByRole("button", { name: "Connect to eTIMS" }).click();
  await expect(page.getByText(/KRA does not recognise this device/)).toBeVisible();
  await closeToasts(page);

  await card.getByTestId("etims-kraPin").fill(kraPin);
  await card.getByRole("button", { name: "Connect to eTIMS" }).click();
  await expect(card.getByTestId("etims-status")).toContainText(
    `Connected to eTIMS as Duka ${id} Ltd (PIN ${kraPin}, branch 00)`,
  );
  await expect(card.getByTestId("etims-status")).toContainText("KRA's code lists fetched");
  // The business had no KRA PIN: Tax and eTIMS now shows the one it connected with.
  await expect(page.getByRole("textbox", { name: "KRA PIN" })).toHaveValue(kraPin);
  await closeToasts(page);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: "artifacts/screens/etims-02-connected-card.png" });
  await shot(page, "etims-02-connected");

  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(card.getByTestId("etims-status")).toContainText(`Imeunganishwa na eTIMS kama Duka ${id} Ltd`);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "etims-03-connected-sw");
  await page.getByTestId("language-switch").getByRole("button", { name: "English" }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("button", { name: "Fetch KRA's code lists" })).toBeVisible();
  await card.screenshot({ path: "artifacts/screens/etims-04-phone-card.png" });
  await shot(page, "etims-04-phone");
  // Nothing malformed reached KRA.
  const rejected = (await (await fetch(`${process.env.E2E_ETIMS_URL}/fake/rejected`, { method: "POST" })).json()) as {
    resultCd: string;
  }[];
  expect(rejected.map((r) => r.resultCd)).toEqual(["901"]);
});
