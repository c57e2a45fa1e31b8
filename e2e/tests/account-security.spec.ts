import { expect, test } from "@playwright/test";
import { ownerSignIn, registerFromHome, shot, unique } from "./helpers.ts";

/**
 * An owner's own password and devices (issue 33 item 7): the password changed in Settings signs
 * every other device out; "Sign out other devices" does the same without a new password.
 */
test("an owner changes the password in Settings, and signs out another device", async ({ page, browser }) => {
  const owner = { businessName: `Security ${unique()}`, username: `sec_${unique()}` };
  await page.setViewportSize({ width: 1366, height: 768 });
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();

  // A second device signed in as the same owner.
  const other = await (await browser.newContext()).newPage();
  await ownerSignIn(other, owner.username, "secret123");
  await expect(other.getByTestId("sidebar-menu")).toBeVisible();

  await page.goto("/settings");
  const card = page.getByRole("form", { name: "Change password" });
  await card.getByLabel("Current password").fill("not-my-password");
  await card.getByLabel("New password", { exact: false }).first().fill("a-new-secret-9");
  await card.getByLabel("New password again").fill("a-new-secret-9");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByText("This is not your current password")).toBeVisible();
  await card.getByLabel("Current password").fill("secret123");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other devices were signed out.")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "settings-password-changed");

  // The other device is signed out: its next page asks for a sign-in.
  await other.reload();
  await expect(other).toHaveURL(/\/(home|adminaccounts)$/);
  // The old password no longer works; the new one does.
  await ownerSignIn(other, owner.username, "secret123");
  await expect(other.getByText(/incorrect|invalid|wrong/i).first()).toBeVisible();
  await ownerSignIn(other, owner.username, "a-new-secret-9");
  await expect(other.getByTestId("sidebar-menu")).toBeVisible();

  // From that device, sign out every other one: this page (the first device) is signed out.
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto("/settings");
  await other.getByRole("button", { name: "Sign out other devices" }).click();
  await other.getByRole("button", { name: "Sign out others" }).click();
  await expect(other.getByText("1 other device was signed out.")).toBeVisible();
  await shot(other, "settings-signed-out-others-phone");
  await page.reload();
  await expect(page).toHaveURL(/\/(home|adminaccounts)$/);
});
