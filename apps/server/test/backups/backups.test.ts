import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupsToKeep, DEFAULT_RETENTION } from "@app/shared/backups/rotation";
import { BACKUP_NICE, runBackupApart } from "../../src/db/backups/apart.ts";
import { listBackupSets, listFiles, verifyBackupSet } from "../../src/db/backups/backup-set.ts";
import { planRestore, restoreBackupSet } from "../../src/db/backups/restore-set.ts";
import {
  BACKUP_LOCK_KEY,
  readBackupStatus,
  runBackup,
  runDueBackup,
  type BackupSettings,
} from "../../src/db/backups/runner.ts";
import { createTestApp, registerBusiness, registerEmployee, type Owner, type TestApp } from "../factories/app.ts";
import { expectLedgerBalanced, newProduct, sell } from "../factories/sales.ts";

/**
 * Nightly backups (db/backups): a set written while 8 tills sell restores to a consistent state
 * holding every sale acknowledged before it began; a damaged set is caught by the verification;
 * rotation keeps the right sets in both folders; the uploads come back byte for byte.
 */
let t: TestApp;
let owner: Owner;
let root: string;
const settings = (over: Partial<BackupSettings> = {}): BackupSettings => ({
  dir: path.join(root, "backups"),
  secondDir: null,
  time: "02:00",
  timeZone: "Africa/Nairobi",
  retention: DEFAULT_RETENTION,
  uploadsDir: t.uploads,
  pgDir: null,
  ...over,
});
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app);
  root = await mkdtemp(path.join(os.tmpdir(), "duka-backups-"));
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

/** Files as uploads would be (nested keys), with random bytes. */
async function putUploads(names: string[]): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const name of names) {
    const data = randomBytes(1000 + Math.floor(Math.random() * 50_000));
    await mkdir(path.dirname(path.join(t.uploads, name)), { recursive: true });
    await writeFile(path.join(t.uploads, name), data);
    files[name] = data;
  }
  return files;
}

async function saleIds(): Promise<Set<string>> {
  const { rows } = await t.database.pool.query<{ id: string }>("SELECT id::text FROM sales WHERE business_id = $1", [
    owner.businessId,
  ]);
  return new Set(rows.map((r) => r.id));
}

describe("a backup while the shop sells", () => {
  it("restores every sale acknowledged before it began, none begun after it ended, and the uploads byte for byte", async () => {
    const product = await newProduct(t.app, owner, owner.businessId, { sellingprice: 5000, quantity: 100_000 });
    const tills = await Promise.all(
      Array.from({ length: 8 }, () => registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" })),
    );
    const uploadsAtBackup = await putUploads(["products/a/one.jpg", "products/b/two.png", "receipts/x/three.webp"]);
    type Acked = { id: string; startedAt: number; ackedAt: number };
    const acked: Acked[] = [];
    let stop = false;
    const till = async (who: (typeof tills)[number]) => {
      while (!stop) {
        const startedAt = performance.now();
        const res = await sell(t.app, who, owner.businessId, [{ productId: product._id, quantity: 1 }], 5000);
        expect(res.statusCode, res.body).toBe(201);
        acked.push({ id: res.json()._id, startedAt, ackedAt: performance.now() });
      }
    };
    const selling = Promise.all(tills.map(till));
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 20));
    const backupStarted = performance.now();
    // As the nightly job runs it: in a process of its own at the lowest priority.
    const lines: string[] = [];
    const status = await runBackupApart(t.database.pool, settings(), new Date(), (m) => lines.push(m));
    expect(lines).toContain(
      `backup: ran in a process of its own at nice ${BACKUP_NICE}, its database session at ${BACKUP_NICE}`,
    );
    const backupEnded = performance.now();
    while (acked.filter((a) => a.startedAt > backupEnded).length < 16) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await selling;
    expect(status.lastAttempt).toMatchObject({ ok: true });
    const [set] = await listBackupSets(settings().dir);
    expect(set!.name).toBe(status.lastSuccess!.name);

    // After the backup: uploads change (one replaced, one removed, one added).
    await writeFile(path.join(t.uploads, "products/a/one.jpg"), randomBytes(500));
    await rm(path.join(t.uploads, "products/b/two.png"));
    await putUploads(["products/c/later.jpg"]);

    const verified = await verifyBackupSet(set!.folder);
    if (!verified.ok) throw new Error(verified.problem);
    const plan = await planRestore(t.database.pool, t.uploads, verified.manifest);
    const salesRow = plan.tables.find((r) => r.name === "sales")!;
    expect(salesRow.now).toBe(acked.length);
    expect(salesRow.backup).toBeLessThan(acked.length);
    expect(plan.files).toEqual({ now: 3, backup: 3 });

    await restoreBackupSet(t.database.pool, t.uploads, set!.folder);
    const restored = await saleIds();
    const before = acked.filter((a) => a.ackedAt < backupStarted);
    const after = acked.filter((a) => a.startedAt > backupEnded);
    for (const a of before) expect(restored.has(a.id), `sale acknowledged before the backup: ${a.id}`).toBe(true);
    for (const a of after) expect(restored.has(a.id), `sale begun after the backup: ${a.id}`).toBe(false);
    // Consistent: nothing but acknowledged sales, the stock ledger sums to the quantity, and the
    // quantity is what those sales left.
    for (const id of restored) expect(acked.some((a) => a.id === id)).toBe(true);
    expect(restored.size).toBe(salesRow.backup);
    await expectLedgerBalanced(t.database, owner.businessId);
    const { rows } = await t.database.pool.query<{ q: number }>(
      "SELECT quantity::int AS q FROM products WHERE id = $1",
      [product._id],
    );
    expect(rows[0]!.q).toBe(100_000 - restored.size);
    // Every session ended with the restore: a till signs in again before it sells.
    const late = await sell(t.app, tills[0]!, owner.businessId, [{ productId: product._id, quantity: 1 }], 5000);
    expect(late.statusCode).toBe(401);

    expect(await listFiles(t.uploads)).toEqual(Object.keys(uploadsAtBackup).sort());
    for (const [name, data] of Object.entries(uploadsAtBackup))
      expect((await readFile(path.join(t.uploads, name))).equals(data), name).toBe(true);
  });
});

/**
 * The pids of this process's children whose command line holds `text` (Linux: /proc); not another
 * test run's, which may be backing up at the same moment.
 */
async function childrenRunning(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const [stat, cmdline] = await Promise.all(
      [`/proc/${name}/stat`, `/proc/${name}/cmdline`].map((f) => readFile(f, "utf8").catch(() => "")),
    );
    // stat: "pid (comm) state ppid ...", comm may hold spaces and parentheses.
    const ppid = Number(stat!.slice(stat!.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid === process.pid && cmdline!.includes(text)) pids.push(Number(name));
  }
  return pids;
}

describe("the backup's own process", () => {
  it("killed midway is a failure on record, and leaves no half-written set", async () => {
    const s = settings({ dir: path.join(root, "killed") });
    // The dump will wait at the sales table while this transaction holds it.
    const holder = await t.database.pool.connect();
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE sales IN ACCESS EXCLUSIVE MODE");
    const running = runBackupApart(t.database.pool, s, new Date("2026-11-27T23:00:00Z"));
    try {
      const waiting = async () =>
        (
          await t.database.pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'COPY%sales%'",
          )
        ).rows[0]!.n > 0;
      while (!(await waiting())) await new Promise((r) => setTimeout(r, 50));
      expect((await readdir(s.dir)).some((n) => n.endsWith(".partial"))).toBe(true);
      const children = await childrenRunning("db/backups/child.ts");
      expect(children).toHaveLength(1);
      for (const pid of children) process.kill(pid, "SIGKILL");
    } finally {
      await holder.query("ROLLBACK");
      holder.release();
    }
    const status = await running;
    expect(status.lastAttempt).toEqual({
      at: "2026-11-27T23:00:00.000Z",
      ok: false,
      problem: "the backup process stopped (SIGKILL) before it finished",
    });
    expect(await readBackupStatus(s)).toEqual(status);
    expect(await readdir(s.dir)).toEqual(["status.json"]);
  });
});

describe("verification", () => {
  it("catches a damaged database file or upload, and a restore of it changes nothing", async () => {
    const s = settings({ dir: path.join(root, "damaged") });
    await putUploads(["products/d/photo.jpg"]);
    const status = await runBackup(t.database.pool, s);
    const folder = path.join(s.dir, status.lastSuccess!.name);
    expect(await verifyBackupSet(folder)).toMatchObject({ ok: true });

    const dump = path.join(folder, "database.duka.gz");
    const good = await readFile(dump);
    const bad = Buffer.from(good);
    const middle = Math.floor(bad.length / 2);
    bad[middle] = bad[middle]! ^ 0xff;
    await writeFile(dump, bad);
    expect(await verifyBackupSet(folder)).toEqual({ ok: false, problem: "the database file has changed" });
    const salesBefore = await saleIds();
    await expect(restoreBackupSet(t.database.pool, t.uploads, folder)).rejects.toThrow(/damaged/);
    expect(await saleIds()).toEqual(salesBefore);

    // Cut short, with the manifest's hash made to match: the dump itself does not open to its end.
    const manifestFile = path.join(folder, "manifest.json");
    const manifestText = await readFile(manifestFile, "utf8");
    const cut = good.subarray(0, good.length - 100);
    const manifest = JSON.parse(manifestText);
    manifest.database.sha256 = createHash("sha256").update(cut).digest("hex");
    await writeFile(dump, cut);
    await writeFile(manifestFile, JSON.stringify(manifest));
    expect((await verifyBackupSet(folder)).ok).toBe(false);

    await writeFile(dump, good);
    await writeFile(manifestFile, manifestText);
    expect(await verifyBackupSet(folder)).toMatchObject({ ok: true });
    const photo = path.join(folder, "uploads", "products", "d", "photo.jpg");
    const bytes = await readFile(photo);
    bytes[0] = bytes[0]! ^ 1;
    await writeFile(photo, bytes);
    expect(await verifyBackupSet(folder)).toMatchObject({ ok: false });
  });
});

describe("the nightly schedule and rotation", () => {
  it(
    "keeps the newest of the last days, weeks and months in both folders, one run a night however often asked",
    { timeout: 180_000 },
    async () => {
      const s = settings({
        dir: path.join(root, "nightly"),
        secondDir: path.join(root, "usb"),
        retention: { daily: 3, weekly: 2, monthly: 3 },
      });
      await mkdir(s.secondDir!, { recursive: true });
      const nights: Date[] = [];
      // 40 nights from Sep 1 to Oct 10, asked twice a day: 02:00 Nairobi is 23:00 UTC the day before.
      for (let day = 0; day < 40; day++) {
        for (const hour of [0, 12]) {
          const now = new Date(Date.UTC(2026, 8, 1 + day, hour, 30));
          const did = await runDueBackup(t.database.pool, s, now);
          if (did === "ran") nights.push(now);
        }
      }
      expect(nights).toHaveLength(40); // the first ask of each day after 02:00 Nairobi, once
      const expected = backupsToKeep(nights, s.retention, s.timeZone).map((d) => d.toISOString());
      for (const dir of [s.dir, s.secondDir!]) {
        const kept = (await listBackupSets(dir)).map((x) => x.at.toISOString());
        expect(kept).toEqual(expected);
      }
      // 3 daily (Oct 8-10), the newest of the week before (Sun Oct 4), the newest of September.
      expect(expected).toEqual([
        "2026-10-10T00:30:00.000Z",
        "2026-10-09T00:30:00.000Z",
        "2026-10-08T00:30:00.000Z",
        "2026-10-04T00:30:00.000Z",
        "2026-09-30T00:30:00.000Z",
      ]);
      const status = await readBackupStatus(s);
      expect(status.lastSuccess!.places).toEqual([
        { place: s.dir, ok: true },
        { place: s.secondDir, ok: true },
      ]);
    },
  );

  it("waits while another process runs one; a missing second folder is reported, the backup still made", async () => {
    const s = settings({ dir: path.join(root, "twice"), secondDir: path.join(root, "unplugged") });
    const now = new Date();
    const other = await t.database.pool.connect();
    await other.query("SELECT pg_advisory_lock($1)", [BACKUP_LOCK_KEY]);
    try {
      expect(await runDueBackup(t.database.pool, s, now)).toBe("busy");
    } finally {
      await other.query("SELECT pg_advisory_unlock($1)", [BACKUP_LOCK_KEY]);
      other.release();
    }
    expect(await runDueBackup(t.database.pool, s, now)).toBe("ran");
    expect(await readdir(s.dir)).toHaveLength(2); // the set and status.json
    const status = await readBackupStatus(s);
    expect(status.lastSuccess!.places[1]).toMatchObject({ ok: false, problem: expect.stringContaining("not there") });
    expect(await runDueBackup(t.database.pool, s, now)).toBe("not-due");
  });
});
