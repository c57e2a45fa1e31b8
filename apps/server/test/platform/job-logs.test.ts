import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, signInSupport, testJobs, type TestApp } from "../factories/app.ts";
import type { Jobs } from "../../src/platform/jobs.ts";
import { withoutPersonalData } from "../../src/platform/jobs.ts";
import { withRequestId } from "../../src/platform/request-context.ts";

/**
 * Job logs joined to requests: a job queued while a request is handled logs that request's id
 * (the app's pino logger, a child with job, jobId and reqId), and support's retry of a failed job
 * (POST /api/platform/jobs/failed/{id}/retry) is such a request. The app logs JSON lines here
 * as in production (logStream stands for standard output).
 */
const lines: string[] = [];
type Line = { msg?: string; reqId?: string; job?: string; jobId?: string; n?: number; req?: unknown };
const logged = (): Line[] => lines.flatMap((l) => l.split("\n").filter(Boolean)).map((l) => JSON.parse(l) as Line);
let t: TestApp;
const extra: Jobs[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { logLevel: "info", logStream: { write: (line: string) => void lines.push(line) } },
    { jobs: true },
  );
});
afterAll(async () => {
  for (const j of extra) await j.stop();
  await t.close();
});

/** A worker of this test's jobs, logging through the app's logger as buildApp has the app's own runner do. */
const runner = () => {
  const j = testJobs(t.url);
  j.useLog(t.app.log);
  extra.push(j);
  return j;
};

describe("job logs", () => {
  it("a job queued while a request is handled logs that request's id; one queued outside a request logs none", async () => {
    const seen: object[] = [];
    const jobs = runner().define<{ n: number }>("test-log-request", async (data, job) => {
      seen.push(data);
      job.log.info({ n: data.n }, "test job ran");
    });
    await jobs.start();
    const inRequest = (await withRequestId("req-abc-7", () => jobs.send("test-log-request", { n: 1 })))!;
    const outside = (await jobs.send("test-log-request", { n: 2 }))!;
    await jobs.drain(["test-log-request"]);
    const ran = logged().filter((l) => l.msg === "test job ran");
    expect(ran).toContainEqual(
      expect.objectContaining({ n: 1, reqId: "req-abc-7", job: "test-log-request", jobId: inRequest }),
    );
    const second = ran.find((l) => l.n === 2)!;
    expect(second).toMatchObject({ job: "test-log-request", jobId: outside });
    expect(second.reqId).toBeUndefined();
    // The request's id travels beside the data, never in it.
    expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
  });

  it("support retries a failed job: the new run logs the retry request's id, the list drops it, a second retry finds nothing", async () => {
    let runs = 0;
    const jobs = runner().define<{ n: number }>(
      "test-log-retry",
      async (data, job) => {
        runs++;
        job.log.info({ n: data.n }, "test job ran");
        if (runs === 1) throw new Error("the till printer 0712 345 678 is unplugged; told jane@example.com");
      },
      { retries: 0 },
    );
    await jobs.start();
    const id = (await jobs.send("test-log-retry", { n: 5 }))!;
    await jobs.drain(["test-log-retry"]);
    const support = await signInSupport(t.app, t.database);
    const api = client(t.app, support.token);
    const listed = (await api.get("/api/platform/jobs/failed")).json().jobs.find((j: { id: string }) => j.id === id);
    // The last error, without the phone number and e-mail address it held.
    expect(listed).toMatchObject({
      name: "test-log-retry",
      attempts: 1,
      retryable: true,
      error: "the till printer [number] is unplugged; told [email]",
    });

    const owner = await registerBusiness(t.app);
    expect((await client(t.app, owner.token).post(`/api/platform/jobs/failed/${id}/retry`, {})).statusCode).toBe(403);
    expect((await client(t.app).post(`/api/platform/jobs/failed/${id}/retry`, {})).statusCode).toBe(401);
    expect(runs).toBe(1);

    const retry = await t.app.inject({
      method: "POST",
      url: `/api/platform/jobs/failed/${id}/retry`,
      headers: { authorization: `Bearer ${support.token}`, "x-request-id": "support-retry-42" },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual({ retried: true });
    await jobs.drain(["test-log-retry"]);
    expect(runs).toBe(2);
    const ran = logged().filter((l) => l.msg === "test job ran" && l.jobId === id);
    expect(ran).toHaveLength(2);
    expect(ran[0]!.reqId).toBeUndefined();
    expect(ran[1]).toMatchObject({ reqId: "support-retry-42", job: "test-log-retry", n: 5 });
    // The request's own lines carry the same id: the two logs join up.
    expect(logged().some((l) => l.reqId === "support-retry-42" && l.msg === "failed job retried by support")).toBe(
      true,
    );

    expect((await api.get("/api/platform/jobs/failed")).json().jobs.map((j: { id: string }) => j.id)).not.toContain(id);
    const again = await api.post(`/api/platform/jobs/failed/${id}/retry`, {});
    expect(again.statusCode).toBe(404);
    expect((await api.post(`/api/platform/jobs/failed/not-an-id/retry`, {})).statusCode).toBe(400);
  });

  it("error messages on the list keep dates and codes but mask phones, e-mails, long numbers and KRA PINs", () => {
    expect(withoutPersonalData("rebuild of 2026-11-28 failed (SQLSTATE 40001)")).toBe(
      "rebuild of 2026-11-28 failed (SQLSTATE 40001)",
    );
    expect(withoutPersonalData("M-Pesa +254712345678 refused, PIN P051234567X, id 12345678")).toBe(
      "M-Pesa [number] refused, PIN [KRA PIN], id [number]",
    );
  });
});
