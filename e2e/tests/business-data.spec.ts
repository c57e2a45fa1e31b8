import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ownerSignIn, pickOption, shot, unique } from "./helpers.ts";

// Settings > Your data: the owner downloads all of the business's data, then deletes one of
// their businesses by typing its name out (after the export); it disappears from the bar at once.
test("the owner exports all data and deletes a business with its name typed out", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const owner = { username: `data${id}`, password: "secret123" };
  const res = await page.request.post("/api/businesses/register", {
    data: {
      businessName: `Duka Kuu ${id}`,
      businessType: "general",
      username: owner.username,
      email: `${owner.username}@example.com`,
      phone: "0712345678",
      password: owner.password,
    },
  });
  const token = (await res.json()).token as string;
  const branch = `Tawi ${id}`;
  const added = await page.request.post("/api/businesses/register", {
    headers: { authorization: `Bearer ${token}` },
    data: { businessName: branch, businessType: "general" },
  });
  const branchId = (await added.json()).business._id as string;

  await ownerSignIn(page, owner.username, owner.password);
  await pickOption(page.getByRole("combobox", { name: "Current business" }), { name: branch });
  await page.getByRole("link", { name: "Settings" }).click();
  const card = page.getByTestId("business-data-card");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "business-data-00-settings");

  const download = page.waitForEvent("download");
  await card.getByTestId("export-all-data").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Tawi-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const zip = await readFile((await file.path())!);
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  await expect(card.getByTestId("export-all-data")).toHaveText("Export all data");

  await card.getByTestId("delete-business").click();
  const dialog = page.getByRole("dialog");
  const confirm = dialog.getByTestId("confirm-delete-business");
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId("delete-business-name").fill("Tawi");
  await expect(confirm).toBeDisabled();
  await dialog.getByTestId("delete-business-name").fill(branch);
  await shot(page, "business-data-01-delete-dialog");
  await confirm.click();
  await expect(page.getByText(`${branch} was deleted.`)).toBeVisible();
  // One business left: the bar's switch is gone, and the page is the other business's.
  await expect(page.getByRole("combobox", { name: "Current business" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Settings" }).locator("..")).toContainText(`Duka Kuu ${id}`);
  const gone = await page.request.get(`/api/businesses/${branchId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(gone.status()).toBe(404);
  await shot(page, "business-data-02-deleted");

  // On a phone, in Swahili, the card reads the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(card.getByTestId("export-all-data")).toHaveText("Hamisha data yote");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "business-data-03-phone-swahili");
});
