import { expect, test } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

// A till on an Android phone: the menu is a drawer, closed on arrival and after choosing.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test("on a phone the menu opens from the menu button and closes after choosing an entry", async ({ page }) => {
  const id = unique();
  await registerFromHome(page, { businessName: `Simu ${id}`, username: `ph${id}` });
  const menu = page.getByTestId("sidebar-menu");
  await expect(page.getByTestId("current-username")).toBeVisible();
  await expect(menu).toBeHidden();
  await shot(page, "phone-01-closed");

  await page.getByRole("button", { name: "Toggle menu" }).tap();
  await expect(menu).toBeVisible();
  await shot(page, "phone-02-open");
  await menu.getByRole("link", { name: "POS", exact: true }).tap();
  await expect(page).toHaveURL(/\/pos$/);
  await expect(menu).toBeHidden();
  await expect(page.getByTestId("pos-search")).toBeVisible();
  await shot(page, "phone-03-pos");
});
