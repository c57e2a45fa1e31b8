import babel from "@rolldown/plugin-babel";
import { getConfig } from "@lingui/conf";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { PURE_ZOD, pureZodSchemas } from "./build/pure-zod-schemas.ts";
import { serviceWorkerPlugin } from "./src/sw/stamp-service-worker.ts";

/**
 * Lingui: its macros (Trans, t) become message lookups (Babel, only in files that import a macro),
 * and .po catalogues compile on import. Shared with the unit tests (vitest.config.ts).
 */
export function linguiPlugins() {
  // Found from any working directory (the unit tests run from the repository root).
  const configPath = new URL("./lingui.config.ts", import.meta.url).pathname;
  return [
    babel({
      include: /\.tsx?$/,
      exclude: /node_modules/,
      plugins: [["@lingui/babel-plugin-lingui-macro", { linguiConfig: getConfig({ configPath }) }]],
      parserOpts: { plugins: ["typescript", "jsx"] },
    }),
    lingui({ configPath }),
  ];
}

export default defineConfig({
  plugins: [react(), ...linguiPlugins(), pureZodSchemas(), serviceWorkerPlugin()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // hoist-non-react-statics (CommonJS, with react-is 16) is imported by @emotion/react only
      // for withTheme, which nothing here uses; as CommonJS it could not be tree-shaken (1 KB gzip
      // of the first load). It has no side effects.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }],
        // Only the name shared's modules give zod (build/pure-zod-schemas.ts says why).
        manualPureFunctions: [PURE_ZOD],
      },
      output: {
        // Everything the first page needs in one file: split into a dozen files it weighed 9 KB
        // more gzipped (each file is compressed alone). Lazy pages keep the automatic split.
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
