import PgBoss from "pg-boss";
import pg from "pg";
import { currentRequestId } from "./request-context.ts";

/** The library's own tables live in this schema, beside ours (public); backups read public only. */
export const JOBS_SCHEMA = "pgboss";
/** Any fixed 64-bit number: the lock under which one process at a time sets up the queues and schedules. */
const SETUP_LOCK = 7_461_338_214;

export type JobLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  /** A logger whose every line carries these fields (pino's child); without it lines go out as they are. */
  child?(bindings: Record<string, unknown>): JobLog;
};

/** What a job's handler gets beside its data: its id, and a logger naming the job and the request that queued it. */
export type JobContext = { id: string; name: string; log: JobLog; reqId: string | null };

/**
 * The key in a job's stored data under which the queuing request's id travels (pg-boss has no
 * field of its own for it). Taken off before the handler sees the data; never shown anywhere.
 */
const QUEUED_BY = "__queuedBy";

export type JobDefinition = {
  /** Tries after the first failure (default 3); a job failed after its last try is on the dead-letter list. */
  retries?: number;
  /** Seconds before the first retry (default 30), doubled (with jitter) for each next one unless `backoff` is false. */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** A running job not finished after this long (a killed worker's) is failed, then retried (default 15 min). */
  expireInSeconds?: number;
  /**
   * "standard": any number queued and running. "short": per singleton key, at most one queued
   * (a burst of sends queues one job; one may run meanwhile). "singleton": one running at a time
   * across every server (the next waits). pg-boss's "stately" is left out on purpose: a queued job
   * whose key is running blocks the whole queue's fetch (pg-boss issue #535).
   */
  policy?: "standard" | "short" | "singleton";
  /** Jobs of this name one worker process runs at once (default 1). */
  concurrency?: number;
};

export type SendOptions = {
  /** With a "short" policy: sends with the same key while one is queued add nothing. */
  singletonKey?: string;
  /** The request that queues it (default: the one being handled, platform/request-context.ts). */
  reqId?: string | null;
  /** Run no sooner than this many seconds from now. */
  startAfterSeconds?: number;
};

export type FailedJob = {
  id: string;
  name: string;
  error: string;
  attempts: number;
  failedAt: string;
  /** Still in the queue's table, so `retry()` can run it again (an archived one cannot). */
  retryable: boolean;
};

type Watch = { name: string; everyMs: number; find: () => Promise<string[]>; onEach: (id: string) => void };

export type JobsOptions = {
  connectionString: string;
  log: JobLog;
  /** Run jobs and schedules here (false: a web-only server, which only sends). */
  work: boolean;
  /** How often an idle worker looks for jobs (seconds, at least 0.5; default 2). */
  pollSeconds?: number;
  /** How often expired jobs are failed and old ones archived (seconds; default 60). */
  maintenanceSeconds?: number;
  /** Connections of the library's own pool (default 4). */
  poolSize?: number;
};

let guarded = false;

/**
 * pg-boss 10 marks a finished job completed (or failed) without awaiting it (src/manager.js,
 * work()'s onFetch): when the database goes away just then (the supervised embedded PostgreSQL
 * restarting), that promise rejects with no handler, and Node ends the process. Such a rejection
 * is logged and ignored here: the job stays active until its time limit, then runs again (every
 * job is safe to run twice). Any other unhandled rejection still ends the process, as before.
 * main.ts calls this once; tests do not need it (they stop the runner before dropping a database).
 */
export function survivePgBossCompletionErrors(log: JobLog): void {
  if (guarded) return;
  guarded = true;
  process.on("unhandledRejection", (reason) => {
    if (reason instanceof Error && /[\\/]pg-boss[\\/]src[\\/]/.test(reason.stack ?? "")) {
      log.warn({ err: reason }, "the job runner could not record a job's end; it will run again after its time limit");
      return;
    }
    throw reason;
  });
}

type Entry = {
  handler: (data: object, job: JobContext) => Promise<unknown>;
  def: JobDefinition;
  cron?: { cron: string; tz: string };
};

/**
 * Durable jobs on the application's PostgreSQL (pg-boss): retries with backoff, schedules that
 * run once across servers, one-at-a-time jobs, a dead-letter list. Define jobs before start();
 * `every()` registers a scheduled job in one line. The library has a pool of its own, with no
 * statement timeout (its queries are short, but a request's limit is not a job's).
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly entries = new Map<string, Entry>();
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  private readonly watches: Watch[] = [];
  private stopWatches: (() => Promise<void>)[] = [];

  private log: JobLog;

  constructor(private readonly options: JobsOptions) {
    this.log = options.log;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: JOBS_SCHEMA,
      max: options.poolSize ?? 4,
      application_name: options.work ? "duka-jobs" : "duka-web",
      supervise: options.work,
      schedule: options.work,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      cronMonitorIntervalSeconds: 10,
      cronWorkerIntervalSeconds: 2,
      // Keep failed jobs readable on the dead-letter list for two weeks.
      archiveFailedAfterSeconds: 14 * 86_400,
      deleteAfterDays: 14,
    });
    this.boss.on("error", (err) => this.onError(err));
  }

  private readonly quietUntil = new Map<string, number>();

  /** Logs through this logger from now on (buildApp gives the app's pino logger: JSON lines, redaction). */
  useLog(log: JobLog): void {
    this.log = log;
  }

  /**
   * The library's errors, logged. A "singleton" queue's next job waits while one runs (or until
   * a dead worker's expires), and pg-boss says so at every poll as a unique violation: that is
   * logged once per queue per 10 minutes.
   */
  private onError(err: Error & { code?: string; queue?: string }): void {
    if (err.code === "23505" && err.queue) {
      if ((this.quietUntil.get(err.queue) ?? 0) > Date.now()) return;
      this.quietUntil.set(err.queue, Date.now() + 600_000);
      this.log.warn({ queue: err.queue }, "a one-at-a-time job waits for the run before it");
      return;
    }
    this.log.error({ err }, "job runner error");
  }

  /**
   * Registers a job; its handler throws to fail (and be retried). Before start(). The handler's
   * second argument has a logger whose lines name the job and the request that queued it (reqId).
   */
  define<T extends object>(
    name: string,
    handler: (data: T, job: JobContext) => Promise<unknown>,
    def: JobDefinition = {},
  ): this {
    if (this.started) throw new Error(`job ${name} defined after start`);
    this.entries.set(name, { handler: handler as Entry["handler"], def });
    return this;
  }

  /**
   * A scheduled job in one line: `jobs.every("backups-due", "0 * * * *", () => runDueBackup(new Date()))`.
   * Each tick of the cron (in `tz`) runs it once across every server; a run still going makes the
   * next tick wait for it (one at a time).
   */
  every(name: string, cron: string, handler: () => Promise<unknown>, def: JobDefinition = {}, tz = "Africa/Nairobi") {
    this.define(name, handler, { policy: "singleton", retries: 1, ...def });
    this.entries.get(name)!.cron = { cron, tz };
    return this;
  }

  /**
   * In a job-running process: every `everyMs`, asks the database what waits (`find`: one query
   * returning ids, e.g. the businesses with rows to send) and hands each id to `onEach`, typically
   * to send a job; the first look is at start. Why not LISTEN/NOTIFY: a transaction that notifies
   * holds one lock for the whole database through its commit, flush included, so every till's
   * sale committed one after another (migration 0044). A look that fails is logged and the next
   * tick looks again.
   */
  watch(name: string, everyMs: number, find: () => Promise<string[]>, onEach: (id: string) => void): this {
    this.watches.push({ name, everyMs, find, onEach });
    return this;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Servers starting together would create the same queues at once, which deadlocks inside
    // pg-boss: one process at a time sets them up (a session advisory lock on a connection of its own).
    await this.oneAtATime(async () => {
      for (const [name, { def }] of this.entries) {
        const queue = {
          name,
          policy: def.policy ?? "standard",
          retryLimit: def.retries ?? 3,
          retryDelay: def.retryDelaySeconds ?? 30,
          retryBackoff: def.backoff ?? true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await this.boss.createQueue(name, queue);
        await this.boss.updateQueue(name, queue); // settings changed since the queue was made
      }
    });
    if (!this.options.work) return;
    for (const [name, { handler, def }] of this.entries) {
      const ids: string[] = [];
      for (let i = 0; i < (def.concurrency ?? 1); i++)
        ids.push(
          await this.boss.work<object>(
            name,
            { batchSize: 1, pollingIntervalSeconds: this.options.pollSeconds ?? 2 },
            // Its answer is kept as the job's output (the billing run's counts, for one).
            async ([job]) => (job ? this.run(name, handler, job) : undefined),
          ),
        );
      this.workerIds.set(name, ids);
    }
    // A job defined without its schedule this time (SUBSCRIPTION_JOB_INTERVAL_MINUTES=0) stops ticking.
    await this.oneAtATime(async () => {
      for (const [name, { cron }] of this.entries)
        if (cron) await this.boss.schedule(name, cron.cron, {}, { tz: cron.tz });
        else await this.boss.unschedule(name);
    });
    const watching = this.watches.map((w) => this.startWatch(w));
    this.stopWatches = watching.map((w) => w.stop);
    await Promise.all(watching.map((w) => w.first));
  }

  /** Looks now and then every `everyMs` after each look ends (never two at once); returns its stop, and the first look. */
  private startWatch(w: Watch): { stop: () => Promise<void>; first: Promise<void> } {
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let looking: Promise<void> = Promise.resolve();
    const look = async () => {
      try {
        for (const id of await w.find()) w.onEach(id);
      } catch (err) {
        if (!stopped) this.log.warn({ err, watch: w.name }, "a job runner's look for waiting work failed");
      }
    };
    const tick = () => {
      timer = null;
      looking = look().finally(() => {
        if (!stopped) (timer = setTimeout(tick, w.everyMs)).unref();
      });
    };
    tick();
    const stop = async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await looking;
    };
    return { stop, first: looking };
  }

  /** One run of a job: its data without the request's id, a logger with both; a failure logged, then rethrown (retried). */
  private async run(name: string, handler: Entry["handler"], job: { id: string; data: object }): Promise<unknown> {
    const { [QUEUED_BY]: queuedBy, ...data } = (job.data ?? {}) as Record<string, unknown>;
    const reqId =
      typeof (queuedBy as { reqId?: unknown })?.reqId === "string" ? (queuedBy as { reqId: string }).reqId : null;
    const bindings = { job: name, jobId: job.id, ...(reqId ? { reqId } : {}) };
    const log = this.log.child?.(bindings) ?? this.log;
    try {
      return await handler(data, { id: job.id, name, log, reqId });
    } catch (err) {
      log.warn({ err }, "job failed");
      throw err;
    }
  }

  /** Runs `work` while this process holds the job runner's set-up lock (other processes wait). */
  private async oneAtATime(work: () => Promise<void>): Promise<void> {
    const lock = new pg.Client({ connectionString: this.options.connectionString });
    await lock.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK]);
      await work();
    } finally {
      await lock.end(); // ends the session, and its lock with it
    }
  }

  /** Queues a job (any server, --no-jobs ones too); null when a queued one with its singleton key already waits. */
  async send(name: string, data: object = {}, options: SendOptions = {}): Promise<string | null> {
    const reqId = options.reqId === undefined ? currentRequestId() : options.reqId;
    const id = await this.boss.send(name, reqId ? { ...data, [QUEUED_BY]: { reqId } } : data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
    // A worker of this process takes it now rather than at its next poll.
    if (id && !options.startAfterSeconds) for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
    return id;
  }

  /** Jobs of these names queued, waiting for a retry or running (every name: omit `names`). */
  async pending(names: string[] = [...this.entries.keys()]): Promise<number> {
    let n = 0;
    for (const name of names) n += await this.boss.getQueueSize(name, { before: "completed" });
    return n;
  }

  /** Waits until no job of these names is queued or running (tests; a retry waiting counts). */
  async drain(names?: string[], timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await this.pending(names)) > 0) {
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Jobs by name and state (created, retry, active, failed), for /metrics: the queue's depth and failures. */
  async counts(): Promise<{ name: string; state: string; n: number }[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, state::text AS state, count(*)::int AS n FROM ${JOBS_SCHEMA}.job
       WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`,
      [],
    );
    return rows as { name: string; state: string; n: number }[];
  }

  /** The dead-letter list: jobs failed after their last try, newest first, with their error message only. */
  async failed(limit = 100): Promise<FailedJob[]> {
    const sql = `
      SELECT id, name, output, retry_count, completed_on, true AS retryable FROM ${JOBS_SCHEMA}.job WHERE state = 'failed'
      UNION ALL
      SELECT id, name, output, retry_count, completed_on, false FROM ${JOBS_SCHEMA}.archive WHERE state = 'failed'
      ORDER BY completed_on DESC NULLS LAST LIMIT $1`;
    const { rows } = await this.boss.getDb().executeSql(sql, [limit]);
    type Row = {
      id: string;
      name: string;
      output: unknown;
      retry_count: number;
      completed_on: Date;
      retryable: boolean;
    };
    return rows.map((r: Row) => ({
      id: r.id,
      name: r.name,
      error: errorMessage(r.output),
      attempts: r.retry_count + 1,
      failedAt: new Date(r.completed_on).toISOString(),
      retryable: r.retryable,
    }));
  }

  /**
   * Runs a job of the dead-letter list once more (pg-boss's own retry: state "retry", one more try
   * allowed), noting the request that asked (the current one) as the one that queued it, so the
   * new run's log lines carry its id. False when no such failed job is in the queue's table.
   */
  async retry(id: string): Promise<boolean> {
    const reqId = currentRequestId();
    const { rows } = await this.boss.getDb().executeSql(
      `UPDATE ${JOBS_SCHEMA}.job
       SET state = 'retry', retry_limit = retry_limit + 1, start_after = now(),
           data = CASE WHEN $2::text IS NULL THEN data
                       ELSE jsonb_set(CASE WHEN jsonb_typeof(data) = 'object' THEN data ELSE '{}'::jsonb END,
                                      '{${QUEUED_BY}}', jsonb_build_object('reqId', $2::text)) END
       WHERE id = $1 AND state = 'failed' RETURNING name`,
      [id, reqId],
    );
    const name = (rows as { name: string }[])[0]?.name;
    if (!name) return false;
    for (const w of this.workerIds.get(name) ?? []) this.boss.notifyWorker(w);
    return true;
  }

  /** Graceful: takes no new job, waits (up to `timeoutMs`) for running ones, then closes its pool. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all(this.stopWatches.map((stop) => stop()));
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
  }
}

/**
 * The failure's message, cut short (the stored output may hold a stack, never shown whole), with
 * what could reach a person masked: e-mail addresses, phone numbers and other long digit runs
 * (ID, account and M-Pesa numbers), KRA PINs. Support reads it; a customer's number is not theirs.
 */
export function errorMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: unknown } | null;
  const text = typeof o?.message === "string" ? o.message : typeof o?.value === "string" ? o.value : "unknown error";
  return withoutPersonalData(text.slice(0, 500));
}

export function withoutPersonalData(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]")
    .replace(/\b[AP]\d{9}[A-Z]\b/g, "[KRA PIN]")
    .replace(/(?<![\w-])\+?\d(?: ?\d){6,}(?![\w-])/g, "[number]");
}
