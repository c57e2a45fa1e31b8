import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: ["test/reliability/**"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    // Every file builds its own app on its own database (a clone of the migrated template), so
    // the files need no fresh module graph each: loading the server's modules once per worker,
    // not once per file, took the suite from about 400 s to about 200 s on 2 cores.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
