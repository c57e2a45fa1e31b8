import { defineConfig } from "vitest/config";

// One vitest run, three projects: pure rules, the web app's units, the server against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"], environment: "node" } },
      "apps/*/vitest.config.ts",
    ],
  },
});
