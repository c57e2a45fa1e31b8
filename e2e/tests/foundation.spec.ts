import { expect, test, type APIRequestContext } from "@playwright/test";
import { SUPPORT } from "../global-setup.ts";
import { menuLabels, ownerSignIn, registerFromHome, shot, unique, waitForToastsToClose } from "./helpers.ts";

const OWNER_MENU = [
  "Home",
  "HR Department",
  "Customers",
  "Inventory",
  "POS",
  "Sales",
  "Wholesale",
  "Older Sales",
  "Sales Documents",
  "Transactions",
  "Expenses",
  "Payroll",
  "Reports",
  "Supplies",
  "Settings",
  "Logout",
];

test.describe.configure({ mode: "serial" });

const id = unique();
const owner = { businessName: `Mama Mboga ${id}`, username: `mama${id}`, password: "secret123" };
let staffCode = "";
const staff = { username: `stock${id}`, password: "stockpass1" };

test("with no access key every protected route goes to /home", async ({ page }) => {
  await page.goto("/products");
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("How will this device be used?")).toBeVisible();
  await shot(page, "01-home");
});

test("an owner registers a business from /home and sees the full menu", async ({ page }) => {
  await registerFromHome(page, owner);
  await expect(page).toHaveURL(/\/$/);
  expect(await menuLabels(page)).toEqual(OWNER_MENU);
  await expect(page.getByTestId("current-username")).toHaveText(owner.username);
  // Home is the dashboard: a new business has no sales yet, so it says what to do first.
  await expect(page.getByTestId("dashboard-welcome")).toContainText("Set up your business");
  await shot(page, "02-owner-menu");

  // The bell: no notifications yet, and the panel says so.
  await page.getByTestId("notification-bell").click();
  const panel = page.getByTestId("notification-panel");
  await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(panel).toContainText("No new notifications");
  await waitForToastsToClose(page); // "Business registered" sits over the panel's close button
  await panel.getByRole("button", { name: "Close notifications" }).click();

  // Settings: the staff access code, which the owner hands to staff.
  await page.getByRole("link", { name: "Settings" }).click();
  staffCode = (await page.getByTestId("staff-access-code").innerText()).trim();
  expect(staffCode).toMatch(/^[A-Z0-9]{8}$/);
  await shot(page, "03-owner-settings");

  // The owner registers a Stock Handler (the HR pages come later; the API is the same).
  const session = await page.evaluate(async () => {
    const res = await fetch("/api/businesses");
    return res.status;
  });
  expect(session).toBe(401); // the browser holds no cookie: every call needs the bearer token
  const token = await loginToken(page.request, owner.username, owner.password);
  const businesses = await (
    await page.request.get("/api/businesses", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const created = await page.request.post("/api/employeesAuth/register", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      businessId: businesses[0]._id,
      username: staff.username,
      password: staff.password,
      occupation: "Stock Handler",
      handleStock: true,
    },
  });
  expect(created.status()).toBe(201);
});

async function loginToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post("/api/adminAuth/login", { data: { username, password } });
  return (await res.json()).token;
}

test("a staff device pairs with the code and a Stock Handler sees the restricted menu", async ({ page }) => {
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await page.getByRole("textbox", { name: "Staff access code" }).fill("WRONG123");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("No business has that access code.")).toBeVisible();
  await page.getByRole("textbox", { name: "Staff access code" }).fill(staffCode.toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  // The sign-in page names the business. In one full run a hidden copy of the signed-in frame (its app bar
  // names the business too) was also in the page, so the visible one is asked for.
  await expect(page.getByText(owner.businessName).filter({ visible: true })).toBeVisible();
  await page.getByLabel("Username").fill(staff.username);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong username or password").first()).toBeVisible();
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  expect(await menuLabels(page)).toEqual(["Customers", "Inventory", "POS", "My Account", "Settings", "Logout"]);
  await shot(page, "04-stock-handler-menu");

  // A reload restores the encrypted session.
  await page.reload();
  expect(await menuLabels(page)).toEqual(["Customers", "Inventory", "POS", "My Account", "Settings", "Logout"]);
  const stored = await page.evaluate(() => localStorage.getItem("duka-state") ?? "");
  expect(stored).not.toContain(staff.username);

  // Logout: an employee goes back to /normalaccounts, still paired.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  await expect(page.getByText(owner.businessName).filter({ visible: true })).toBeVisible();
  await page.goto("/products");
  await expect(page).toHaveURL(/\/normalaccounts$/);
});

test("support suspends the business; its owner then sees only Account Inactive and Logout", async ({
  page,
  browser,
}) => {
  await ownerSignIn(page, SUPPORT.username, SUPPORT.password);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  expect(await menuLabels(page)).toContain("Subscription");
  await page.getByRole("link", { name: "Settings" }).click();
  const grid = page.getByTestId("businesses-grid");
  // Other files' tests register businesses meanwhile: find this one by its name.
  await page.getByRole("textbox", { name: "Search businesses" }).fill(owner.businessName);
  await expect(grid.getByText(owner.businessName)).toBeVisible();
  await grid.getByRole("switch", { name: `${owner.businessName} active` }).click();
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText(`${owner.businessName} is now suspended`)).toBeVisible();
  // Support sees why the account is off: suspended by support (a payment would not lift it).
  await expect(grid.getByRole("row", { name: new RegExp(owner.businessName) })).toContainText("Suspended");
  await shot(page, "05-support-deactivates");

  const ownerPage = await (await browser.newContext()).newPage();
  await ownerSignIn(ownerPage, owner.username, owner.password);
  await expect(ownerPage).toHaveURL(/\/error$/);
  expect(await menuLabels(ownerPage)).toEqual(["Account Inactive", "Logout"]);
  await expect(ownerPage.getByRole("heading", { name: "Account Inactive" })).toBeVisible();
  await expect(ownerPage.getByText("Support has suspended the account")).toBeVisible();
  await ownerPage.goto("/settings");
  await expect(ownerPage).toHaveURL(/\/error$/);
  await shot(ownerPage, "06-owner-inactive");

  // Admin logout clears the key and business: /access, then /home.
  await ownerPage.getByRole("button", { name: "Logout" }).click();
  await expect(ownerPage).toHaveURL(/\/home$/);
  await ownerPage.goto("/settings");
  await expect(ownerPage).toHaveURL(/\/home$/);

  // Support switches it back on.
  await grid.getByRole("switch", { name: `${owner.businessName} active` }).click();
  await expect(page.getByText(`${owner.businessName} is now active`)).toBeVisible();
});

test("an owner who stays signed in sees the account support switched off: on the next refused call, and on reload", async ({
  page,
}) => {
  await ownerSignIn(page, owner.username, owner.password);
  await expect(page).toHaveURL(/\/$/);
  expect(await menuLabels(page)).toEqual(OWNER_MENU);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const ownerToken = await loginToken(page.request, owner.username, owner.password);
  const [business] = await (await page.request.get("/api/businesses", { headers: auth(ownerToken) })).json();
  const supportToken = await loginToken(page.request, SUPPORT.username, SUPPORT.password);
  const setActive = async (accountActive: boolean) => {
    const res = await page.request.patch(`/api/businesses/${business._id}`, {
      headers: auth(supportToken),
      data: { accountActive },
    });
    expect(res.status()).toBe(200);
  };

  // Switched off while the owner works: the next call the server refuses (ACCOUNT_INACTIVE)
  // brings the business data up to date, and the menu shrinks.
  await setActive(false);
  await page.getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\/error$/);
  await expect.poll(() => menuLabels(page)).toEqual(["Account Inactive", "Logout"]);
  await expect(page.getByRole("heading", { name: "Account Inactive" })).toBeVisible();
  await shot(page, "07-owner-switched-off-while-signed-in");

  // Switched back on: a reload fetches the business data again, and the full menu returns.
  await setActive(true);
  await page.reload();
  await expect.poll(() => menuLabels(page)).toEqual(OWNER_MENU);

  // Switched off again: a reload alone shows it, before any other call is made.
  await setActive(false);
  await page.reload();
  await expect(page).toHaveURL(/\/error$/);
  await expect.poll(() => menuLabels(page)).toEqual(["Account Inactive", "Logout"]);
  await setActive(true);
});

test("toasts show top-right, 12 px apart (spec section 9)", async ({ page }) => {
  await ownerSignIn(page, owner.username, "wrong-password-1");
  const toasts = page.locator(".Toastify__toast");
  await expect(toasts).toHaveCount(1);
  await page.getByLabel("Password").fill("wrong-password-2");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(toasts).toHaveCount(2);
  await expect(page.locator(".Toastify__toast-container--top-right")).toBeVisible();
  // Once the Bounce entrance has ended, the boxes on screen are the layout's.
  await expect(page.locator(".Toastify__toast.Toastify--animate")).toHaveCount(0);
  const boxes = await toasts.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, right: r.right })),
  );
  expect(Math.round(boxes[1]!.top - boxes[0]!.bottom)).toBe(12);
  expect(boxes[1]!.right).toBe(boxes[0]!.right);
  await shot(page, "08-toasts-12px-apart");
});

test("the service worker at /sw.js carries the build's id and is never cached", async ({ request }) => {
  const res = await request.get("/sw.js");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/javascript/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const body = await res.text();
  expect(body).toMatch(/const VERSION = "[0-9a-f]{16}";/);
  expect(body).not.toContain("__BUILD_ID__");
});
