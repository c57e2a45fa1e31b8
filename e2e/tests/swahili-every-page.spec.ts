import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { registerFromHome, shot, unique } from "./helpers.ts";

/**
 * Issue 33, item 1: with the app in Swahili, no page shows an English interface string. Every
 * page of the menu is opened (the owner of each business type, and a Cashier); the visible text
 * nodes, placeholders and accessible labels are compared with the English catalogue's messages
 * that are not also valid Swahili (their Swahili text differs), and with MUI's own English texts.
 * Data (names typed by users) is never an English message, so it passes.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const locales = path.join(here, "../../apps/web/src/locales");

function entries(language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of ["public", "app"]) {
    const text = readFileSync(path.join(locales, language, `${part}.po`), "utf8");
    for (const m of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm))
      if (m[1]) out.set(m[1].replace(/\\"/g, '"'), m[2]!.replace(/\\"/g, '"'));
  }
  return out;
}

/** English messages without placeholders whose Swahili differs: none may show in Swahili. */
const ENGLISH: Set<string> = (() => {
  const sw = entries("sw");
  const english = new Set<string>();
  for (const [id] of entries("en")) {
    if (id.includes("{") || !/[a-z]{2}/i.test(id)) continue;
    if (sw.get(id) === id) continue; // also valid Swahili (M-Pesa, SKU, POS, PIN...)
    english.add(id.trim());
  }
  return english;
})();

/** MUI's own English (pagers, grids, pickers, autocompletes), never in our catalogue. */
const MUI_ENGLISH = [
  /^Rows per page:?$/,
  /^\d+–\d+ of (\d+|more than \d+)$/,
  /^No rows$/,
  /^No results found\.$/,
  /^Go to (next|previous|first|last) page$/,
  /^Search…$/,
  /^Total Rows:$/,
  /^\d+ rows? selected$/,
  /^(Columns|Filters|Density|Export)$/,
];

/** What the page shows: visible text nodes, placeholders and aria-labels. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") return false;
      return el.getClientRects().length > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && visible(n.parentElement)) out.push(text);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label]")) {
      if (!visible(el)) continue;
      for (const a of ["placeholder", "aria-label"]) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

function englishIn(texts: string[]): string[] {
  return [...new Set(texts.filter((t) => ENGLISH.has(t) || MUI_ENGLISH.some((re) => re.test(t))))];
}

/** Every page the menu leads to, its groups opened. */
async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByTestId("sidebar-menu");
  await expect(menu).toBeVisible();
  for (;;) {
    const closed = menu.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await menu.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  return [...new Set(hrefs.filter((h) => h.startsWith("/")))];
}

async function toSwahili(page: Page) {
  await page.getByTestId("language-switch").getByRole("button", { name: "Kiswahili" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "sw");
}

/** Opens each page and collects the English it shows, page by page. */
async function englishOnEveryPage(page: Page, who: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const paths = await menuPaths(page);
  expect(paths.length).toBeGreaterThan(0);
  for (const p of paths) {
    await page.goto(p);
    await expect(page.getByTestId("sidebar-menu")).toBeVisible();
    // Settled: no spinner or progress bar left (a page's loading state is checked as well).
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".MuiCircularProgress-root, .MuiLinearProgress-root")).toHaveCount(0, {
      timeout: 15_000,
    });
    const english = englishIn(await shownTexts(page));
    if (english.length) found[p] = english;
  }
  await shot(page, `swahili-every-page-${who}`);
  return found;
}

for (const type of ["General", "Hotel", "Clinic", "Payroll"] as const) {
  test(`the owner of a ${type} business sees no English on any page in Swahili`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const id = unique();
    await registerFromHome(page, {
      businessName: `Biashara ${id}`,
      username: `swp${id}`,
      ...(type === "General" ? {} : { type }),
    });
    await expect(page.getByTestId("sidebar-menu")).toBeVisible();
    await toSwahili(page);
    expect(await englishOnEveryPage(page, type.toLowerCase())).toEqual({});
  });
}

test("a Cashier sees no English on any page in Swahili", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const id = unique();
  await registerFromHome(page, { businessName: `Duka ${id}`, username: `swc${id}` });
  await expect(page.getByTestId("sidebar-menu")).toBeVisible();
  const login = await page.request.post("/api/adminAuth/login", {
    data: { username: `swc${id}`, password: "secret123" },
  });
  const token = (await login.json()).token as string;
  const auth = { authorization: `Bearer ${token}` };
  const businessId = (await (await page.request.get("/api/businesses", { headers: auth })).json())[0]._id as string;
  const cashier = { username: `kesh${id}`, password: "cashpass1" };
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
  await staff.getByLabel("Username").fill(cashier.username);
  await staff.getByLabel("Password").fill(cashier.password);
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff.getByTestId("sidebar-menu")).toBeVisible();
  await toSwahili(staff);
  expect(await englishOnEveryPage(staff, "cashier")).toEqual({});
});
