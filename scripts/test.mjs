// npm test: the static checks first, stopping at the first that fails (it is named); then every
// suite, even when one fails; then one summary line.
//   0. static: typecheck (tsc -b), lint (ESLint with the import boundaries, Prettier's check)
//   1. unit tests (packages/shared, apps/web)            vitest projects shared + web
//   2. server integration, embedded PostgreSQL            vitest project server
//   3. server integration, TEST_DATABASE_URL (when set)   vitest project server, beside 2
//   4. reliability: kill -9 the real server under load     vitest project reliability
//   5. end-to-end in Chromium against the built app       Playwright (e2e/)
// The two server suites run side by side: each file of each has its own database, and one
// vitest worker (the default on 2 cores) leaves a core mostly waiting on PostgreSQL. The second
// one's output is kept in a file and printed when it ends, so the two do not interleave.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded, ROOT } from "./build-if-needed.mjs";

const reports = path.join(ROOT, "test-results");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
function record(name, started, status, report, count) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  let counts = { passed: 0, failed: 0 };
  try {
    if (report && existsSync(report)) counts = count(JSON.parse(readFileSync(report, "utf8")));
  } catch {
    /* a run that died before writing its report counts as failed below */
  }
  const ok = status === 0;
  if (!ok && counts.failed === 0) counts.failed = 1;
  results.push({ name, ok, seconds, ...counts });
}

function run(name, command, args, { env = {}, report, count }) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  record(name, started, result.status, report, count);
}

/**
 * Runs a suite in the background, its output written straight to a log file (not through a pipe:
 * the suite beside it is run with spawnSync, which holds this process's event loop); resolves
 * when it has ended, after printing the log.
 */
function runBeside(name, command, args, { env = {}, report, count }) {
  const started = Date.now();
  const log = path.join(reports, `${path.basename(report, ".json")}.log`);
  console.log(`\n=== ${name}: started beside the next suite (output in ${path.relative(ROOT, log)}) ===`);
  const fd = openSync(log, "w");
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  return new Promise((resolve) => {
    child.on("close", (status) => {
      console.log(`\n=== ${name} (it ran beside the suite above) ===`);
      console.log(readFileSync(log, "utf8"));
      record(name, started, status, report, count);
      resolve();
    });
  });
}

// The static checks are fast (about a minute together) and a failure there makes the suites'
// verdict moot, so the first failing check stops the run before the slower suites start.
const STATIC_CHECKS = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
];
const staticStarted = Date.now();
for (const [check, args] of STATIC_CHECKS) {
  console.log(`\n=== static: ${check} ===`);
  const result = spawnSync("npm", args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\nFAIL static: ${check} failed (npm ${args.join(" ")}); the test suites did not run.`);
    process.exit(1);
  }
}
const staticSummary = {
  label: `static: ${STATIC_CHECKS.map(([check]) => check).join(", ")}: ok`,
  seconds: ((Date.now() - staticStarted) / 1000).toFixed(0),
};

const vitestCount = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0),
});
const playwrightCount = (r) => ({
  passed: r.stats?.expected ?? 0,
  failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
});
const vitestArgs = (projects, file) => [
  "vitest",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${file}`,
];
const vitest = (name, projects, env, file) =>
  run(name, "npx", vitestArgs(projects, file), { env, report: file, count: vitestCount });
const vitestBeside = (name, projects, env, file) =>
  runBeside(name, "npx", vitestArgs(projects, file), { env, report: file, count: vitestCount });

const unitProjects = existsSync(path.join(ROOT, "apps/web/vitest.config.ts")) ? ["shared", "web"] : ["shared"];
vitest("unit: shared rules and web", unitProjects, {}, path.join(reports, "unit.json"));
const external = process.env.TEST_DATABASE_URL
  ? vitestBeside("server: PostgreSQL at TEST_DATABASE_URL", ["server"], {}, path.join(reports, "server-external.json"))
  : Promise.resolve();
vitest(
  "server: embedded PostgreSQL",
  ["server"],
  { TEST_DATABASE_URL: "" },
  path.join(reports, "server-embedded.json"),
);
await external;
vitest("reliability: kill -9 under load", ["reliability"], {}, path.join(reports, "reliability.json"));

console.log("\n=== build for end-to-end ===");
if (buildIfNeeded()) {
  const report = path.join(reports, "e2e.json");
  run("end-to-end: Chromium", "npm", ["test", "-w", "@app/e2e"], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    report,
    count: playwrightCount,
  });
} else {
  results.push({ name: "end-to-end: Chromium (build failed)", ok: false, seconds: "0", passed: 0, failed: 1 });
}

console.log("\n=== summary ===");
console.log(`ok   ${staticSummary.label} (${staticSummary.seconds} s)`);
for (const r of results)
  console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
// The static checks count as passed checks; the last line stays the plain "N passed, N failed".
console.log(staticSummary.label);
console.log(`${passed + STATIC_CHECKS.length} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
