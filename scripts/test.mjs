// npm test: the static checks first, stopping at the first that fails (it is named); then every
// suite, even when one fails; then one summary line.
//   0. static: typecheck (tsc -b), lint (ESLint with the import boundaries, Prettier's check)
//   1. unit tests (packages/shared, apps/web)            vitest projects shared + web
//   2. server integration, embedded PostgreSQL            vitest project server
//   3. server integration under another clock, beside 2:  vitest project server, at TEST_DATABASE_URL
//      (or embedded when unset), as if the machine's clock said a moment of scripts/test-clock.mjs
//   4. reliability: kill -9 the real server under load     vitest project reliability, beside 0 and 1
//   5. end-to-end in Chromium against the built app       Playwright (e2e/)
//   6. the date-heavy end-to-end specs under the clock of 3 (hotel, payroll, reports, credit);
//      with faketime here, step 5 leaves them to this step (each day's clock is another day: the
//      step's clock is chosen to be a hard one, and running them twice cost about 4 minutes)
// The two server suites run side by side: each file of each has its own database, and one
// vitest worker (the default on 2 cores) leaves a core mostly waiting on PostgreSQL. The second
// one's output is kept in a file and printed when it ends, so the two do not interleave.
// Steps 3 and 6 need Debian's faketime (.ci/run installs it); without it they fail, saying so.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIfNeeded, ROOT } from "./build-if-needed.mjs";
import { hasFaketime, pickTestClock, underClock } from "./test-clock.mjs";

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
  // A suite passes when it exits 0 and its report counts no failure: a process's exit code alone was
  // once not enough (a hook of the embedded database's package made a failed run exit 0).
  const ok = status === 0 && counts.failed === 0;
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
  const done = new Promise((resolve) => {
    child.on("close", (status) => {
      console.log(`\n=== ${name} (it ran beside the suite above) ===`);
      console.log(readFileSync(log, "utf8"));
      record(name, started, status, report, count);
      resolve();
    });
  });
  // Stopped when the run ends early (a static check failed): npx passes the signal on to vitest.
  return Object.assign(done, { stop: () => child.kill("SIGTERM") });
}

const vitestCount = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0),
});
const vitestArgs = (projects, file) => [
  "vitest",
  "run",
  ...projects.flatMap((p) => ["--project", p]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${file}`,
];

// The reliability suite from the start, beside the static checks and the unit tests: one file at a
// time, it mostly waits (servers starting and restarting, a job's cron tick), and it runs the
// server from its source (no build). Those two leave room for its waits; the server suites below
// fill both cores, so it ends before they start.
const reliability = runBeside(
  "reliability: kill -9 under load",
  "npx",
  vitestArgs(["reliability"], path.join(reports, "reliability.json")),
  { report: path.join(reports, "reliability.json"), count: vitestCount },
);

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
    reliability.stop();
    process.exit(1);
  }
}
const staticSummary = {
  label: `static: ${STATIC_CHECKS.map(([check]) => check).join(", ")}: ok`,
  seconds: ((Date.now() - staticStarted) / 1000).toFixed(0),
};

/** The end-to-end specs whose rules turn on the date: run again under the step's clock. */
const CLOCK_SPECS = ["hotel.spec.ts", "payroll.spec.ts", "reports.spec.ts", "credit-and-voids.spec.ts"];

/** Where the time went: the slowest test files of every suite's report (seconds each file took). */
function printSlowestFiles(n) {
  const rows = [];
  const read = (file) => {
    try {
      return JSON.parse(readFileSync(path.join(reports, file), "utf8"));
    } catch {
      return null;
    }
  };
  for (const [file, suite] of [
    ["unit.json", "unit"],
    ["server-embedded.json", "server"],
    ["server-clock.json", "server (clock)"],
    ["reliability.json", "reliability"],
  ])
    for (const f of read(file)?.testResults ?? [])
      rows.push({ suite, file: path.relative(ROOT, f.name), seconds: (f.endTime - f.startTime) / 1000 });
  for (const [file, suite] of [
    ["e2e.json", "e2e"],
    ["e2e-clock.json", "e2e (clock)"],
  ]) {
    const perFile = new Map();
    const walk = (s, name) => {
      const f = s.file ?? name;
      for (const spec of s.specs ?? [])
        for (const t of spec.tests)
          for (const r of t.results) perFile.set(f, (perFile.get(f) ?? 0) + r.duration / 1000);
      for (const child of s.suites ?? []) walk(child, f);
    };
    for (const s of read(file)?.suites ?? []) walk(s, s.file);
    for (const [f, seconds] of perFile) rows.push({ suite, file: `e2e/tests/${f}`, seconds });
  }
  if (!rows.length) return;
  console.log(`\n=== the ${n} slowest test files ===`);
  for (const r of rows.sort((a, b) => b.seconds - a.seconds).slice(0, n))
    console.log(`${r.seconds.toFixed(1).padStart(7)} s  ${r.suite.padEnd(15)} ${r.file}`);
}

const playwrightCount = (r) => ({
  passed: r.stats?.expected ?? 0,
  failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
});
const vitest = (name, projects, env, file) =>
  run(name, "npx", vitestArgs(projects, file), { env, report: file, count: vitestCount });

const clock = pickTestClock();
const faketime = hasFaketime();
const clockName = `clock at ${clock.label}, zone ${clock.tz}`;
const noFaketime = (name) => {
  console.error(`\nFAIL ${name}: Debian's faketime is not installed (apt-get install faketime; .ci/run installs it).`);
  results.push({ name, ok: false, seconds: "0", passed: 0, failed: 1 });
};
/** `command args` under the step's clock (faketime with a fixed offset, the clock's zone). */
const clocked = (command, args, env = {}) => {
  const c = underClock(clock, command, args);
  return { command: c.command, args: c.args, env: { ...env, ...c.env } };
};

const unitProjects = existsSync(path.join(ROOT, "apps/web/vitest.config.ts")) ? ["shared", "web"] : ["shared"];
vitest("unit: shared rules and web", unitProjects, {}, path.join(reports, "unit.json"));
await reliability;
// Beside the embedded run: the suite again, against the real PostgreSQL server when there is one,
// under another clock (that server keeps the real time: one clock must decide every comparison).
const clockServer = `server: ${process.env.TEST_DATABASE_URL ? "PostgreSQL at TEST_DATABASE_URL" : "embedded PostgreSQL"}, ${clockName}`;
let beside = Promise.resolve();
if (!faketime) noFaketime(clockServer);
else {
  const serverReport = path.join(reports, "server-clock.json");
  const c = clocked("npx", vitestArgs(["server"], serverReport));
  beside = runBeside(clockServer, c.command, c.args, { env: c.env, report: serverReport, count: vitestCount });
}
vitest(
  "server: embedded PostgreSQL",
  ["server"],
  { TEST_DATABASE_URL: "" },
  path.join(reports, "server-embedded.json"),
);
await beside;

console.log("\n=== build for end-to-end ===");
if (buildIfNeeded()) {
  const report = path.join(reports, "e2e.json");
  // The date-heavy specs run once, in step 6 under the clock (when faketime is here to give it).
  const skip = faketime ? CLOCK_SPECS.join(",") : "";
  run(`end-to-end: Chromium${skip ? ` (all but ${CLOCK_SPECS.join(", ")})` : ""}`, "npm", ["test", "-w", "@app/e2e"], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SKIP_SPECS: skip },
    report,
    count: playwrightCount,
  });
  // The specs whose rules turn on dates, under the clock (their own server and database).
  const name = `end-to-end under the ${clockName}: ${CLOCK_SPECS.join(", ")}`;
  if (!faketime) noFaketime(name);
  else {
    const clockReport = path.join(reports, "e2e-clock.json");
    const c = clocked("npm", ["test", "-w", "@app/e2e", "--", ...CLOCK_SPECS], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: clockReport,
      E2E_OUTPUT_DIR: "artifacts/results-clock",
      E2E_SCREENS_DIR: "artifacts/screens-clock",
    });
    run(name, c.command, c.args, { env: c.env, report: clockReport, count: playwrightCount });
  }
} else {
  results.push({ name: "end-to-end: Chromium (build failed)", ok: false, seconds: "0", passed: 0, failed: 1 });
}

printSlowestFiles(15);

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
