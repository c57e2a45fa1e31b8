import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { finished } from "node:stream/promises";
import type pg from "pg";
import { backupDatabase, readDumpCounts } from "../backup.ts";
import type { FileStorage } from "../../platform/files.ts";
import { steadyWriteStream } from "../steady-write.ts";
import { copyStoredUploads } from "./stored-uploads.ts";

/**
 * A backup set: one folder per run holding the database dump (backup.ts's format), a byte-for-byte
 * copy of the uploads and a manifest (when, schema version, rows per table, every file's size and
 * sha256). It is written under a `.partial` name and renamed when complete, so a folder without
 * that suffix is always whole; `verifyBackupSet` reads it all back against the manifest.
 */
export const SET_FORMAT = "duka-pos-backup-set";
export const DATABASE_FILE = "database.duka.gz";
export const MANIFEST_FILE = "manifest.json";
const UPLOADS = "uploads";

export type FileEntry = { path: string; bytes: number; sha256: string };
/** Where the uploads are: DATA_DIR/uploads on this disk, or the S3 store (FILES_S3_*) of stored-uploads.ts. */
export type UploadsPlace = string | FileStorage;
export type Manifest = {
  format: typeof SET_FORMAT;
  version: 1;
  createdAt: string;
  migrations: number;
  tables: Record<string, number>;
  database: FileEntry;
  uploads: FileEntry[];
  /** Every file of the set together (dump + uploads + manifest excluded). */
  bytes: number;
};

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Folder name of a set made at `at`: sortable, and safe on every file system. */
export const setNameOf = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, "-")}`;
const SET_NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/;
/** The time a set's folder name says, or null for any other folder. */
export function timeOfSet(name: string): Date | null {
  const m = SET_NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

async function hashCopy(from: string, to: string | null): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const out = to ? steadyWriteStream(to) : null;
  try {
    for await (const chunk of createReadStream(from)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
      if (out && !out.write(chunk)) await once(out, "drain");
    }
    if (out) {
      out.end();
      await finished(out);
    }
  } catch (err) {
    out?.destroy();
    throw err;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Every file under `root`, as paths relative to it with "/" separators, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Writes a new set into `dir` and returns its folder and manifest (not yet verified). */
export async function writeBackupSet(
  pool: pg.Pool,
  uploadsFrom: UploadsPlace,
  dir: string,
  at = new Date(),
  log: (m: string) => void = () => {},
): Promise<{ folder: string; manifest: Manifest; dumpMs: number; uploadsMs: number }> {
  const folder = path.join(dir, setNameOf(at));
  const partial = `${folder}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, UPLOADS), { recursive: true, mode: 0o700 });
  try {
    let started = performance.now();
    const dump = await backupDatabase(pool, path.join(partial, DATABASE_FILE));
    const dumpMs = performance.now() - started;
    log(`backup: database dumped in ${seconds(dumpMs)} s (${dump.rows} rows, one snapshot)`);
    started = performance.now();
    const database = { path: DATABASE_FILE, ...(await hashCopy(path.join(partial, DATABASE_FILE), null)) };
    const uploads: FileEntry[] = [];
    if (typeof uploadsFrom === "string")
      for (const rel of await listFiles(uploadsFrom)) {
        const to = path.join(partial, UPLOADS, ...rel.split("/"));
        await mkdir(path.dirname(to), { recursive: true });
        uploads.push({ path: rel, ...(await hashCopy(path.join(uploadsFrom, ...rel.split("/")), to)) });
      }
    else uploads.push(...(await copyStoredUploads(pool, uploadsFrom, path.join(partial, UPLOADS))).uploads);
    const uploadsMs = performance.now() - started;
    log(`backup: ${uploads.length} uploaded files copied in ${seconds(uploadsMs)} s`);
    const manifest: Manifest = {
      format: SET_FORMAT,
      version: 1,
      createdAt: dump.createdAt,
      migrations: dump.migrations,
      tables: dump.counts,
      database,
      uploads,
      bytes: database.bytes + uploads.reduce((n, f) => n + f.bytes, 0),
    };
    await writeFile(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 1), { mode: 0o600 });
    await rename(partial, folder);
    return { folder, manifest, dumpMs, uploadsMs };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

export async function readManifest(folder: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), "utf8")) as Manifest;
  if (manifest.format !== SET_FORMAT || manifest.version !== 1)
    throw new Error(`${folder} is not a backup made by this app`);
  return manifest;
}

export type Verification = { ok: true; manifest: Manifest } | { ok: false; problem: string };

/**
 * Reads a set back: the manifest opens, the dump opens to its end and holds the manifest's rows
 * per table, and every file has the size and sha256 the manifest says (no file missing or extra).
 */
export async function verifyBackupSet(folder: string): Promise<Verification> {
  try {
    const manifest = await readManifest(folder);
    const db = await hashCopy(path.join(folder, DATABASE_FILE), null);
    if (db.sha256 !== manifest.database.sha256) return { ok: false, problem: "the database file has changed" };
    const dump = await readDumpCounts(path.join(folder, DATABASE_FILE));
    for (const name of new Set([...Object.keys(dump.counts), ...Object.keys(manifest.tables)]))
      if (dump.counts[name] !== manifest.tables[name])
        return {
          ok: false,
          problem: `table ${name} holds ${dump.counts[name] ?? 0} rows, not ${manifest.tables[name] ?? 0}`,
        };
    const present = await listFiles(path.join(folder, UPLOADS));
    const expected = manifest.uploads.map((f) => f.path).sort();
    if (present.join("\n") !== expected.join("\n"))
      return { ok: false, problem: "the uploaded files differ from the list" };
    for (const f of manifest.uploads) {
      const got = await hashCopy(path.join(folder, UPLOADS, ...f.path.split("/")), null);
      if (got.sha256 !== f.sha256 || got.bytes !== f.bytes) return { ok: false, problem: `file ${f.path} has changed` };
    }
    return { ok: true, manifest };
  } catch (err) {
    return { ok: false, problem: err instanceof Error ? err.message : String(err) };
  }
}

/** Copies a set (already verified) to another folder, under a `.partial` name until complete. */
export async function copyBackupSet(folder: string, toDir: string): Promise<string> {
  const target = path.join(toDir, path.basename(folder));
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  for (const rel of await listFiles(folder)) {
    const to = path.join(partial, ...rel.split("/"));
    await mkdir(path.dirname(to), { recursive: true });
    await hashCopy(path.join(folder, ...rel.split("/")), to);
  }
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
  return target;
}

/** The whole sets in `dir` (complete folders with a set's name), newest first. */
export async function listBackupSets(dir: string): Promise<{ name: string; folder: string; at: Date }[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const at = timeOfSet(e.name);
      return at ? [{ name: e.name, folder: path.join(dir, e.name), at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The uploads of a set, copied into a new folder (for a restore to swap in). */
export async function stageUploads(folder: string, manifest: Manifest, staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  for (const f of manifest.uploads) {
    const to = path.join(staging, ...f.path.split("/"));
    await mkdir(path.dirname(to), { recursive: true });
    const got = await hashCopy(path.join(folder, UPLOADS, ...f.path.split("/")), to);
    if (got.sha256 !== f.sha256) throw new Error(`file ${f.path} of the backup has changed; nothing was restored`);
  }
}
