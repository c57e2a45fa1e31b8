import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../global-setup.ts";
import { testJobs } from "../factories/app.ts";
import { BILLING_JOB } from "../../src/modules/subscriptions/subscriptions.public.ts";

/**
 * The job runner across real processes on one new database (issue 29): two servers, one
 * scheduled job, one run per tick; a web-only server (--no-jobs) queues the reports' rebuild and
 * a separate worker (main.ts --worker, `npm run worker`) runs it; a worker killed mid-job
 * (SIGKILL) has its job retried by another once its time limit passed.
 */
const SERVER = path.resolve(import.meta.dirname, "../../src/main.ts");
const SLOW_WORKER = path.resolve(import.meta.dirname, "fixtures/slow-worker.ts");

type Proc = { proc: ChildProcess; base: string; dataDir: string; output: string };
const procs: Proc[] = [];
let adminUrl: string;
let dbName: string;
let url: string;
let db: pg.Client;
const secret = randomBytes(32).toString("hex");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A real process: a server (`args` [] or ["--no-jobs"]), a worker (["--worker"]) or the slow worker fixture. */
async function start(args: string[], env: NodeJS.ProcessEnv = {}, script = SERVER, ready?: RegExp): Promise<Proc> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-jobs-"));
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: "4",
      JWT_SECRET: secret,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0",
      JOBS_POLL_SECONDS: "0.5",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const p: Proc = { proc, base: `http://127.0.0.1:${port}`, dataDir, output: "" };
  procs.push(p);
  proc.stdout!.on("data", (d: Buffer) => (p.output += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (p.output += d.toString()));
  const up = async () =>
    ready
      ? ready.test(p.output)
      : fetch(`${p.base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
  for (let i = 0; i < 900; i++) {
    if (proc.exitCode !== null) throw new Error(`a process exited with ${proc.exitCode}: ${p.output}`);
    if (await up()) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`a process did not come up: ${p.output}`);
}

const stop = (p: Proc, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((resolve) => {
    if (p.proc.exitCode !== null || p.proc.signalCode !== null) return resolve();
    p.proc.once("exit", () => resolve());
    p.proc.kill(signal);
  });

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  adminUrl = inject("adminUrl");
  // Named after the suite's template, so the global teardown drops it even if this file crashes.
  dbName = `${inject("templateDb")}_jobs_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`); // empty: the first server migrates it
  await admin.end();
  url = withDatabase(adminUrl, dbName);
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 60_000);

afterAll(async () => {
  await db?.end();
  await Promise.all(procs.map((p) => stop(p)));
  await Promise.all(procs.map((p) => rm(p.dataDir, { recursive: true, force: true })));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}, 120_000);

describe("jobs across processes", () => {
  it("a web-only server (--no-jobs) queues the reports' rebuild; it waits, 'updating', until a worker runs it", async () => {
    const web = await start(["--no-jobs"]);
    const json = { "content-type": "application/json" };
    const reg = await fetch(`${web.base}/api/businesses/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        businessName: "Web Only Duka",
        businessType: "general",
        username: `jobs_owner_${randomBytes(3).toString("hex")}`,
        email: "jobs@example.com",
        phone: "0712345678",
        password: "jobspass1",
      }),
    });
    expect(reg.status).toBe(201);
    const { token, business } = (await reg.json()) as { token: string; business: { _id: string } };
    const call = (method: string, u: string, body?: unknown) =>
      fetch(`${web.base}${u}`, {
        method,
        headers: { ...json, authorization: `Bearer ${token}` },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const product = await call("POST", "/api/products", {
      businessId: business._id,
      name: "Sukari",
      sellingprice: 15000,
      quantity: 10,
    });
    const productId = ((await product.json()) as { _id: string })._id;
    const sale = await call("POST", "/api/sales", {
      businessId: business._id,
      products: [{ productId, quantity: 2 }],
      payments: [{ method: "Cash", amount: 30000 }],
    });
    expect(sale.status).toBe(201);
    const dashboard = async () =>
      (await (await call("GET", `/api/reports/dashboard?businessId=${business._id}`)).json()) as {
        updating: { done: number; total: number } | null;
        today: { sales: number; count: number };
      };
    // No process runs jobs: the read shows what the rollups have and says they are updating.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await dashboard()).toMatchObject({ updating: { done: 0, total: 1 }, today: { sales: 0, count: 0 } });

    const worker = await start(["--worker"], {}, SERVER, /Job worker running/);
    const settled = await until(
      "the worker's rebuild",
      async () => {
        const d = await dashboard();
        return d.updating === null && d;
      },
      60_000,
    );
    expect(settled.today).toMatchObject({ sales: 30000, count: 1 });
    await stop(worker);
    await stop(web);
    expect(worker.proc.exitCode).toBe(0);
  }, 180_000);

  it("two servers with one scheduled job (every minute) run it once per tick between them", async () => {
    const every = { SUBSCRIPTION_JOB_INTERVAL_MINUTES: "1" };
    const two = await Promise.all([start([], every), start([], every)]);
    // Two ticks (up to two minutes and the cron's 10-second look).
    const runs = await until(
      "two ticks of the billing job",
      async () => {
        const { rows } = await db.query<{ minute: string; n: number }>(
          `SELECT to_char(date_trunc('minute', created_on), 'HH24:MI') AS minute, count(*)::int AS n
           FROM pgboss.job WHERE name = $1 AND state = 'completed' GROUP BY 1 ORDER BY 1`,
          [BILLING_JOB],
        );
        return rows.length >= 2 && rows;
      },
      170_000,
    );
    expect(runs.every((r) => r.n === 1)).toBe(true);
    await Promise.all(two.map((p) => stop(p)));
  }, 200_000);

  it("a worker killed mid-job (SIGKILL): another runs the job again once its time limit passed", async () => {
    await db.query(
      "CREATE TABLE IF NOT EXISTS test_job_runs (pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())",
    );
    const first = await start([], { HANG: "1" }, SLOW_WORKER, /ready/);
    const sender = testJobs(url, { work: false }).define("test-slow", async () => undefined, {
      retries: 2,
      retryDelaySeconds: 0,
      backoff: false,
      expireInSeconds: 2,
    });
    await sender.start();
    const id = (await sender.send("test-slow"))!;
    await until("the first try to start", async () => (await db.query("SELECT 1 FROM test_job_runs")).rowCount, 30_000);
    await stop(first, "SIGKILL");
    const { rows: active } = await db.query("SELECT state FROM pgboss.job WHERE id = $1", [id]);
    expect(active[0].state).toBe("active"); // the dead worker's: nobody will finish it

    const second = await start([], {}, SLOW_WORKER, /ready/);
    const done = await until(
      "the retry",
      async () => {
        const { rows } = await db.query("SELECT state, retry_count, output FROM pgboss.job WHERE id = $1", [id]);
        return rows[0].state === "completed" && rows[0];
      },
      60_000,
    );
    expect(done.retry_count).toBeGreaterThanOrEqual(1);
    expect(done.output).toEqual({ pid: second.proc.pid });
    const { rows: tries } = await db.query<{ pid: number }>("SELECT pid FROM test_job_runs ORDER BY at");
    expect(tries.map((r) => r.pid)).toEqual([first.proc.pid, second.proc.pid]);
    await sender.stop();
    await stop(second);
  }, 120_000);
});
