import { expect, test } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

test("an unknown address shows a not-found page that leads home", async ({ page }) => {
  const id = unique();
  await registerFromHome(page, { businessName: `Duka ${id}`, username: `nf${id}` });
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();

  await page.goto("/no-such-page");
  const notFound = page.getByTestId("not-found");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(notFound).toContainText("There is no page at /no-such-page");
  await expect(page.getByText("is not available yet")).toHaveCount(0);
  await shot(page, "not-found");
  await notFound.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("signed out, an unknown address shows the not-found page, and a known one still asks to sign in", async ({
  page,
}) => {
  await page.goto("/no-such-page/at-all");
  const notFound = page.getByTestId("not-found");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(notFound).toContainText("There is no page at /no-such-page/at-all");
  await expect(page.getByText("is not available yet")).toHaveCount(0);
  await shot(page, "not-found-signed-out");
  await notFound.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto("/products");
  await expect(page).toHaveURL(/\/home$/);
});
