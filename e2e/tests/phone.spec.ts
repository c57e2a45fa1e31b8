import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique, SCREENS } from "./helpers.ts";

/** Pages that must fit the screen: nothing wider than the viewport (issue 19). */
const PAGES = [
  "/products",
  "/sales",
  "/sales/creditSales",
  "/daily-logs",
  "/customers",
  "/supplier",
  "/expenses",
  "/employees",
  "/payroll",
  "/transactions",
];

/** The pages of a hotel and of a clinic (their own business types). */
const PAGES_OF_TYPE = {
  Hotel: ["/booking", "/booking/analysis"],
  Clinic: ["/reception", "/consultation", "/lab", "/prescriptions", "/patientrecords", "/clinicreports"],
};

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * What the screen shows (not the whole page): a full-page capture of a phone stretches the
 * emulated screen, which changes its media queries (pointer, hover) while it is taken.
 */
async function screen(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

/** A page of the app once it has drawn: its heading shown, no spinner left. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main .MuiCircularProgress-root, main .MuiSkeleton-root")).toHaveCount(0);
}

// A till on an Android phone and on a tablet in portrait (Chromium's mobile emulation).
for (const size of [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 800, height: 1280 },
]) {
  test.describe(`on a ${size.name} (${size.width} x ${size.height})`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });

    test("the owner opens the menu, rings up a sale by tapping search results and then tiles, and every page fits", async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const id = unique();
      const username = `${size.name.slice(0, 2)}${id}`;
      await registerFromHome(page, { businessName: `Simu ${id}`, username });
      const menu = page.getByTestId("sidebar-menu");
      await expect(page.getByTestId("user-avatar")).toBeVisible();
      // The app bar fits: its last item (the avatar) ends inside the screen.
      const avatar = (await page.getByTestId("user-avatar").boundingBox())!;
      expect(avatar.x + avatar.width).toBeLessThanOrEqual(size.width);
      await expect(menu).toBeHidden();

      // Products to sell, two of them drinks.
      const login = await page.request.post("/api/adminAuth/login", { data: { username, password: "secret123" } });
      const headers = { authorization: `Bearer ${(await login.json()).token}` };
      const businessId = (await (await page.request.get("/api/businesses", { headers })).json())[0]._id;
      const post = async (url: string, data: unknown) => {
        const res = await page.request.post(url, { headers, data });
        expect(res.ok(), await res.text()).toBe(true);
        return res.json();
      };
      const drinks = await post("/api/categories", { businessId, name: "Drinks" });
      for (const p of [
        { name: "Sugar 1kg", sellingprice: 18000, quantity: 40 },
        { name: "Bread 400g", sellingprice: 6500, quantity: 30 },
        { name: "Chips plain", sellingprice: 15000, quantity: 100 },
        { name: "Soda 500ml", sellingprice: 8000, quantity: 100, categoryId: drinks._id },
        { name: "Water 1L", sellingprice: 5000, quantity: 100, categoryId: drinks._id },
        { name: "Juice 1L", sellingprice: 12000, quantity: 100, categoryId: drinks._id },
      ])
        await post("/api/products", { businessId, ...p });

      // The menu is a drawer: opened by the menu button, closed after choosing.
      await page.getByRole("button", { name: "Toggle menu" }).tap();
      await expect(menu).toBeVisible();
      await shot(page, `${size.name}-01-menu-open`);
      await menu.getByRole("link", { name: "POS", exact: true }).tap();
      await expect(page).toHaveURL(/\/pos$/);
      await expect(menu).toBeHidden();
      await expect(page.getByTestId("pos-tile")).toHaveCount(6);
      // No keyboard on a touch screen: no shortcuts help, no F9 on the Pay button.
      await expect(page.getByTestId("till-keys-help")).toHaveCount(0);
      await expectNoSidewaysScroll(page, "/pos");

      // Three products found by search and tapped.
      const search = page.getByTestId("pos-search");
      const results = page.getByTestId("pos-results");
      for (const [typed, name] of [
        ["sug", "Sugar 1kg"],
        ["brea", "Bread 400g"],
        ["chip", "Chips plain"],
      ] as const) {
        await search.tap();
        await search.fill(typed);
        await results.getByText(name).tap();
      }
      await expect(page.getByTestId("ticket-line")).toHaveCount(3);
      await expect(page.getByTestId("ticket-total")).toHaveText(/395\.00/);
      // A thumb-sized stepper: one more sugar.
      const more = page.getByRole("button", { name: "One more Sugar 1kg" });
      const box = (await more.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      const remove = (await page.getByRole("button", { name: "Remove Bread 400g" }).boundingBox())!;
      expect(Math.min(remove.width, remove.height)).toBeGreaterThanOrEqual(44);
      await more.tap();
      await expect(page.getByLabel("Quantity of Sugar 1kg")).toHaveValue("2");
      await expect(page.getByTestId("ticket-total")).toHaveText(/575\.00/);
      // The total and Pay stay on screen.
      const pay = page.getByRole("button", { name: /^Pay KES/ });
      await expect(pay).toBeInViewport();
      await expect(page.getByTestId("ticket-total")).toBeInViewport();
      await expectNoSidewaysScroll(page, "/pos with a ticket");
      await screen(page, `${size.name}-02-pos-ticket`);

      await pay.tap();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Charge KES")).toBeVisible();
      if (size.name === "phone") {
        // Dialogs take the whole screen on a phone.
        const paper = (await page.locator(".MuiDialog-paper").boundingBox())!;
        expect(Math.round(paper.width)).toBe(size.width);
      }
      await dialog.getByLabel("Cash tendered").fill("1000");
      await expect(dialog.getByTestId("change-due")).toHaveText(/425\.00/);
      await shot(page, `${size.name}-03-pay-cash`);
      await dialog.getByRole("button", { name: /Complete sale/ }).tap();
      await expect(page.getByTestId("receipt-preview")).toContainText("575.00");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("receipt-preview")).toHaveCount(0);
      await expect(page.getByTestId("ticket-line")).toHaveCount(0);

      // Tiles: the most sold first; three drinks sold by tapping their tiles.
      await page.reload();
      await expect(page.getByTestId("pos-tile").first()).toHaveAccessibleName(/^Sugar 1kg KES/);
      await page.getByRole("tab", { name: "Drinks" }).tap();
      await expect(page.getByTestId("pos-tile")).toHaveCount(3);
      for (const name of ["Soda 500ml", "Water 1L", "Juice 1L"])
        await page.getByTestId("pos-tile").and(page.getByRole("button", { name })).tap();
      await expect(page.getByTestId("ticket-line")).toHaveCount(3);
      await expect(page.getByTestId("ticket-total")).toHaveText(/250\.00/);
      await expectNoSidewaysScroll(page, "/pos with tiles");
      await screen(page, `${size.name}-04-pos-tiles`);
      await page.getByRole("button", { name: /^Pay KES/ }).tap();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Complete sale/ })
        .tap();
      await expect(page.getByTestId("receipt-preview")).toContainText("250.00");
      await page.keyboard.press("Escape");

      for (const path of PAGES) {
        await openPage(page, path);
        await expect(menu).toBeHidden();
        await expectNoSidewaysScroll(page, path);
        await shot(page, `${size.name}-page${path.replaceAll("/", "-")}`);
      }
    });

    for (const [type, paths] of Object.entries(PAGES_OF_TYPE))
      test(`a ${type.toLowerCase()}'s pages fit the screen`, async ({ page }) => {
        test.setTimeout(120_000);
        const id = unique();
        await registerFromHome(page, { businessName: `${type} ${id}`, username: `${type.slice(0, 2)}${id}`, type });
        await expect(page.getByTestId("user-avatar")).toBeVisible();
        for (const path of paths) {
          await openPage(page, path);
          await expect(page.getByTestId("sidebar-menu")).toBeHidden();
          await expectNoSidewaysScroll(page, path);
          await shot(page, `${size.name}-page${path.replaceAll("/", "-")}`);
        }
      });
  });
}
