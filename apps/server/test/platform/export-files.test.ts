import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessExportZip, readBusinessData } from "../../src/db/business-data/export.ts";
import { importBusiness } from "../../src/db/business-data/import.ts";
import { LocalFileStorage } from "../../src/platform/files.ts";
import { readStoredFile, S3FileStorage } from "../../src/platform/s3-files.ts";
import { createTestApp, type TestApp } from "../factories/app.ts";
import { businessFingerprint, seedBusiness } from "../factories/business-data.ts";
import { startTestS3, type TestS3 } from "../fakes/s3-server.ts";

/**
 * A business's export carries its uploads from either store: exported from a shop's disk,
 * imported into a hosted server's S3 bucket, exported from there and imported onto a disk again,
 * its rows and its picture come through unchanged.
 */
let shop: TestApp;
let hosted: TestApp;
let back: TestApp;
let s3: TestS3;
let bucket: S3FileStorage;
beforeAll(async () => {
  [shop, hosted, back, s3] = await Promise.all([createTestApp(), createTestApp(), createTestApp(), startTestS3()]);
  bucket = new S3FileStorage(s3.settings);
});
afterAll(async () => {
  bucket?.close();
  await Promise.all([shop?.close(), hosted?.close(), back?.close(), s3?.stop()]);
});

const zipOf = async (data: Awaited<ReturnType<typeof readBusinessData>>) => {
  const parts: Buffer[] = [];
  for await (const chunk of businessExportZip(data)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

describe("exports with uploads, on disk and in S3", () => {
  it("disk -> export -> S3 server -> export -> disk keeps every row and the picture", async () => {
    const owner = await seedBusiness(shop, { businessName: "Duka la Picha" });
    const key = owner.image.slice("/api/files/".length);
    const rows = await businessFingerprint(shop.database, owner.businessId, owner.userId);

    const fromDisk = await readBusinessData(shop.database.pool, owner.businessId, new LocalFileStorage(shop.uploads));
    await importBusiness(hosted.database.pool, await zipOf(fromDisk), bucket);
    expect(await readStoredFile(bucket, key)).toEqual(owner.picture);

    const fromS3 = await readBusinessData(hosted.database.pool, owner.businessId, bucket);
    expect(new Map(fromS3.entries).get(`uploads/${key}`)).toEqual(owner.picture);
    expect(fromS3.manifest.missingFiles).toEqual([]);
    const disk = new LocalFileStorage(back.uploads);
    await importBusiness(back.database.pool, await zipOf(fromS3), disk);
    expect(await readStoredFile(disk, key)).toEqual(owner.picture);
    expect(await businessFingerprint(back.database, owner.businessId, owner.userId)).toEqual(rows);
  });

  it("a file a row names but the store lost is listed in the manifest, and the export still completes", async () => {
    const owner = await seedBusiness(shop);
    const key = owner.image.slice("/api/files/".length);
    await new LocalFileStorage(shop.uploads).remove(key);
    const data = await readBusinessData(shop.database.pool, owner.businessId, new LocalFileStorage(shop.uploads));
    expect(data.manifest.missingFiles).toEqual([key]);
  });
});
