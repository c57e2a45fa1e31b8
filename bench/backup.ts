// Benchmark: the nightly backup of a big shop, and what it costs the till meanwhile. The server
// runs as a shop runs it (`npm start` with no DATABASE_URL: its own embedded PostgreSQL, WAL
// archiving, nightly backups by the job runner inside the same process). Its database holds the
// reports' business (1,000,000 sale lines over two years, rollups built by the job) and its
// uploads folder a shop's files (product pictures and expense receipt photos). Each run: one till
// sells for a while (the quiet figure), then the nightly backup job is queued as its schedule
// would and the till sells until the backup is done; the ratio is sales/s during the backup over
// sales/s before it.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Jobs } from "../apps/server/src/platform/jobs.ts";
import { closedLoop } from "./lib/http-load.ts";
import { figure, percentile, type Figure } from "./lib/stats.ts";
import { registerOwner, startServerProcess, type ServerProcess } from "./lib/server.ts";
import { seedProducts } from "./lib/seed.ts";
import { seedSales } from "./reports.ts";

/** A shop's files: a picture of each of its 2,000 products, and two years of expense receipt photos. */
export const PRODUCT_PICTURES = { count: 2_000, bytes: 50 * 1024 };
export const RECEIPT_PHOTOS = { count: 730, bytes: 200 * 1024 };
/** How long the till sells before each backup (the quiet figure). */
const QUIET_SECONDS = 15;
/** Tills selling, one sale after the other (closed loop). */
export const BACKUP_TILLS = 1;

type Status = {
  lastAttempt: { at: string; ok: boolean; problem?: string } | null;
  lastSuccess: {
    at: string;
    name: string;
    bytes: number;
    durationMs: number;
    phasesMs?: { dump: number; uploads: number; check: number; base: number | null };
  } | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Bytes of every file under a folder. */
async function folderBytes(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) n += (await stat(path.join(e.parentPath, e.name))).size;
  return n;
}

async function readStatus(file: string): Promise<Status> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Status;
  } catch {
    return { lastAttempt: null, lastSuccess: null };
  }
}

/** Incompressible files (as JPEG photos are) in the uploads folder, laid out as the server keeps them. */
async function seedUploads(uploads: string, businessId: string): Promise<number> {
  let bytes = 0;
  for (const [folder, { count, bytes: size }] of [
    ["products", PRODUCT_PICTURES],
    ["expenses", RECEIPT_PHOTOS],
  ] as const) {
    const dir = path.join(uploads, folder, businessId);
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < count; i++) {
      await writeFile(path.join(dir, `${randomUUID()}.jpg`), randomBytes(size));
      bytes += size;
    }
  }
  return bytes;
}

const PRODUCTS = 2_000;
const dayIn = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(at);

/**
 * The reports' business (bench/reports.ts's seed: 2,000 products, `lines` sale lines over two
 * years, every day marked dirty), then one sale through the API, whose commit queues the reports'
 * rebuild job; resolves once /summary no longer says "updating" (every rollup built, as a shop's
 * would be at night).
 */
async function prepareBusiness(server: ServerProcess, pool: pg.Pool, lines: number, note: (l: string) => void) {
  const owner = await registerOwner(server.base, "Bench Backup Duka");
  await seedProducts(pool, owner.businessId, PRODUCTS, "1000000");
  let started = performance.now();
  await seedSales(pool, owner.businessId, lines);
  note(`seeded ${lines.toLocaleString("en")} sale lines in ${Math.round((performance.now() - started) / 1000)} s`);
  const headers = { authorization: `Bearer ${owner.token}` };
  const p = (
    await pool.query<{ id: string; selling_price: string }>(
      "SELECT id, selling_price FROM products WHERE business_id = $1 ORDER BY name LIMIT 1",
      [owner.businessId],
    )
  ).rows[0]!;
  const saleBody = JSON.stringify({
    businessId: owner.businessId,
    products: [{ productId: p.id, quantity: 1 }],
    payments: [{ method: "Cash", amount: Number(p.selling_price) }],
  });
  started = performance.now();
  const sale = await fetch(`${server.base}/api/sales`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: saleBody,
  });
  if (sale.status !== 201) throw new Error(`sale answered ${sale.status}: ${await sale.text()}`);
  const today = dayIn(new Date());
  const from = dayIn(new Date(Date.now() - 364 * 86_400_000));
  const url = `${server.base}/api/reports/summary?businessId=${owner.businessId}&from=${from}&to=${today}`;
  for (;;) {
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { updating?: unknown };
    if (res.status !== 200) throw new Error(`/summary answered ${res.status}: ${JSON.stringify(body)}`);
    if (!body.updating) break;
    if (performance.now() - started > 60 * 60_000) throw new Error("the reports were still updating after an hour");
    await sleep(1000);
  }
  note(`the reports' job rebuilt every day in ${Math.round((performance.now() - started) / 1000)} s`);
  return { owner, headers, saleBody };
}

export async function benchBackup(opts: {
  dataDir: string;
  lines: number;
  runs: number;
  log: (line: string) => void;
  note: (line: string) => void;
}): Promise<Figure[]> {
  const backupsDir = path.join(opts.dataDir, "backups");
  const statusFile = path.join(backupsDir, "status.json");
  // The hourly check only (not every 5 minutes): the runs below queue the check themselves.
  const server = await startServerProcess({
    databaseUrl: null,
    dataDir: opts.dataDir,
    env: { BACKUP_CHECK_INTERVAL_MINUTES: "60", LOG_LEVEL: "warn" },
  });
  const port = (await readFile(path.join(opts.dataDir, "pg", "postmaster.pid"), "utf8")).split("\n")[3]!.trim();
  const password = (await readFile(path.join(opts.dataDir, "pg-password"), "utf8")).trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const jobs = new Jobs({ connectionString: url, work: false, log: { info() {}, warn() {}, error() {} } });
  try {
    // A fresh installation's first backup runs 10 s after the start: let it finish first.
    const until = Date.now() + 120_000;
    while (!(await readStatus(statusFile)).lastAttempt && Date.now() < until) await sleep(250);
    await jobs.start();
    const biz = await prepareBusiness(server, pool, opts.lines, opts.note);
    opts.note("writing the shop's uploads");
    const uploadBytes = await seedUploads(path.join(opts.dataDir, "uploads"), biz.owner.businessId);
    await pool.query("CHECKPOINT");
    const dbBytes = Number((await pool.query("SELECT pg_database_size('app') AS n")).rows[0].n);
    const sale = {
      method: "POST" as const,
      path: "/api/sales",
      headers: biz.headers,
      body: biz.saleBody,
    };
    const durationMs: number[] = [];
    const dumpMs: number[] = [];
    const setBytes: number[] = [];
    const dumpBytes: number[] = [];
    const baseBytes: number[] = [];
    const quietRate: number[] = [];
    const duringRate: number[] = [];
    const ratio: number[] = [];
    const quietP99: number[] = [];
    const duringP99: number[] = [];
    const load: number[] = [];
    for (let run = 0; run < opts.runs; run++) {
      const quiet = await closedLoop({
        base: server.base,
        clients: BACKUP_TILLS,
        seconds: QUIET_SECONDS,
        next: () => sale,
      });
      // As the nightly schedule does: the last success is before the scheduled time, and the check job runs.
      await writeFile(statusFile, JSON.stringify({ lastAttempt: null, lastSuccess: null }));
      const loadBefore = os.loadavg()[0]!;
      await jobs.send("backups-due");
      const waitStart = Date.now() + 120_000;
      const started = async () =>
        (await readdir(backupsDir)).some((n) => n.endsWith(".partial")) || !!(await readStatus(statusFile)).lastAttempt;
      while (!(await started())) {
        if (Date.now() > waitStart) throw new Error("the backup job did not start within 2 minutes");
        await sleep(20);
      }
      let done = false;
      const watcher = (async () => {
        while (!(await readStatus(statusFile)).lastAttempt) await sleep(100);
        done = true;
      })();
      const during = await closedLoop({
        base: server.base,
        clients: BACKUP_TILLS,
        seconds: 3600,
        next: () => sale,
        until: () => done,
      });
      await watcher;
      const status = await readStatus(statusFile);
      if (!status.lastAttempt?.ok || !status.lastSuccess)
        throw new Error(`the backup failed: ${status.lastAttempt?.problem ?? "no status"}`);
      if (quiet.errors || during.errors)
        throw new Error(`sales failed: ${[...quiet.samples, ...during.samples].join("; ")}`);
      const manifest = JSON.parse(
        await readFile(path.join(backupsDir, status.lastSuccess.name, "manifest.json"), "utf8"),
      ) as { database: { bytes: number } };
      const bases = (await readdir(path.join(backupsDir, "base"))).sort();
      const q = quiet.ok / quiet.seconds;
      const d = during.ok / during.seconds;
      durationMs.push(status.lastSuccess.durationMs);
      dumpMs.push(status.lastSuccess.phasesMs?.dump ?? NaN);
      setBytes.push(status.lastSuccess.bytes);
      dumpBytes.push(manifest.database.bytes);
      baseBytes.push(await folderBytes(path.join(backupsDir, "base", bases.at(-1)!)));
      quietRate.push(q);
      duringRate.push(d);
      ratio.push(d / q);
      quietP99.push(percentile(quiet.latencies, 99));
      duringP99.push(percentile(during.latencies, 99));
      load.push((loadBefore + os.loadavg()[0]!) / 2);
      opts.note(
        `backup run ${run + 1}: ${Math.round(status.lastSuccess.durationMs / 1000)} s (${JSON.stringify(status.lastSuccess.phasesMs ?? {})} ms), ${Math.round(status.lastSuccess.bytes / 2 ** 20)} MiB; till ${q.toFixed(1)} sales/s quiet, ${d.toFixed(1)} during (ratio ${(d / q).toFixed(2)}); load ${load.at(-1)!.toFixed(1)}`,
      );
    }
    const b = `nightly backup (${opts.lines.toLocaleString("en")} sale lines, ${(PRODUCT_PICTURES.count + RECEIPT_PHOTOS.count).toLocaleString("en")} uploaded files)`;
    const mib = (v: number[]) => v.map((x) => x / 2 ** 20);
    const figures = [
      figure(b, "database on disk (pg_database_size)", mib([dbBytes]), "MiB"),
      figure(b, "uploads (product pictures and receipt photos)", mib([uploadBytes]), "MiB"),
      figure(
        b,
        "duration: dump, uploads copied, all read back and checked, base backup for point-in-time",
        durationMs.map((x) => x / 1000),
        "s",
        { text: "under 10 min (one night's window, with room)", test: (v) => v < 600 },
      ),
      figure(
        b,
        "of which the dump, under one snapshot of the database",
        dumpMs.map((x) => x / 1000),
        "s",
      ),
      figure(b, "size of the backup set (database dump + uploads)", mib(setBytes), "MiB"),
      figure(b, "of which the database dump (gzip)", mib(dumpBytes), "MiB"),
      figure(b, "base backup beside it (copy of the data dir, for point-in-time recovery)", mib(baseBytes), "MiB"),
      figure(b, `${BACKUP_TILLS} till: sales/s before the backup (quiet, ${QUIET_SECONDS} s)`, quietRate, "sales/s"),
      figure(b, `${BACKUP_TILLS} till: sales/s while the backup runs`, duringRate, "sales/s"),
      figure(b, `${BACKUP_TILLS} till: p99 quiet`, quietP99, "ms"),
      figure(b, `${BACKUP_TILLS} till: p99 while the backup runs`, duringP99, "ms"),
      figure(b, "checkout ratio: sales/s during the backup over quiet", ratio, "", {
        text: "at least 0.8",
        test: (v) => v >= 0.8,
      }),
      figure(b, "machine load average (1 min) around each backup (2 cores, shared)", load, ""),
    ];
    for (const f of figures) opts.log(`${f.bench}: ${f.name}: ${f.value} ${f.unit}`);
    return figures;
  } finally {
    await jobs.stop().catch(() => undefined);
    await pool.end();
    await server.stop();
  }
}
