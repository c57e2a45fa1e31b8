import { spawn, spawnSync, type ChildProcess } from "node:child_process";
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

export type ServerProcess = { base: string; stop: () => Promise<void> };

/**
 * The real server (apps/server/dist/main.js, as npm start runs it) in its own process, so the
 * load generator and the server do not share an event loop. It uses the given database.
 */
export async function startServerProcess(opts: { databaseUrl: string; dataDir: string }): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
    REGISTRATION_RATE_LIMIT_PER_HOUR: "100000",
    SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
  };
  const proc = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "apps/server/dist/main.js")], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  proc.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, proc, () => err);
  return { base, stop: () => stopProcess(proc) };
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
): Promise<{ token: string; businessId: string; username: string; password: string }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const username = `bench_${tag}`;
  const password = "benchpass1";
  const res = await fetch(`${base}/api/businesses/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      businessName: name,
      businessType: "general",
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
