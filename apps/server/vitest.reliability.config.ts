import { defineConfig } from "vitest/config";

/** Tests that drive the real server process (crashes, restarts) and the bad-input storm: run once per `npm test`. */
export default defineConfig({
  test: {
    name: "reliability",
    root: import.meta.dirname,
    include: ["test/reliability/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
