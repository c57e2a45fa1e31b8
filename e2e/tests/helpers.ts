import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";

export const unique = () => Math.random().toString(36).slice(2, 8);

/** Where screenshots go (npm test's rerun under another clock keeps its own). */
export const SCREENS = process.env.E2E_SCREENS_DIR ?? "artifacts/screens";

/** A screenshot of the whole page in SCREENS. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** Registers a business through /home and lands signed in as its owner. */
export async function registerFromHome(page: Page, opts: { businessName: string; username: string; type?: string }) {
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole("button", { name: "Register a business" }).click();
  const form = page.getByRole("form", { name: "Register a business" });
  await form.getByLabel("Business name").fill(opts.businessName);
  if (opts.type) {
    await form.getByLabel("Business type").click();
    await page.getByRole("option", { name: opts.type }).click();
  }
  await form.getByLabel("Username").fill(opts.username);
  await form.getByLabel("Email").fill(`${opts.username}@example.com`);
  await form.getByLabel("Phone").fill("0712345678");
  await form.getByLabel("Password").fill("secret123");
  await form.getByRole("button", { name: "Register business" }).click();
}

/**
 * Registers a business through /home (its owner then signed in on `page`; the password is
 * registerFromHome's) and returns the owner's API token and the business's id, for tests that
 * set up records through the API.
 */
export async function registerWithToken(
  page: Page,
  owner: { businessName: string; username: string; type?: string },
): Promise<{ token: string; businessId: string }> {
  await registerFromHome(page, owner);
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: owner.username, password: "secret123" },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = (await login.json()).token as string;
  const businesses = await page.request.get("/api/businesses", { headers: { authorization: `Bearer ${token}` } });
  return { token, businessId: (await businesses.json())[0]._id as string };
}

/**
 * Waits for the toasts on screen to close by themselves (5 s, spec section 9), with the pointer
 * moved off them (they pause while hovered): they stack top-right, below the app bar and any open
 * drawer's header.
 */
export async function waitForToastsToClose(page: Page) {
  await page.mouse.move(5, 5);
  await expect(page.locator(".Toastify__toast")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Closes the toasts on screen with their close buttons (what is under them is then clear), rather
 * than waiting 5 s for each; the pointer leaves them after each click, as a toast under the pointer
 * waits (another one may slide under it).
 */
export async function closeToasts(page: Page) {
  const toasts = page.locator(".Toastify__toast");
  await expect(async () => {
    const close = toasts.locator(".Toastify__close-button");
    if (await close.count()) await close.first().click({ timeout: 1_000 });
    await page.mouse.move(5, 5);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Opens a select (`trigger`) and picks the option `option` names, until its list has closed: under
 * load a click can land while the list is still opening, leaving it open over the page.
 */
export async function pickOption(trigger: Locator, option: { name: string | RegExp; exact?: boolean }) {
  const page = trigger.page();
  const list = page.getByRole("listbox");
  await expect(async () => {
    if (!(await list.isVisible())) await trigger.click({ timeout: 2_000 });
    await page.getByRole("option", option).click({ timeout: 2_000 });
    await expect(list).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The labels of the sidebar, top to bottom. */
export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByTestId("sidebar-menu");
  await expect(menu).toBeVisible();
  return (await menu.locator(":scope > .MuiListItemButton-root").allInnerTexts()).map((t) => t.trim());
}

export async function ownerSignIn(page: Page, username: string, password: string) {
  await page.goto("/home");
  await page.getByText("Business owner").click();
  await expect(page).toHaveURL(/\/adminaccounts$/);
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Runs the server's renewal and lapse job once, as at `now` (npm run billing -- --now), against
 * the e2e server's database, and returns what it did.
 */
export function runBillingJob(now: Date): Record<string, unknown> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(JSON.parse(process.env.E2E_SERVER_ENV ?? "{}") as Record<string, string>),
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL; // the e2e server's own embedded database
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "apps/server/src/cli/run-billing.ts"), "--now", now.toISOString()],
    { env, cwd: path.join(root, "apps/server"), encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`npm run billing failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

/**
 * Plays PayPal in the browser: serves a small stand-in for PayPal's checkout script at its real
 * address (one "PayPal" button that creates and captures the order like the real buttons), and
 * passes the order calls it makes to the fake PayPal server. The page then sends the capture and
 * order ids, and the app's server reads that order from the fake (GET /v2/checkout/orders/{id})
 * as it would from PayPal.
 */
export async function routeFakePaypal(page: Page) {
  const fake = (JSON.parse(process.env.E2E_SERVER_ENV ?? "{}") as Record<string, string>).PAYPAL_BASE_URL!;
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "content-type",
    "access-control-allow-methods": "POST",
  };
  await page.route("https://www.paypal.com/sdk/js**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: FAKE_SDK }),
  );
  await page.route("https://www.paypal.com/v2/checkout/orders**", async (route) => {
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const res = await route.fetch({ url: `${fake}${new URL(route.request().url()).pathname}` });
    return route.fulfill({ response: res, headers: { ...res.headers(), ...cors } });
  });
}

const FAKE_SDK = `
window.paypal = {
  Buttons(opts) {
    const call = (path, body) => fetch("https://www.paypal.com/v2/checkout/orders" + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body || {}) })
      .then((r) => { if (!r.ok) throw new Error("PayPal answered " + r.status); return r.json(); });
    return {
      render(el) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = "PayPal";
        button.onclick = async () => {
          try {
            const orderID = await opts.createOrder({}, { order: { create: (order) => call("", order).then((o) => o.id) } });
            await opts.onApprove({ orderID }, { order: { capture: () => call("/" + orderID + "/capture") } });
          } catch (err) { if (opts.onError) opts.onError(err); }
        };
        el.appendChild(button);
        return Promise.resolve();
      },
      close() { return Promise.resolve(); },
    };
  },
};`;

/** The fake KRA eTIMS's own control routes (not KRA's API): taxpayers, down, supplier-sales, rejected. */
export const fakeKra = (what: string, body: unknown) =>
  fetch(`${process.env.E2E_ETIMS_URL}/fake/${what}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
