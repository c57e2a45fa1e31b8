import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The apps/server folder, found from this file whether it runs from src/ (tsx, tests)
 * or bundled into dist/ (npm start).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "@app/server") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @app/server package folder");
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();
export const REPO_ROOT = path.resolve(SERVER_ROOT, "../..");
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, "drizzle");
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, "apps/web/dist");
