import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { PROTECTED_ROUTES, mayOpenRoute } from "../../apps/web/src/lib/route-table.ts";
import { menuPaths } from "../../packages/shared/src/permissions/menu.ts";
import { allFlags, type PermissionFlags } from "../../packages/shared/src/accounts/auth.ts";
import type { Actor, BusinessContext } from "../../packages/shared/src/permissions/areas.ts";
import type { BusinessType } from "../../packages/shared/src/businesses/business.ts";
import { SUPPORT } from "../global-setup.ts";
import { ownerSignIn, registerWithToken, unique } from "./helpers.ts";

/**
 * Issue 33 item 2: axe-core on every page of every role (the owner of each business type, each
 * member of staff of spec section 6, support), signed out too, and no violation of serious or
 * critical impact of WCAG 2.0/2.1/2.2 A and AA. The pages are taken from the app's one route
 * table (route-table.ts) filtered by the same rule the router applies, so a new page is checked
 * the day it is added. Every violation of a role is gathered before the test fails, with its
 * page, rule and elements, so one run shows all there is to fix.
 */

// The file is long (every page of every role); its tests share the workers with the other files.
test.describe.configure({ mode: "parallel" });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SERIOUS = new Set(["serious", "critical"]);
const PASSWORD = "staffpass1";

type Found = { path: string; rule: string; impact: string; help: string; nodes: string[] };

/** Waits for the page's data to arrive (no spinner, no skeleton) so axe sees what people see. */
async function settle(page: Page) {
  await expect(page.locator('[role="progressbar"], .MuiSkeleton-root'))
    .toHaveCount(0, { timeout: 8_000 })
    .catch(() => undefined);
  // MUI's transitions (a drawer, a fade) end before the colours are read.
  await page.waitForTimeout(250);
}

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page, path: string): Promise<Found[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => SERIOUS.has(v.impact ?? ""))
    .map((v) => ({
      path,
      rule: v.id,
      impact: v.impact ?? "",
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} :: ${n.failureSummary?.split("\n")[1] ?? ""}`),
    }));
}

/**
 * Opens each address and checks it; returns everything found. The first address is loaded; the
 * others are reached as a click on a link would reach them (the router follows history), so each
 * check costs the page's own data, not a reload of the app (a third of the time of a goto).
 */
async function checkPages(page: Page, paths: string[], { load = false } = {}): Promise<Found[]> {
  const found: Found[] = [];
  for (const [i, path] of paths.entries()) {
    const t0 = Date.now();
    if (i === 0 || load) await page.goto(path);
    else {
      // The page shown now is marked, so the check waits for the next one to replace it.
      await page.evaluate((to) => {
        document.querySelector("main > :nth-child(2)")?.setAttribute("data-a11y-left", "");
        window.history.pushState(null, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      // Two routes of one component keep its element: then the wait ends here, and settle follows.
      await expect(page.locator("[data-a11y-left]"))
        .toHaveCount(0, { timeout: 1_500 })
        .catch(() => undefined);
    }
    await expect(page).toHaveURL((url) => url.pathname === path);
    await settle(page);
    const t1 = Date.now();
    const here = await seriousViolations(page, path);
    found.push(...here);
    if (process.env.A11Y_TIMES) {
      console.log(`${path}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
      for (const f of here) console.log(`  [${f.impact}] ${f.rule}: ${f.help}\n    ${f.nodes.join("\n    ")}`);
    }
  }
  return found;
}

function report(who: string, found: Found[]) {
  const text = found
    .map((f) => `${who} ${f.path}: [${f.impact}] ${f.rule} (${f.help})\n    ${f.nodes.join("\n    ")}`)
    .join("\n");
  expect(found, text).toEqual([]);
}

/** The pages of the route table without a record id in them that this user may open. */
function openablePages(actor: Actor, business: BusinessContext): string[] {
  return PROTECTED_ROUTES.filter(
    (r) => !r.path.includes(":") && r.path !== "/access" && r.path !== "/error" && mayOpenRoute(r, actor, business),
  ).map((r) => r.path);
}

async function api(request: APIRequestContext, token: string, method: "get" | "post", path: string, data?: object) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

const ownerActor: Actor = {
  isAdmin: true,
  details: { username: "owner", occupation: "Owner", isSupportUser: false, ...allFlags(true) },
};

/** Registers a business of this type; its owner is signed in on `page`. */
async function ownerOf(page: Page, type: BusinessType) {
  const id = unique();
  const label = { general: "General", hotel: "Hotel", clinic: "Clinic", payroll: "Payroll" }[type];
  return registerWithToken(page, {
    businessName: `A11y ${label} ${id}`,
    username: `a11y${type}${id}`,
    ...(type === "general" ? {} : { type: label }),
  });
}

/** A member of staff of the business with this occupation and flags; returns their id. */
async function addStaff(
  request: APIRequestContext,
  token: string,
  businessId: string,
  username: string,
  occupation: string,
  flags: Partial<PermissionFlags> = {},
): Promise<string> {
  const created = await api(request, token, "post", "/api/employeesAuth/register", {
    businessId,
    username,
    password: PASSWORD,
    occupation,
    ...flags,
  });
  return created._id as string;
}

async function staffCodeOf(request: APIRequestContext, token: string, businessId: string): Promise<string> {
  return (await api(request, token, "post", `/api/businesses/${businessId}/staffAccessCode`)).staffAccessCode;
}

async function staffSignIn(browser: Browser, code: string, username: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await page.getByRole("textbox", { name: "Staff access code" }).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/normalaccounts$/);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  return page;
}

test("signed out: the home, sign-in, staff and register pages", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Loaded one by one: signed out, the staff sign-in sends a browser without a staff code home.
  const found = await checkPages(page, ["/home", "/adminaccounts", "/normalaccounts", "/no-such-page"], { load: true });
  await page.goto("/home");
  await page.getByRole("button", { name: "Register a business" }).click();
  await settle(page);
  found.push(...(await seriousViolations(page, "/home (register form)")));
  await page.goto("/home");
  await page.getByText("Staff", { exact: true }).click();
  await settle(page);
  found.push(...(await seriousViolations(page, "/home (staff access code)")));
  report("signed out", found);
});

for (const type of ["general", "hotel", "clinic", "payroll"] as const) {
  test(`the owner of a ${type} business: every page`, async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const { token, businessId } = await ownerOf(page, type);
    const business: BusinessContext = { businessType: type, accountActive: true };
    const records: string[] = [];
    // A few records, so lists and their detail pages have rows.
    const staffId = await addStaff(page.request, token, businessId, `a11ystaff${unique()}`, "Cashier");
    records.push(`/employees/${staffId}`);
    if (type !== "payroll") {
      const customer = await api(page.request, token, "post", "/api/customersAuth/register", {
        businessId,
        name: "Wanjiru Kamau",
        phone: "0722555111",
      });
      if (customer._id) records.push(`/customers/${customer._id}`);
      const product = await api(page.request, token, "post", "/api/products", {
        businessId,
        name: "Sukuma wiki",
        sellingprice: 5000,
        buyingPrice: 3000,
        quantity: 20,
      });
      if (product._id) records.push(`/products/${product._id}`);
    }
    const found = await checkPages(page, [...openablePages(ownerActor, business), ...records]);
    report(`${type} owner`, found);
  });
}

/** Staff of section 6 in each business type that has them: their menu's pages and their settings. */
const STAFF: { type: BusinessType; occupation: string; flags?: Partial<PermissionFlags> }[] = [
  { type: "general", occupation: "Cashier" },
  { type: "general", occupation: "Stock Handler", flags: { handleStock: true, handleTransfer: true } },
  { type: "general", occupation: "Waiter" },
  {
    type: "general",
    occupation: "Manager",
    flags: { viewEmployee: true, viewSupplies: true, viewExpenses: true, reviewStock: true, viewPayroll: true },
  },
  { type: "hotel", occupation: "Receptionist", flags: { viewBooking: true } },
  { type: "clinic", occupation: "Receptionist" },
  { type: "clinic", occupation: "Doctor" },
  { type: "clinic", occupation: "Nurse" },
  { type: "clinic", occupation: "Lab Technician" },
  { type: "clinic", occupation: "Pharmacist" },
  { type: "clinic", occupation: "Cashier" },
  { type: "payroll", occupation: "Accountant", flags: { viewPayroll: true, viewEmployee: true } },
  { type: "payroll", occupation: "Other" },
];

for (const type of ["general", "hotel", "clinic", "payroll"] as const) {
  const staff = STAFF.filter((s) => s.type === type);
  test(`the staff of a ${type} business: every page of their menu`, async ({ page, browser }) => {
    test.setTimeout(900_000);
    const { token, businessId } = await ownerOf(page, type);
    const code = await staffCodeOf(page.request, token, businessId);
    const business: BusinessContext = { businessType: type, accountActive: true };
    const found: Found[] = [];
    for (const s of staff) {
      const username = `a11y${s.occupation.replace(/\s/g, "").toLowerCase()}${unique()}`;
      const employeeId = await addStaff(page.request, token, businessId, username, s.occupation, s.flags);
      const actor: Actor & { details: { _id: string } } = {
        isAdmin: false,
        details: {
          _id: employeeId,
          username,
          occupation: s.occupation,
          isSupportUser: false,
          ...allFlags(false),
          ...s.flags,
        },
      };
      const staffPage = await staffSignIn(browser, code, username);
      const paths = menuPaths(actor, business).filter((p) => p !== "/settings");
      found.push(
        ...(await checkPages(staffPage, [...paths, `/settingEmployee/${employeeId}`])).map((f) => ({
          ...f,
          path: `${s.occupation}: ${f.path}`,
        })),
      );
      await staffPage.close();
    }
    report(`${type} staff`, found);
  });
}

test("support: requests, subscriptions and settings", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await ownerSignIn(page, SUPPORT.username, SUPPORT.password);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const found = await checkPages(page, ["/request", "/subscription", "/settings"]);
  report("support", found);
});
