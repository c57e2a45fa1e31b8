import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import type { FileStorage } from "../../platform/files.ts";
import { readStoredFile } from "../../platform/s3-files.ts";
import { referencedFileKeys } from "../file-keys.ts";

/**
 * The uploads of a backup when they live in an S3 bucket (FILES_S3_*), not in DATA_DIR/uploads:
 * every file a row refers to is fetched into the set (a bucket may hold other things, and listing
 * it is not the app's business), and a restore puts them back. Keys are unique and files never
 * change under a key, so what a row names is what the backup holds.
 */
export type StoredUpload = { path: string; bytes: number; sha256: string };

/** Every key the database's rows refer to (all businesses). */
export async function referencedKeys(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    return (await referencedFileKeys(client)).sort();
  } finally {
    client.release();
  }
}

/** Copies the referenced files from the store into `toDir`; a key the store lacks is left out (named in `missing`). */
export async function copyStoredUploads(
  pool: pg.Pool,
  files: FileStorage,
  toDir: string,
): Promise<{ uploads: StoredUpload[]; missing: string[] }> {
  const uploads: StoredUpload[] = [];
  const missing: string[] = [];
  for (const key of await referencedKeys(pool)) {
    const data = await readStoredFile(files, key);
    if (!data) {
      missing.push(key);
      continue;
    }
    const to = path.join(toDir, ...key.split("/"));
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, data, { mode: 0o600 });
    uploads.push({ path: key, bytes: data.length, sha256: createHash("sha256").update(data).digest("hex") });
  }
  return { uploads, missing };
}

/** Puts a set's uploads back into the store, each checked against the manifest first. */
export async function putStoredUploads(files: FileStorage, fromDir: string, uploads: StoredUpload[]): Promise<void> {
  for (const f of uploads) {
    const data = await readFile(path.join(fromDir, ...f.path.split("/")));
    if (createHash("sha256").update(data).digest("hex") !== f.sha256)
      throw new Error(`file ${f.path} of the backup has changed; nothing was restored`);
    await files.put(f.path, data);
  }
}
