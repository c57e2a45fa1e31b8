import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../../src/db/backup.ts";
import { readBusinessData } from "../../src/db/business-data/export.ts";
import { LocalFileStorage } from "../../src/platform/files.ts";
import { readStoredFile, S3FileStorage } from "../../src/platform/s3-files.ts";
import { createTestApp, databaseFingerprint, registerBusiness, type TestApp } from "../factories/app.ts";
import { expectStatus, newProduct, pngImage, uploadImage } from "../factories/inventory.ts";
import { startTestS3, type TestS3 } from "../fakes/s3-server.ts";

/**
 * Backups carry the uploaded files their rows refer to, from either store: a shop's disk backup
 * restores onto a hosted server's S3 bucket and back, with every table and every picture.
 */
let source: TestApp;
let target: TestApp;
let s3: TestS3;
let bucket: S3FileStorage;
let dir: string;
beforeAll(async () => {
  [source, target, s3] = await Promise.all([createTestApp(), createTestApp(), startTestS3()]);
  bucket = new S3FileStorage(s3.settings);
  dir = await mkdtemp(path.join(os.tmpdir(), "duka-backup-files-"));
});
afterAll(async () => {
  bucket?.close();
  await Promise.all([source?.close(), target?.close(), s3?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

describe("backups and exports with uploads, on disk and in S3", () => {
  it("disk -> backup -> S3 -> backup -> disk keeps every row and every picture", async () => {
    const owner = await registerBusiness(source.app);
    const product = await newProduct(source, owner, { name: "Pictured jiko" });
    const picture = pngImage(3, 5);
    const image: string = expectStatus(await uploadImage(source, owner.token, product._id, picture), 200).json().image;
    const key = image.slice("/api/files/".length);
    const before = await databaseFingerprint(source.database);

    const first = path.join(dir, "disk.duka.gz");
    const made = await backupDatabase(source.database.pool, first, new LocalFileStorage(source.uploads));
    expect(made).toMatchObject({ files: 1, missingFiles: [] });

    const restored = await restoreDatabase(target.database.pool, first, bucket);
    expect(restored.files).toBe(1);
    expect(await readStoredFile(bucket, key)).toEqual(picture);
    expect(await databaseFingerprint(target.database)).toEqual(before);
    // A business's export on the hosted server takes its picture from the bucket.
    const exported = await readBusinessData(target.database.pool, owner.businessId, bucket);
    expect(new Map(exported.entries).get(`uploads/${key}`)).toEqual(picture);
    expect(exported.manifest.missingFiles).toEqual([]);

    const second = path.join(dir, "s3.duka.gz");
    expect(await backupDatabase(target.database.pool, second, bucket)).toMatchObject({ files: 1 });
    const disk = new LocalFileStorage(path.join(dir, "restored-uploads"));
    await restoreDatabase(source.database.pool, second, disk);
    expect(await readStoredFile(disk, key)).toEqual(picture);
    expect(await databaseFingerprint(source.database)).toEqual(before);
  });

  it("a file a row names but the store lost is reported, and the backup still completes", async () => {
    const owner = await registerBusiness(source.app);
    const product = await newProduct(source, owner);
    const image: string = expectStatus(await uploadImage(source, owner.token, product._id, pngImage()), 200).json()
      .image;
    const key = image.slice("/api/files/".length);
    await new LocalFileStorage(source.uploads).remove(key);
    const made = await backupDatabase(
      source.database.pool,
      path.join(dir, "lost.duka.gz"),
      new LocalFileStorage(source.uploads),
    );
    expect(made.missingFiles).toContain(key);
  });
});
