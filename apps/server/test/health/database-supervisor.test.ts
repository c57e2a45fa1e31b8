import { describe, expect, it } from "vitest";
import { isConnectionError } from "../../src/db/connection-errors.ts";
import { explainStartFailure, LOW_DISK_BYTES } from "../../src/db/start-failure.ts";
import { retryDelay, superviseDatabase, type Postmaster, type SupervisorDeps } from "../../src/db/supervisor.ts";

/** A postmaster that lives until the test ends it. */
function fakePostmaster(pid: number) {
  let end!: (why: string) => void;
  const signals: string[] = [];
  const pm: Postmaster & { end: (why: string) => void; signals: string[] } = {
    pid,
    exited: new Promise<string>((resolve) => (end = resolve)),
    stop: async () => end("stopped"),
    kill: (signal) => {
      signals.push(signal);
      if (signal === "SIGKILL") end("was killed");
    },
    end: (why) => end(why),
    signals,
  };
  return pm;
}

/** Polls `check` until it holds; a generous deadline guards against a hang, it is not a timing assertion. */
async function eventually(check: () => boolean, deadlineMs = 5_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not reached before the deadline");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const fastTiming = { probeEveryMs: 10, firstRetryMs: 1, maxRetryMs: 4, killGraceMs: 10, attemptsBeforeFailed: 3 };

function deps(overrides: Partial<SupervisorDeps>): SupervisorDeps & { logs: string[] } {
  const logs: string[] = [];
  return {
    launch: async () => fakePostmaster(99),
    probe: async () => undefined,
    diagnose: async () => null,
    log: (m) => logs.push(m),
    timing: fastTiming,
    logs,
    ...overrides,
  };
}

describe("database supervisor", () => {
  it("restarts a postmaster that exits, says why, and is up again", async () => {
    const first = fakePostmaster(1);
    const second = fakePostmaster(2);
    let launched = 0;
    const d = deps({ launch: async () => (launched++, second) });
    const sup = superviseDatabase(first, d);
    expect(sup.state()).toEqual({ state: "up", restarts: 0 });

    first.end("was killed (SIGKILL)");
    await eventually(() => sup.state().restarts === 1);
    expect(sup.state().state).toBe("up");
    expect(launched).toBe(1);
    expect(d.logs[0]).toContain("PostgreSQL (pid 1) was killed (SIGKILL)");
    expect(d.logs[1]).toContain("PostgreSQL is back (pid 2)");
    await sup.stop();
  });

  it("says 'restarting' while it is down and retries with backoff until a start succeeds", async () => {
    const first = fakePostmaster(1);
    let attempts = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const d = deps({
      timing: { ...fastTiming, attemptsBeforeFailed: 10 },
      launch: async () => {
        if (++attempts < 3) throw new Error("the database system is starting up");
        await gate;
        return fakePostmaster(3);
      },
    });
    const sup = superviseDatabase(first, d);
    first.end("exited with code 1");
    await eventually(() => attempts === 3);
    expect(sup.state()).toMatchObject({ state: "restarting", restarts: 0 });
    expect(sup.state().since).toBeInstanceOf(Date);
    release();
    await eventually(() => sup.state().state === "up");
    expect(d.logs.filter((l) => l.includes("did not start"))).toHaveLength(2);
    await sup.stop();
  });

  it("turns 'failed' with the diagnosis a person can act on, and keeps trying", async () => {
    const first = fakePostmaster(1);
    let attempts = 0;
    let diskFull = true;
    const d = deps({
      launch: async () => {
        attempts++;
        if (diskFull) throw new Error("could not write lock file: No space left on device");
        return fakePostmaster(4);
      },
      diagnose: async () => (diskFull ? "The disk is full. Free some space." : null),
    });
    const sup = superviseDatabase(first, d);
    first.end("exited with code 1");
    await eventually(() => sup.state().state === "failed");
    expect(sup.state().message).toBe("The disk is full. Free some space.");
    expect(d.logs.some((l) => l.includes("did not start (attempt 1): could not write lock file: No space left"))).toBe(
      true,
    );
    const before = attempts;
    await eventually(() => attempts > before + 1);
    // The advice is logged once, not on every attempt.
    expect(d.logs.filter((l) => l.includes("cannot come back by itself: The disk is full"))).toHaveLength(1);
    diskFull = false; // the owner freed some space
    await eventually(() => sup.state().state === "up");
    await sup.stop();
  });

  it("an unknown start failure becomes 'failed' after a few attempts, with its error in the message", async () => {
    const first = fakePostmaster(1);
    const d = deps({ launch: async () => Promise.reject(new Error("weird")) });
    const sup = superviseDatabase(first, d);
    first.end("exited with code 1");
    await eventually(() => sup.state().state === "failed");
    expect(sup.state().message).toContain("weird");
    expect(
      d.logs.some((l) => l.includes("cannot come back by itself: The database could not be restarted (weird)")),
    ).toBe(true);
    await sup.stop();
  });

  it("stops a postmaster that no longer answers (SIGQUIT, then SIGKILL) and restarts it", async () => {
    const first = fakePostmaster(1);
    let answering = true;
    const d = deps({
      probe: async () => {
        if (!answering) throw new Error("timeout expired");
      },
      launch: async () => fakePostmaster(5),
    });
    const sup = superviseDatabase(first, d);
    answering = false;
    await eventually(() => first.signals.includes("SIGKILL"));
    expect(first.signals[0]).toBe("SIGQUIT");
    answering = true;
    await eventually(() => sup.state().restarts === 1);
    expect(d.logs.some((l) => l.includes("is not answering (timeout expired)"))).toBe(true);
    expect(d.logs.some((l) => l.includes("did not answer for about"))).toBe(true);
    await sup.stop();
  });

  it("does not restart what it was asked to stop", async () => {
    const first = fakePostmaster(1);
    let launched = 0;
    const sup = superviseDatabase(first, deps({ launch: async () => (launched++, fakePostmaster(6)) }));
    await sup.stop();
    await first.exited;
    await new Promise((r) => setTimeout(r, 30));
    expect(launched).toBe(0);
  });

  it("backs off by doubling, up to the maximum", () => {
    const t = { firstRetryMs: 250, maxRetryMs: 30_000 };
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelay(n, t))).toEqual([250, 500, 1000, 2000, 30_000, 30_000]);
  });
});

describe("start failures explained to a shop owner", () => {
  const base = { output: "", freeBytes: 10 * LOW_DISK_BYTES, pgDir: "/shop/data/pg", port: 5555 };
  it("a full disk, from PostgreSQL's words or the free space", () => {
    expect(
      explainStartFailure({
        ...base,
        output: 'FATAL: could not write to file "pg_wal/xlogtemp": No space left on device',
      }),
    ).toMatch(/disk holding the shop's data \(\/shop\/data\) is full/);
    expect(explainStartFailure({ ...base, freeBytes: 1024 })).toMatch(/is full/);
  });
  it("damaged files: keep them, restore the latest backup", () => {
    const text = explainStartFailure({ ...base, output: "PANIC:  could not locate a valid checkpoint record" });
    expect(text).toMatch(/look damaged/);
    expect(text).toMatch(/Do not delete them/);
    expect(text).toMatch(/npm run restore/);
  });
  it("files of another PostgreSQL version are not called damaged", () => {
    const output =
      "FATAL: database files are incompatible with server\nDETAIL: The data directory was initialized by PostgreSQL version 16, which is not compatible with this version 18.4.";
    expect(explainStartFailure({ ...base, output })).toMatch(/made by PostgreSQL 16.*npm run backup/);
  });
  it("a folder it may not use, and a port taken", () => {
    expect(
      explainStartFailure({ ...base, output: 'FATAL: could not open file "postmaster.pid": Permission denied' }),
    ).toMatch(/may not read or write/);
    expect(
      explainStartFailure({ ...base, output: 'LOG: could not bind IPv4 address "127.0.0.1": Address already in use' }),
    ).toMatch(/port \(5555\)/);
  });
  it("nothing it recognises: null, so the supervisor keeps retrying before it gives up", () => {
    expect(explainStartFailure({ ...base, output: "FATAL: the database system is starting up" })).toBeNull();
    expect(explainStartFailure({ ...base, freeBytes: null })).toBeNull();
  });
});

describe("connection errors (answered 503 DATABASE_UNAVAILABLE)", () => {
  it("recognises refused, dropped and timed-out connections, also wrapped", () => {
    expect(
      isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(
      true,
    );
    expect(
      isConnectionError(
        new Error("Failed query: select 1", { cause: Object.assign(new Error("x"), { code: "57P01" }) }),
      ),
    ).toBe(true);
    expect(isConnectionError(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
  });
  it("leaves other failures alone (they stay 500s or the area's own codes)", () => {
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error("protocol"), { code: "08P01" }))).toBe(false);
    expect(isConnectionError(new TypeError("x is undefined"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});
