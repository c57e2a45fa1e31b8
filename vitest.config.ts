import { defineConfig } from "vitest/config";

// One vitest run, four projects: pure rules, the web app's units, the server against PostgreSQL,
// and the reliability tests that drive the real server process.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"], environment: "node" } },
      "apps/*/vitest.config.ts",
      "apps/server/vitest.reliability.config.ts",
    ],
  },
});
