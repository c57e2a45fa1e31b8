import { expect, test } from "@playwright/test";
import { registerWithToken, shot, unique } from "./helpers.ts";

/**
 * The owner sees the installation's nightly backups in Settings. The e2e server runs on the
 * embedded database, so backups are on and the first one runs a few seconds after it starts.
 */
test("the owner sees when the last backup ran, where, and its size, on a laptop and a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  await registerWithToken(page, { businessName: `Backup Shop ${id}`, username: `backup${id}` });
  await expect(page.getByTestId("dashboard-backup-warning")).toHaveCount(0);
  await page.goto("/settings");
  const card = page.getByTestId("backup-card");
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId("backup-last")).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  await expect(card.getByText(/Last backup: .+, \d/)).toBeVisible();
  await expect(card.getByTestId("backup-place-main")).toContainText("saved and checked");
  await expect(card.getByText("Point-in-time recovery is on")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "backups-settings-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId("backup-last")).toBeVisible();
  await shot(page, "backups-settings-phone");
});
