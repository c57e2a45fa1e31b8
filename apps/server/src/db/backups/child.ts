// The backup's own process (apart.ts starts it through nice(1)): takes one job over IPC, runs the
// backup on a small pool of its own whose PostgreSQL sessions it lowers to its priority, sends
// back the status and exits. Bundled as dist/backup-child.js (build.mjs).
import os from "node:os";
import pg from "pg";
import { S3FileStorage } from "../../platform/s3-files.ts";
import { reniceBackend, type ApartJob, type ApartMessage } from "./apart.ts";
import { runBackup } from "./runner.ts";

const send = (m: ApartMessage) => new Promise<void>((resolve) => process.send!(m, () => resolve()));

// The server that asked has gone: nobody holds the lock for this backup any more.
process.on("disconnect", () => process.exit(1));

process.once("message", async (job: ApartJob) => {
  let database: number | null = null;
  /** A session that lowers its PostgreSQL backend to this process's priority before its first query. */
  class LowPriorityClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, c?: pg.Client) => void): void;
    override connect(callback?: (err: Error | null, c?: pg.Client) => void): Promise<pg.Client> | void {
      const ready = super
        .connect()
        .then(() => super.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))
        .then(({ rows }) => {
          database = reniceBackend(rows[0]!.pid) ?? database;
          return this as pg.Client;
        });
      if (!callback) return ready;
      ready.then((c) => callback(null, c), callback);
    }
  }
  const pool = new pg.Pool({ ...job.connection, max: 2, Client: LowPriorityClient });
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  try {
    const status = await runBackup(
      pool,
      { ...job.settings, uploadsStore: job.s3 ? new S3FileStorage(job.s3) : null },
      new Date(job.at),
      (line) => void send({ kind: "log", line }),
    );
    await send({ kind: "done", status, nice: { process: os.getPriority(), database } });
  } finally {
    await pool.end().catch(() => undefined);
    process.disconnect();
  }
});
