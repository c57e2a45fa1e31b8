import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorkerPlugin } from "./src/sw/stamp-service-worker.ts";

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // hoist-non-react-statics (CommonJS, with react-is 16) is imported by @emotion/react only
      // for withTheme, which nothing here uses; as CommonJS it could not be tree-shaken (1 KB gzip
      // of the first load). It has no side effects.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }] },
      output: {
        // Everything the first page needs in one file: split into a dozen files it weighed 9 KB
        // more gzipped (each file is compressed alone). Lazy pages keep the automatic split.
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
