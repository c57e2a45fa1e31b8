import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../apps/server/src/db/embedded.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Builds the web app and the server bundle when their sources changed (as npm start does). */
export function buildIfNeeded(): void {
  const run = spawnSync(
    process.execPath,
    ["-e", "import('./scripts/build-if-needed.mjs').then((m) => process.exit(m.buildIfNeeded() ? 0 : 1))"],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (run.status !== 0) throw new Error("the build failed");
}

/** Polls GET /api/health until it answers 200; resolves with the milliseconds waited. */
export async function waitForHealth(
  base: string,
  proc: ChildProcess,
  stderr: () => string,
  timeoutMs = 120_000,
): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}: ${stderr()}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms: ${stderr()}`);
}

export type ServerProcess = { base: string; pid: number; stop: () => Promise<void> };

/**
 * The server bundle the benchmarks start: apps/server/dist/main.js, or BENCH_SERVER_ENTRY (another
 * build kept inside apps/server, e.g. apps/server/dist/before/main.js) to measure two builds back
 * to back on the same machine.
 */
export function serverEntry(): string {
  return process.env.BENCH_SERVER_ENTRY
    ? path.resolve(ROOT, process.env.BENCH_SERVER_ENTRY)
    : path.join(ROOT, "apps/server/dist/main.js");
}

/**
 * The real server (apps/server/dist/main.js, as npm start runs it) in its own process, so the
 * load generator and the server do not share an event loop. It uses the given database, or
 * (`databaseUrl: null`) its own embedded one in `dataDir`, as a shop's `npm start` does (nightly
 * backups and WAL archiving on); `env` adds or overrides settings.
 */
export async function startServerProcess(opts: {
  databaseUrl: string | null;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl ?? undefined,
    DATA_DIR: opts.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
    REGISTRATION_RATE_LIMIT_PER_HOUR: "100000",
    SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    ...opts.env,
  };
  if (opts.databaseUrl === null) delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ["--enable-source-maps", serverEntry()], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  proc.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  // A fresh embedded database (initdb, migrations) on a loaded machine takes minutes, not seconds.
  await waitForHealth(base, proc, () => err, opts.databaseUrl === null ? 600_000 : 120_000);
  return { base, pid: proc.pid!, stop: () => stopProcess(proc) };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; NaN elsewhere). */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th
    // field of the line, stime the 15th, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process, in MiB, from /proc (Linux; NaN elsewhere). */
export async function processRssMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** SIGTERM (an orderly shutdown), and SIGKILL if it has not exited after 30 s. */
export function stopProcess(proc: ChildProcess, signalGroup = false): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (signalGroup && proc.pid) process.kill(-proc.pid, signal);
        else proc.kill(signal);
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => kill("SIGKILL"), 30_000);
    proc.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    kill("SIGTERM");
  });
}

/** Registers a business through the API and returns its owner's token and the business id. */
export async function registerOwner(
  base: string,
  name: string,
  businessType: "general" | "hotel" = "general",
): Promise<{ token: string; businessId: string; username: string; password: string }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `bench_${tag}`;
  const password = "benchpass1";
  const res = await fetch(`${base}/api/businesses/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      businessName: name,
      businessType,
      username,
      email: `${username}@example.com`,
      phone: "0712345678",
      password,
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; business: { _id: string } };
  return { token: body.token, businessId: body.business._id, username, password };
}
