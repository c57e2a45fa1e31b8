import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** What src/sw/sw.js holds in place of its version until the build stamps it. */
export const BUILD_ID_PLACEHOLDER = "__BUILD_ID__";

/** One output file of the build: its name and its content. */
export type BuiltFile = { fileName: string; content: string | Uint8Array };

/** A short hash of every file of the build (names and contents) and of the worker's own source. */
export function buildIdOf(files: BuiltFile[], workerSource: string): string {
  const hash = createHash("sha256").update(workerSource);
  for (const file of [...files].sort((a, b) => a.fileName.localeCompare(b.fileName)))
    hash.update(`\0${file.fileName}\0`).update(file.content);
  return hash.digest("hex").slice(0, 16);
}

/** What src/sw/sw.js holds in place of the list of files to keep for offline use. */
export const PRECACHE_PLACEHOLDER = "/* __PRECACHE__ */ []";

/** The files the worker keeps so the app opens offline: the build's scripts and styles (not images, maps or itself). */
export function precacheListOf(files: Pick<BuiltFile, "fileName">[]): string[] {
  return files
    .map((f) => f.fileName)
    .filter((name) => name.startsWith("assets/") && /\.(js|css)$/.test(name))
    .sort()
    .map((name) => `/${name}`);
}

/** The worker's source with VERSION set to the build id and PRECACHE to `precache`. */
export function stampServiceWorker(source: string, buildId: string, precache: string[] = []): string {
  const quoted = JSON.stringify(BUILD_ID_PLACEHOLDER);
  if (!source.includes(quoted)) throw new Error(`sw.js has no ${quoted} to stamp the build id into`);
  if (!source.includes(PRECACHE_PLACEHOLDER))
    throw new Error(`sw.js has no ${PRECACHE_PLACEHOLDER} to stamp the files into`);
  return source.replace(quoted, JSON.stringify(buildId)).replace(PRECACHE_PLACEHOLDER, JSON.stringify(precache));
}

/**
 * Emits dist/sw.js, stamped with a hash of the build, so each deployment that changes anything
 * serves different bytes at /sw.js and browsers install the new worker (spec section 1).
 * A fixed file copied from public/ never changed, so updates were never found.
 */
export function serviceWorkerPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: "duka:service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const source = readFileSync(path.join(root, "src/sw/sw.js"), "utf8");
      const files = Object.values(bundle).map((f): BuiltFile => ({
        fileName: f.fileName,
        content: f.type === "chunk" ? f.code : f.source,
      }));
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: stampServiceWorker(source, buildIdOf(files, source), precacheListOf(files)),
      });
    },
  };
}
