import { defineConfig } from "vitest/config";
import { linguiPlugins } from "./vite.config.ts";

export default defineConfig({
  plugins: linguiPlugins(),
  test: {
    name: "web",
    root: import.meta.dirname,
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["src/test-setup.ts"],
  },
});
