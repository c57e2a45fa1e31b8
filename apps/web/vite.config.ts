import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { serviceWorkerPlugin } from "./src/sw/stamp-service-worker.ts";

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
