import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, registerWithToken, shot, unique } from "./helpers.ts";

/**
 * Issue 28, finding 10: an address typed outside the user's areas shows the one not-for-your-role
 * page with a link to their landing page (no red error, no Retry), Home (/) without the dashboard
 * leads to that landing page, and the server is asked nothing it would refuse (no 403).
 */

/** Every 403 the page receives from now on. */
function forbiddenResponses(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (res) => {
    if (res.status() === 403) seen.push(`${res.request().method()} ${res.url()}`);
  });
  return seen;
}

async function expectNotForYourRole(page: Page, address: string, landing: string) {
  await page.goto(address);
  const notAllowed = page.getByTestId("no-access");
  await expect(notAllowed.getByRole("heading", { name: "This page is not for your role" })).toBeVisible();
  await expect(page.getByRole("button", { name: /retry/i })).toHaveCount(0);
  await expect(notAllowed.getByRole("link", { name: `Go to ${landing}` })).toBeVisible();
}

test("a payroll-only business's owner: / leads to HR, /pos is not for their role", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const id = unique();
  await registerFromHome(page, { businessName: `Payroll ${id}`, username: `pr${id}`, type: "Payroll" });
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const forbidden = forbiddenResponses(page);

  await page.goto("/");
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByTestId("no-access")).toHaveCount(0);

  await expectNotForYourRole(page, "/pos", "HR Department");
  // Not a till that waits for ever (issue 33 item 5: "Loading products…" spun on this page).
  await expect(page.getByText("Loading products…")).toHaveCount(0);
  await shot(page, "not-for-your-role");
  await page.getByTestId("no-access").getByRole("link", { name: "Go to HR Department" }).click();
  await expect(page).toHaveURL(/\/employees$/);
  expect(forbidden).toEqual([]);
});

test("a Cashier: / leads to the POS; /oldersales and /products are not for their role", async ({ page, browser }) => {
  const id = unique();
  const { token, businessId } = await registerWithToken(page, { businessName: `Duka ${id}`, username: `nr${id}` });
  const auth = { authorization: `Bearer ${token}` };
  const cashier = { username: `cash${id}`, password: "cashpass1" };
  const created = await page.request.post("/api/employeesAuth/register", {
    headers: auth,
    data: { businessId, ...cashier, occupation: "Cashier" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const code = await page.request.post(`/api/businesses/${businessId}/staffAccessCode`, { headers: auth });
  const staffCode = (await code.json()).staffAccessCode as string;

  const staff = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await staff.goto("/home");
  await staff.getByText("Staff", { exact: true }).click();
  await staff.getByRole("textbox", { name: "Staff access code" }).fill(staffCode);
  await staff.getByRole("button", { name: "Continue" }).click();
  await expect(staff).toHaveURL(/\/normalaccounts$/);
  await staff.getByLabel("Username").fill(cashier.username);
  await staff.getByLabel("Password").fill(cashier.password);
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff.getByTestId("sidebar-menu")).toBeVisible();
  const forbidden = forbiddenResponses(staff);

  await staff.goto("/");
  await expect(staff).toHaveURL(/\/pos$/);
  await expectNotForYourRole(staff, "/oldersales", "POS");
  await expectNotForYourRole(staff, "/products", "POS");
  await shot(staff, "not-for-your-role-cashier");
  expect(forbidden).toEqual([]);
});
