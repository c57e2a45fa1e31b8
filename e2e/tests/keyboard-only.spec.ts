import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { registerWithToken, shot, unique } from "./helpers.ts";

/**
 * Issue 33 item 2: the day's work with the keyboard alone, no mouse: an owner signs in, rings up
 * a sale at the till and takes cash, takes a payment on a customer's credit sale, and books a
 * room. Each control is reached with Tab (or the till's own keys) and used with Enter, Space or
 * the arrows; each one shows where the focus is when it has it (a ring, or the field's focused
 * outline). The locators only check where the focus is; they never click.
 */

const PASSWORD = "secret123";

async function api(request: APIRequestContext, token: string, method: "get" | "post", path: string, data?: object) {
  const res = await request[method](path, {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    data,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Is the focused element's focus visible: an outline, a ring (box shadow) or MUI's focused field? */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) return true;
    if (style.boxShadow && style.boxShadow !== "none") return true;
    // A text field or select: MUI draws its outline thicker and in the primary colour.
    return Boolean(el.closest(".Mui-focused"));
  });
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, and checks the focus shows. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      expect(await focusIsVisible(page), `the focus on ${target} is not visible`).toBe(true);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} was not reached with ${back ? "Shift+Tab" : "Tab"}`);
}

test("sign-in, a sale, a credit payment and a room booking with the keyboard alone", async ({ page, browser }) => {
  test.setTimeout(480_000);
  const id = unique();
  const owner = { businessName: `Kibodi ${id}`, username: `kb${id}`, type: "Hotel" };
  // The business and its records are set up through the API (not the subject of this test).
  const { token, businessId } = await registerWithToken(page, owner);
  const sugar = await api(page.request, token, "post", "/api/products", {
    businessId,
    name: "Sugar 1kg",
    sellingprice: 18_000,
    quantity: 40,
  });
  const type = await api(page.request, token, "post", "/api/rooms/types", {
    businessId,
    name: "Standard",
    rate: 350_000,
  });
  await api(page.request, token, "post", "/api/rooms", { businessId, name: "101", roomTypeId: type._id });
  await api(page.request, token, "post", "/api/sales", {
    businessId,
    products: [{ productId: sugar._id, quantity: 1 }],
    payments: [{ method: "Credit", amount: 18_000 }],
    customerName: "Mama Njeri",
    customerPhone: "0711222333",
  });
  await page.close();

  const kb = await browser.newPage({ viewport: { width: 1366, height: 768 } });

  // Sign-in: the owner's card, the form, Enter.
  await kb.goto("/home");
  await tabTo(kb, kb.getByRole("button", { name: /Business owner/ }));
  await kb.keyboard.press("Enter");
  await expect(kb).toHaveURL(/\/adminaccounts$/);
  await tabTo(kb, kb.getByLabel("Username or email"));
  await kb.keyboard.type(owner.username);
  await tabTo(kb, kb.getByLabel("Password"));
  await kb.keyboard.type(PASSWORD);
  await kb.keyboard.press("Enter");
  await expect(kb.getByTestId("sidebar-menu")).toBeVisible();

  // The dashboard has loaded (its cards replace the skeletons, which may move the focus back).
  await expect(kb.locator('[role="progressbar"], .MuiSkeleton-root'))
    .toHaveCount(0, { timeout: 30_000 })
    .catch(() => undefined);
  // The menu by keyboard: to the POS.
  await tabTo(kb, kb.getByTestId("sidebar-menu").getByRole("link", { name: "POS" }));
  await shot(kb, "keyboard-01-menu-focus");
  await kb.keyboard.press("Enter");
  await expect(kb).toHaveURL(/\/pos$/);

  // A sale: the search has the focus; a name and Enter puts it on the ticket, F9 charges.
  const search = kb.getByTestId("pos-search");
  await expect(search).toBeFocused();
  await kb.keyboard.type("2*sugar");
  await expect(kb.getByTestId("pos-results")).toContainText("Sugar 1kg");
  await kb.keyboard.press("Enter");
  await expect(kb.getByTestId("ticket-total")).toHaveText(/360\.00/);
  await kb.keyboard.press("F9");
  const checkout = kb.getByRole("dialog");
  await expect(checkout.getByText("Charge KES")).toBeVisible();
  await tabTo(kb, checkout.getByLabel("Cash tendered"));
  await kb.keyboard.type("500");
  await expect(checkout.getByTestId("change-due")).toHaveText(/140\.00/);
  await tabTo(kb, checkout.getByRole("button", { name: /Complete sale/ }));
  await shot(kb, "keyboard-02-checkout-focus");
  await kb.keyboard.press("Enter");
  await expect(kb.getByTestId("receipt-preview")).toContainText("360.00");
  await kb.keyboard.press("Escape");
  await expect(kb.getByTestId("receipt-preview")).toHaveCount(0);

  // A credit payment: the customer's row, Update Status, the amount, the method (arrows), Update.
  await kb.goto("/sales/creditSales");
  const row = kb.locator('[role="row"]').filter({ hasText: "Mama Njeri" });
  await expect(row).toBeVisible();
  await tabTo(kb, row.getByRole("button", { name: "Update Status" }));
  await kb.keyboard.press("Enter");
  const pay = kb.getByRole("dialog");
  await tabTo(kb, pay.getByLabel("Payment amount (KES)"));
  await kb.keyboard.type("180");
  await tabTo(kb, pay.getByRole("combobox", { name: "Payment method" }));
  await kb.keyboard.press("ArrowDown");
  const cash = kb.getByRole("option", { name: "Cash", exact: true });
  for (let i = 0; i < 5 && !(await cash.evaluate((el) => el === document.activeElement)); i++)
    await kb.keyboard.press("ArrowDown");
  await kb.keyboard.press("Enter");
  await expect(pay.getByRole("combobox", { name: "Payment method" })).toHaveText("Cash");
  await tabTo(kb, pay.getByRole("button", { name: "Update" }));
  await shot(kb, "keyboard-03-credit-payment-focus");
  await kb.keyboard.press("Enter");
  await expect(row.getByTestId("credit-status")).toHaveText("Cleared");

  // A room booking: New booking, the room (arrows), the check-out date typed, the guest, Book room.
  await kb.goto("/booking");
  await tabTo(kb, kb.getByRole("button", { name: "New booking" }));
  await kb.keyboard.press("Enter");
  const booking = kb.getByRole("dialog", { name: "New booking" });
  await tabTo(kb, booking.getByRole("combobox", { name: "Room" }));
  await kb.keyboard.press("ArrowDown");
  const room = kb.getByRole("option", { name: /^101 · Standard/ });
  for (let i = 0; i < 5 && !(await room.evaluate((el) => el === document.activeElement)); i++)
    await kb.keyboard.press("ArrowDown");
  await kb.keyboard.press("Enter");
  await tabTo(kb, booking.getByRole("group", { name: "Check-out" }).getByRole("spinbutton").first());
  // Two nights from today in Nairobi (UTC+3), typed month, day, year.
  const [y, m, d] = new Date(Date.now() + 3 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10).split("-");
  await kb.keyboard.type(`${m}${d}${y}`, { delay: 50 });
  await tabTo(kb, booking.getByLabel("Guest name"));
  await kb.keyboard.type("Achieng Otieno");
  await tabTo(kb, booking.getByLabel("Phone"));
  await kb.keyboard.type("0712345678");
  await expect(booking.getByTestId("booking-quote")).toHaveText(/nights? · KES/);
  await tabTo(kb, booking.getByRole("button", { name: "Book room" }));
  await shot(kb, "keyboard-04-booking-focus");
  await kb.keyboard.press("Enter");
  await expect(booking).toHaveCount(0);
  await expect(kb.getByText("Achieng Otieno").first()).toBeVisible();
});
