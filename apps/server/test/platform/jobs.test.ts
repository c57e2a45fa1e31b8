import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { backupDatabase, restoreDatabase } from "../../src/db/backup.ts";
import { everyMinutesCron, loadConfig } from "../../src/config.ts";
import { createTestApp, client, registerBusiness, signInSupport, testJobs, type TestApp } from "../factories/app.ts";
import type { Jobs } from "../../src/platform/jobs.ts";
import { BILLING_JOB, registerBillingJob } from "../../src/modules/subscriptions/subscriptions.public.ts";

/**
 * The job runner (platform/jobs.ts, pg-boss) on the test database: retries with backoff, the
 * dead-letter list and its support route, a runner that only sends (--no-jobs), the billing run
 * as a scheduled job. Several servers and killed workers: test/reliability/jobs.test.ts.
 */
let t: TestApp;
const extra: Jobs[] = [];
beforeAll(async () => {
  t = await createTestApp({ subscriptionJobCron: "*/15 * * * *" }, { jobs: true });
});
afterAll(async () => {
  for (const j of extra) await j.stop();
  await t.close();
});

const runner = (over: Parameters<typeof testJobs>[1] = {}) => {
  const j = testJobs(t.url, over);
  extra.push(j);
  return j;
};

const jobRow = async (id: string) =>
  (
    await t.database.pool.query<{ state: string; retry_count: number; output: Record<string, unknown> | null }>(
      "SELECT state, retry_count, output FROM pgboss.job WHERE id = $1",
      [id],
    )
  ).rows[0];

describe("job runner", () => {
  it("retries a job that fails twice, waiting longer before each try (backoff), then it succeeds", async () => {
    const tries: number[] = [];
    const jobs = runner().define(
      "test-flaky",
      async () => {
        tries.push(Date.now());
        if (tries.length <= 2) throw new Error(`try ${tries.length} failed`);
      },
      { retries: 3, retryDelaySeconds: 1, backoff: true },
    );
    await jobs.start();
    const id = (await jobs.send("test-flaky", { n: 1 }))!;
    await jobs.drain(["test-flaky"], 30_000);
    expect(tries).toHaveLength(3);
    // pg-boss's backoff: delay * 2^try / 2, plus as much again at random: 1-2 s, then 2-4 s.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(1_900);
    expect(await jobRow(id)).toMatchObject({ state: "completed", retry_count: 2 });
    expect(await jobs.failed()).not.toContainEqual(expect.objectContaining({ id }));
  });

  it("a job failed after its last try is on the dead-letter list: support reads it (no data), owners may not", async () => {
    const jobs = runner().define(
      "test-doomed",
      async () => {
        throw new Error("the printer is on fire");
      },
      { retries: 1, retryDelaySeconds: 0, backoff: false },
    );
    await jobs.start();
    const id = (await jobs.send("test-doomed", { customerPhone: "0712345678" }))!;
    await jobs.drain(["test-doomed"], 30_000);
    expect(await jobRow(id)).toMatchObject({ state: "failed", retry_count: 1 });

    const support = await signInSupport(t.app, t.database);
    const res = await client(t.app, support.token).get("/api/platform/jobs/failed");
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().jobs.find((j: { id: string }) => j.id === id);
    expect(listed).toMatchObject({ name: "test-doomed", error: "the printer is on fire", attempts: 2 });
    expect(Date.parse(listed.failedAt)).not.toBeNaN();
    expect(res.body).not.toContain("0712345678");

    const owner = await registerBusiness(t.app);
    expect((await client(t.app, owner.token).get("/api/platform/jobs/failed")).statusCode).toBe(403);
    expect((await client(t.app).get("/api/platform/jobs/failed")).statusCode).toBe(401);
  });

  it("a runner that does not work (--no-jobs) sends jobs but never runs them; a worker does", async () => {
    const ran: string[] = [];
    const web = runner({ work: false }).define("test-echo", async () => void ran.push("web"));
    await web.start();
    const id = (await web.send("test-echo", {}))!;
    await new Promise((r) => setTimeout(r, 2_000)); // four polls of a worker, had there been one
    expect(ran).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ state: "created" });
    expect(await web.pending(["test-echo"])).toBe(1);

    const worker = runner().define("test-echo", async () => void ran.push("worker"));
    await worker.start();
    await worker.drain(["test-echo"]);
    expect(ran).toEqual(["worker"]);
  });

  it("a short-policy job with a singleton key is queued once however often it is sent", async () => {
    const web = runner({ work: false }).define("test-once", async () => undefined, { policy: "short" });
    await web.start();
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => web.send("test-once", {}, { singletonKey: "b1" })));
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await web.send("test-once", {}, { singletonKey: "b2" })).toBeTruthy();
    expect(await web.pending(["test-once"])).toBe(2);
  });

  it("a worker's watch looks at start and every tick, hands each id found on, outlives a failing look, and only in a worker", async () => {
    let looks = 0;
    const seen: string[] = [];
    const find = async () => {
      looks++;
      if (looks === 2) throw new Error("the database went away for a moment");
      return [`b${looks}`];
    };
    const web = runner({ work: false }).watch("test-watch", 50, find, (id) => void seen.push(id));
    await web.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(looks).toBe(0);

    const worker = runner().watch("test-watch", 50, find, (id) => void seen.push(id));
    await worker.start();
    expect(seen).toEqual(["b1"]); // the first look is part of the start
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    expect(seen.slice(0, 3)).toEqual(["b1", "b3", "b4"]);
    await worker.stop();
    const after = looks;
    await new Promise((r) => setTimeout(r, 300));
    expect(looks).toBe(after);
  });

  it("no database function notifies: a notifying commit holds one lock for the whole database, so tills' commits went one at a time", async () => {
    const { rows } = await t.database.pool.query<{ proname: string }>(
      "SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prosrc ILIKE '%pg_notify%'",
    );
    expect(rows.map((r) => r.proname)).toEqual([]);
  });

  it("SUBSCRIPTION_JOB_INTERVAL_MINUTES becomes a cron on the clock; 0 schedules nothing", () => {
    expect(everyMinutesCron(15)).toBe("*/15 * * * *");
    expect(everyMinutesCron(0.5)).toBe("*/1 * * * *");
    expect(everyMinutesCron(120)).toBe("0 */2 * * *");
    expect(everyMinutesCron(1440)).toBe("0 */24 * * *");
    expect(everyMinutesCron(0)).toBeNull();
    expect(loadConfig({ SUBSCRIPTION_JOB_INTERVAL_MINUTES: "0", JOBS: "off" })).toMatchObject({
      subscriptionJobCron: null,
      runJobs: false,
    });
    expect(loadConfig({})).toMatchObject({ subscriptionJobCron: "*/15 * * * *", runJobs: true, jobsPollSeconds: 2 });
    expect(() => loadConfig({ JOBS: "maybe" })).toThrow(/JOBS/);
  });

  it("the renewal and lapse run is a scheduled job on the runner: scheduled, a run of it works, a runner without it unschedules it", async () => {
    const { rows } = await t.database.pool.query("SELECT cron, timezone FROM pgboss.schedule WHERE name = $1", [
      BILLING_JOB,
    ]);
    expect(rows).toEqual([{ cron: "*/15 * * * *", timezone: "Africa/Nairobi" }]);
    const id = (await t.app.jobs!.send(BILLING_JOB))!;
    await t.app.jobs!.drain([BILLING_JOB]);
    const row = await jobRow(id);
    expect(row?.state).toBe("completed");
    expect(row?.output).toMatchObject({ freeRenewed: 0, pastDue: 0, lapsed: 0 });

    // A runner started without the schedule (SUBSCRIPTION_JOB_INTERVAL_MINUTES=0) takes it away.
    const without = runner();
    registerBillingJob(without, t.app.billing, null);
    await without.start();
    const after = await t.database.pool.query("SELECT 1 FROM pgboss.schedule WHERE name = $1", [BILLING_JOB]);
    expect(after.rows).toEqual([]);
  });

  it("a backup holds schema public only, and a restore leaves the runner's queue (schema pgboss) as it was", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "duka-jobs-backup-"));
    try {
      const queued = await t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job");
      const file = path.join(dir, "backup.gz");
      await backupDatabase(t.database.pool, file);
      const text = gunzipSync(await readFile(file)).toString();
      expect(text).toContain("@@TABLE businesses ");
      expect(text).not.toMatch(/@@TABLE (pgboss\.)?(job|queue|schedule|archive|version) /);
      await restoreDatabase(t.database.pool, file);
      const after = await t.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job");
      expect(after.rows[0]!.n).toBeGreaterThanOrEqual(queued.rows[0]!.n);
      // The runner still works on the restored database.
      const id = (await t.app.jobs!.send(BILLING_JOB))!;
      await t.app.jobs!.drain([BILLING_JOB]);
      expect((await jobRow(id))?.state).toBe("completed");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
