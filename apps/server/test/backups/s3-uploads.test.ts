import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "@app/shared/backups/rotation";
import { runBackupApart } from "../../src/db/backups/apart.ts";
import { verifyBackupSet, writeBackupSet } from "../../src/db/backups/backup-set.ts";
import { planRestore, restoreBackupSet } from "../../src/db/backups/restore-set.ts";
import type { BackupSettings } from "../../src/db/backups/runner.ts";
import { readStoredFile, S3FileStorage } from "../../src/platform/s3-files.ts";
import { createTestApp, type TestApp } from "../factories/app.ts";
import { seedBusiness } from "../factories/business-data.ts";
import { startTestS3, type TestS3 } from "../fakes/s3-server.ts";

/**
 * Uploads in an S3 bucket are in the backups too (issue 29 item 5: "in both modes"): a backup set
 * fetches every file a row refers to from the bucket, verifies it, and a restore puts it back byte
 * for byte, with the database.
 */
let t: TestApp;
let s3: TestS3;
let bucket: S3FileStorage;
let dir: string;
beforeAll(async () => {
  [t, s3] = await Promise.all([createTestApp(), startTestS3()]);
  bucket = new S3FileStorage(s3.settings);
  dir = await mkdtemp(path.join(os.tmpdir(), "duka-s3-backups-"));
});
afterAll(async () => {
  bucket?.close();
  await Promise.all([t?.close(), s3?.stop(), rm(dir, { recursive: true, force: true })]);
});

describe("backups with uploads in S3", () => {
  it("hold the bucket's files the rows refer to, and a restore puts them back with the database", async () => {
    const owner = await seedBusiness(t, { businessName: "Duka la Wingu" });
    const key = owner.image.slice("/api/files/".length);
    // A hosted server keeps its uploads in the bucket: the picture is there, not on this disk.
    const picture = await readFile(path.join(t.uploads, ...key.split("/")));
    await bucket.put(key, picture);

    const { folder, manifest } = await writeBackupSet(t.database.pool, bucket, dir);
    expect(manifest.uploads.map((f) => f.path)).toContain(key);
    const check = await verifyBackupSet(folder);
    expect(check.ok).toBe(true);

    // The picture is lost from the bucket and a product renamed: the restore brings back both.
    await bucket.remove(key);
    await t.database.pool.query("UPDATE products SET name = 'changed after the backup' WHERE business_id = $1", [
      owner.businessId,
    ]);
    const plan = await planRestore(t.database.pool, bucket, manifest);
    expect(plan.files.backup).toBe(manifest.uploads.length);
    const restored = await restoreBackupSet(t.database.pool, bucket, folder);
    expect(restored.files).toBe(manifest.uploads.length);
    expect((await readStoredFile(bucket, key))?.equals(picture)).toBe(true);
    const { rows } = await t.database.pool.query("SELECT count(*)::int AS n FROM products WHERE name = $1", [
      "changed after the backup",
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("a file changed inside the set is caught: nothing is put back", async () => {
    const owner = await seedBusiness(t, { businessName: "Duka la Pili" });
    const key = owner.image.slice("/api/files/".length);
    await bucket.put(key, await readFile(path.join(t.uploads, ...key.split("/"))));
    const { folder } = await writeBackupSet(t.database.pool, bucket, dir, new Date(Date.now() + 1000));
    await writeFile(path.join(folder, "uploads", ...key.split("/")), Buffer.from("not the picture"));
    await bucket.remove(key);
    await expect(restoreBackupSet(t.database.pool, bucket, folder)).rejects.toThrow(/damaged|changed/);
    expect(await readStoredFile(bucket, key)).toBeNull();
  });

  it("the nightly job's own process opens the bucket again from its settings and backs it up", async () => {
    const owner = await seedBusiness(t, { businessName: "Duka la Usiku" });
    const key = owner.image.slice("/api/files/".length);
    await bucket.put(key, await readFile(path.join(t.uploads, ...key.split("/"))));
    const settings: BackupSettings = {
      dir: path.join(dir, "nightly"),
      secondDir: null,
      time: "02:00",
      timeZone: "Africa/Nairobi",
      retention: DEFAULT_RETENTION,
      uploadsDir: path.join(dir, "not-used"),
      uploadsStore: bucket,
      pgDir: null,
    };
    const status = await runBackupApart(t.database.pool, settings);
    expect(status.lastAttempt).toMatchObject({ ok: true });
    const check = await verifyBackupSet(path.join(settings.dir, status.lastSuccess!.name));
    if (!check.ok) throw new Error(check.problem);
    expect(check.manifest.uploads.map((f) => f.path)).toContain(key);
  });
});
