import { expect, test } from "@playwright/test";
import { registerWithToken, SCREENS, shot, unique } from "./helpers.ts";

/**
 * The owner sees the installation's nightly backups in Settings. The e2e server runs on the
 * embedded database, so backups are on and the first one runs a few seconds after it starts.
 * A restore is offered only to an owner of every business on the installation: alone on the
 * server (this file run by itself) the dialog is opened and what it would replace is shown; it is
 * never run here (other files' data share the server; test/backups/ restores for real).
 */
test("the owner sees when the last backup ran, where, and its size, on a laptop and a phone", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const id = unique();
  const { token, businessId } = await registerWithToken(page, {
    businessName: `Backup Shop ${id}`,
    username: `backup${id}`,
  });
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
  await card.screenshot({ path: `${SCREENS}/backups-card-1366.png` });

  // A backup succeeded: the dashboard does not warn.
  await page.goto("/");
  await expect(page.getByText("Sales today")).toBeVisible();
  await expect(page.getByTestId("dashboard-backup-warning")).toHaveCount(0);

  const status = await page.request.get(`/api/backups/status?businessId=${businessId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const mayRestore = (await status.json()).mayRestore as boolean;
  await page.goto("/settings");
  const restore = card.getByRole("button", { name: "Restore a backup" });
  await expect(restore).toHaveCount(mayRestore ? 1 : 0);
  if (mayRestore) {
    await restore.click();
    const dialog = page.getByRole("dialog", { name: "Restore a backup" });
    await dialog.getByLabel("Backup").click();
    await page.getByRole("option").first().click();
    await expect(dialog.getByTestId("restore-plan")).toContainText("businesses");
    const go = dialog.getByRole("button", { name: "Restore", exact: true });
    await expect(go).toBeDisabled();
    await dialog.getByTestId("restore-confirm").fill("RESTORE");
    await expect(go).toBeEnabled();
    await shot(page, "backups-restore-dialog-1366");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  } else {
    await expect(card.getByText("a restore is not offered here")).toBeVisible();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId("backup-last")).toBeVisible();
  await shot(page, "backups-settings-phone");
  await card.screenshot({ path: `${SCREENS}/backups-card-phone.png` });
});
