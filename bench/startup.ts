// Benchmark 5: `npm start` (the README's command, with the app already built) to the first 200
// from /api/health, on a fresh data dir (initdb, migrations) and on a restart of the same dir.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../apps/server/src/db/embedded.ts";
import { ROOT, stopProcess, waitForHealth } from "./lib/server.ts";
import { figure, type Figure } from "./lib/stats.ts";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** One `npm start` on dataDir: milliseconds to the first healthy answer, then an orderly stop. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0",
  };
  delete env.DATABASE_URL; // the embedded database is what is measured
  const started = performance.now();
  const proc = spawn(npm, ["start", "--silent"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  proc.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, proc, () => stderr);
    return performance.now() - started;
  } finally {
    await stopProcess(proc, true);
    // npm may exit before the server has stopped its PostgreSQL: wait for the data dir to be free.
    for (let i = 0; i < 300 && existsSync(path.join(dataDir, "pg", "postmaster.pid")); i++)
      await new Promise((r) => setTimeout(r, 100));
  }
}

export async function benchStartup(opts: { runs: number; log: (line: string) => void }): Promise<Figure[]> {
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-bench-start-"));
    await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    try {
      fresh.push(await startOnce(dataDir));
      restart.push(await startOnce(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const figures = [
    figure("start-up", "npm start to the first 200 from /api/health, fresh data dir", fresh, "ms"),
    figure("start-up", "npm start to the first 200 from /api/health, restart", restart, "ms"),
  ];
  for (const f of figures) opts.log(`${f.bench}: ${f.name} ${f.value} ${f.unit}`);
  return figures;
}
