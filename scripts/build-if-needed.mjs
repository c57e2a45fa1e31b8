// Builds the web app and the server bundle only when their sources changed since the last
// build (a stamp file in each dist records the newest source time it was built from).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules" && entry !== "dist") walk(path.join(p, entry));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of paths) walk(path.join(ROOT, p));
  return newest;
}

const TARGETS = [
  {
    name: "web app",
    workspace: "@app/web",
    stamp: "apps/web/dist/.build-stamp",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      "packages/shared/src",
      "package-lock.json",
    ],
  },
  {
    name: "server",
    workspace: "@app/server",
    stamp: "apps/server/dist/.build-stamp",
    output: "apps/server/dist/main.js",
    sources: [
      "apps/server/src",
      "apps/server/build.mjs",
      "apps/server/package.json",
      "packages/shared/src",
      "package-lock.json",
    ],
  },
];

/** Builds what is stale; returns false when a build failed. */
export function buildIfNeeded({ quiet = false } = {}) {
  for (const t of TARGETS) {
    const newest = newestMtime(t.sources);
    const stampFile = path.join(ROOT, t.stamp);
    const built =
      existsSync(stampFile) && existsSync(path.join(ROOT, t.output)) ? Number(readFileSync(stampFile, "utf8")) : -1;
    if (built >= newest) {
      if (!quiet) console.log(`[start] ${t.name} is up to date`);
      continue;
    }
    console.log(`[start] Building ${t.name}…`);
    const started = Date.now();
    const result = spawnSync("npm", ["run", "build", "-w", t.workspace], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) {
      console.error(`[start] Building the ${t.name} failed`);
      return false;
    }
    writeFileSync(stampFile, String(newest));
    console.log(`[start] Built ${t.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(buildIfNeeded() ? 0 : 1);
