import { chmod, copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prepareRecovery } from "../../src/db/backups/recover.ts";
import { makeBaseBackup, pruneWal } from "../../src/db/backups/wal.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded.ts";

/**
 * Point-in-time recovery on the embedded PostgreSQL: WAL archived by archive_command, a base
 * backup through pg_backup_start/pg_backup_stop, sales before and after a chosen moment, then a
 * fresh data dir recovered to that moment holds the first sales and none of the later ones.
 * The moment is read from the database's clock, the one its commit times use.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const stops: (() => Promise<void>)[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  dirs.push(dir);
  return dir;
}

async function open(db: EmbeddedDatabase) {
  stops.push(db.stop);
  const pool = new pg.Pool({ connectionString: db.url, max: 3 });
  stops.push(() => pool.end());
  return pool;
}

async function sell(pool: pg.Pool, batch: string, count: number) {
  for (let i = 1; i <= count; i++)
    await pool.query("INSERT INTO till_sales (batch, amount) VALUES ($1, $2)", [batch, i * 100]);
}

describe("point-in-time recovery", () => {
  it("recovers a base backup plus archived WAL to a chosen moment", { timeout: 120_000 }, async () => {
    const dataDir = await tempDir("duka-pitr-");
    const walDir = path.join(dataDir, "backups", "wal");
    const baseDir = path.join(dataDir, "backups", "base");
    const live = await startEmbeddedPostgres(dataDir, () => undefined, { walArchiveDir: walDir });
    const pool = await open(live);
    await pool.query("CREATE TABLE till_sales (id serial PRIMARY KEY, batch text NOT NULL, amount int NOT NULL)");
    await sell(pool, "before base backup", 5);
    const base = await makeBaseBackup(pool, path.join(dataDir, "pg"), baseDir, walDir);
    expect((await readdir(base)).sort()).toEqual(
      expect.arrayContaining(["backup_label", "base-backup.json", "PG_VERSION"]),
    );

    await sell(pool, "before the moment", 20);
    await sleep(1100);
    const { rows } = await pool.query<{ at: Date }>("SELECT clock_timestamp() AS at");
    const moment = rows[0]!.at;
    await sleep(1100);
    await sell(pool, "after the moment", 15);
    // The disk is "damaged" now: only what was archived counts. Close the segment and wait for it.
    const { rows: sw } = await pool.query<{ file: string }>("SELECT pg_walfile_name(pg_switch_wal()) AS file");
    const switched = sw[0]!.file;
    for (let i = 0; i < 100 && !(await readdir(walDir)).includes(`${switched}.gz`); i++) await sleep(200);
    expect(await readdir(walDir)).toContain(`${switched}.gz`);

    // Recover into a fresh folder, as on a new disk.
    const rescueDir = await tempDir("duka-pitr-rescue-");
    await copyFile(path.join(dataDir, "pg-password"), path.join(rescueDir, "pg-password"));
    const used = await prepareRecovery({ baseDir, walDir, into: path.join(rescueDir, "pg"), target: moment });
    expect(used.base).toBe(base);
    const recovered = await open(await startEmbeddedPostgres(rescueDir, () => undefined));
    const { rows: counts } = await recovered.query<{ batch: string; n: number }>(
      "SELECT batch, count(*)::int AS n FROM till_sales GROUP BY batch ORDER BY batch",
    );
    expect(counts).toEqual([
      { batch: "before base backup", n: 5 },
      { batch: "before the moment", n: 20 },
    ]);
    const { rows: state } = await recovered.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r");
    expect(state[0]!.r).toBe(false); // promoted: it takes sales again
    await recovered.query("INSERT INTO till_sales (batch, amount) VALUES ('after recovery', 1)");

    // A second base backup lets the WAL before it go.
    const oldest = (await readdir(walDir)).filter((f) => /^[0-9A-F]{24}\.gz$/.test(f)).sort()[0]!;
    await makeBaseBackup(pool, path.join(dataDir, "pg"), baseDir, walDir);
    await pruneWal(baseDir, walDir, 1);
    expect(await readdir(walDir)).not.toContain(oldest);
    expect(await readdir(baseDir)).not.toContain(path.basename(base));

    // Archiving that does not work (the WAL never reaches the folder): the base backup fails, it does not hang.
    const kept = await readdir(baseDir);
    await expect(
      makeBaseBackup(pool, path.join(dataDir, "pg"), baseDir, path.join(dataDir, "nowhere"), 3_000),
    ).rejects.toThrow(/WAL archiving is not working/);
    expect(await readdir(baseDir)).toEqual(kept);
  });
});
