import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser. The flags keep it off the (closed) network.
export default defineConfig({
  testDir: "tests",
  // npm test runs the date-heavy specs once, under its test clock, not twice (scripts/test.mjs).
  testIgnore: (process.env.E2E_SKIP_SPECS ?? "")
    .split(",")
    .filter(Boolean)
    .map((file) => `**/${file}`),
  // A second run in one npm test (the clock step) keeps its own, so the first's stay.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "artifacts/results",
  globalSetup: "./global-setup.ts",
  // Two files at a time (each file's tests in order, in one worker): most of a test is waiting on
  // the page, so two share the machine's cores well. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "artifacts/report.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
