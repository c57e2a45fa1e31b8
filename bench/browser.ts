// Benchmarks 3 and 4, in Debian's headless Chromium (playwright-core; no browser download):
// the POS with a 100,000-product catalog (sign-in to a ready till; keystroke to results, read
// from the page's own performance marks), and the JavaScript the sign-in page and /pos load.
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page } from "playwright-core";
import type pg from "pg";
import { registerOwner, type ServerProcess } from "./lib/server.ts";
import { seedProducts } from "./lib/seed.ts";
import { figure, percentile, type Figure } from "./lib/stats.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/** What a cashier types: name fragments, a SKU, a barcode. Each keystroke is one sample. */
const QUERIES = ["maize", "sugar 12", "SKU-7345", "6161000098765", "cooking oil", "bread 9"];

type Owner = { username: string; password: string; token: string; businessId: string };

/** JavaScript files a page loaded (scripts only), with their gzip -9 sizes. */
function collectScripts(page: Page): () => Promise<{ files: number; gzipBytes: number }> {
  const bodies: Promise<Buffer | null>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script" && res.ok()) bodies.push(res.body().catch(() => null));
  });
  return async () => {
    const all = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
    return { files: all.length, gzipBytes: all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) };
  };
}

async function openSignIn(page: Page, base: string) {
  await page.goto(`${base}/home`);
  await page.getByText("Business owner").click();
  await page.getByLabel("Username or email").waitFor();
}

/** From the Sign in click to a till whose catalog is loaded (the page's pos:catalog-ready mark). */
async function signInToReadyPos(browser: Browser, base: string, owner: Owner): Promise<number> {
  const context = await browser.newContext(); // a fresh device: no cache, no stored session
  const page = await context.newPage();
  try {
    await openSignIn(page, base);
    await page.getByLabel("Username or email").fill(owner.username);
    await page.getByLabel("Password").fill(owner.password);
    const t0 = performance.now();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("sidebar-menu").getByText("POS", { exact: true }).click();
    await page.waitForFunction(() => performance.getEntriesByName("pos:catalog-ready").length > 0, undefined, {
      timeout: 60_000,
      polling: 10,
    });
    return performance.now() - t0;
  } finally {
    await context.close();
  }
}

/** Types the queries one key at a time into the till's search and reads each pos:search measure. */
async function keystrokesToResults(
  browser: Browser,
  base: string,
  owner: Owner,
  rounds: number,
): Promise<{ samples: number[]; scripts: { files: number; gzipBytes: number } }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openSignIn(page, base);
    await page.getByLabel("Username or email").fill(owner.username);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("sidebar-menu").waitFor();
    // A fresh load of /pos by a signed-in user: the JavaScript the till needs.
    const scripts = collectScripts(page);
    await page.goto(`${base}/pos`);
    await page.waitForFunction(() => performance.getEntriesByName("pos:catalog-ready").length > 0, undefined, {
      timeout: 60_000,
    });
    const loaded = await scripts();
    const search = page.getByTestId("pos-search");
    await search.click();
    await page.evaluate(() => performance.clearMeasures("pos:search"));
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        await search.pressSequentially(q, { delay: 40 });
        await search.fill(""); // clears: one more measured update
      }
    }
    const samples = await page.evaluate(() => performance.getEntriesByName("pos:search").map((e) => e.duration));
    return { samples, scripts: loaded };
  } finally {
    await context.close();
  }
}

export async function benchBrowser(opts: {
  server: ServerProcess;
  pool: pg.Pool;
  products: number;
  runs: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<Figure[]> {
  const figures: Figure[] = [];
  const say = (f: Figure) => (
    figures.push(f),
    opts.log(
      `${f.bench}: ${f.name} ${f.value} ${f.unit}${f.goal ? ` (goal ${f.goal.text}: ${f.goal.met ? "met" : "NOT met"})` : ""}`,
    )
  );
  const owner = await registerOwner(opts.server.base, "Bench Supermarket");
  await seedProducts(opts.pool, owner.businessId, opts.products);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  try {
    // 4. The sign-in page as a new visitor sees it: /home, then Business owner.
    const signInSizes: number[] = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = collectScripts(page);
      await openSignIn(page, opts.server.base);
      signInSizes.push((await scripts()).gzipBytes / 1024);
      await context.close();
    }
    say(
      figure("web bundle", "JavaScript loaded by the sign-in page (gzip)", signInSizes, "KB", {
        text: "under 150 KB",
        test: (v) => v < 150,
      }),
    );

    // 3. The till with a large catalog.
    const n = opts.products.toLocaleString("en");
    const ready: number[] = [];
    for (let i = 0; i < opts.runs; i++) ready.push(await signInToReadyPos(browser, opts.server.base, owner));
    say(
      figure(`POS catalog (${n} products)`, "sign-in to a ready POS", ready, "ms", {
        text: "under 2 s",
        test: (v) => v < 2000,
      }),
    );

    const typed = await keystrokesToResults(browser, opts.server.base, owner, opts.rounds);
    say(
      figure("web bundle", "JavaScript loaded by /pos (gzip)", [typed.scripts.gzipBytes / 1024], "KB", {
        text: "under 300 KB",
        test: (v) => v < 300,
      }),
    );
    const p50 = percentile(typed.samples, 50);
    const p99 = percentile(typed.samples, 99);
    say(
      figure(
        `POS catalog (${n} products)`,
        `keystroke to results, p50 of ${typed.samples.length} keystrokes`,
        [p50],
        "ms",
        { text: "under 16 ms", test: (v) => v < 16 },
      ),
    );
    say(
      figure(
        `POS catalog (${n} products)`,
        `keystroke to results, p99 of ${typed.samples.length} keystrokes`,
        [p99],
        "ms",
        { text: "under 16 ms", test: (v) => v < 16 },
      ),
    );
    return figures;
  } finally {
    await browser.close();
  }
}
