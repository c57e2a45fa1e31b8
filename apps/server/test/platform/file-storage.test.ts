import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { LocalFileStorage, type FileStorage } from "../../src/platform/files.ts";
import { openFileStorage, readStoredFile, S3FileStorage } from "../../src/platform/s3-files.ts";
import { startTestS3, type TestS3 } from "../fakes/s3-server.ts";

/**
 * One contract for every FileStorage: the same tests run over the local disk and over an
 * S3-compatible server (s3rver, over HTTP with the AWS SDK), with and without a key prefix.
 */
let s3: TestS3;
let dir: string;
const opened: S3FileStorage[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
  dir = await mkdtemp(path.join(os.tmpdir(), "duka-files-contract-"));
});
afterAll(async () => {
  for (const s of opened) s.close();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const s3Storage = (prefix: string) => {
  const s = new S3FileStorage({ ...s3.settings, prefix });
  opened.push(s);
  return s;
};
const stores: [string, () => FileStorage][] = [
  ["local disk", () => new LocalFileStorage(dir)],
  ["S3", () => s3Storage("")],
  ["S3 under a prefix", () => s3Storage("duka/")],
];
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
const key = (ext = "png") => `products/${randomBytes(6).toString("hex")}/${randomBytes(8).toString("hex")}.${ext}`;

describe.each(stores)("FileStorage contract: %s", (_name, open) => {
  it("put then get returns the same bytes and their size", async () => {
    const files = open();
    const k = key();
    const data = png();
    await files.put(k, data);
    const got = await files.get(k);
    expect(got?.size).toBe(data.length);
    expect(await readStoredFile(files, k)).toEqual(data);
    got?.stream.destroy();
  });

  it("put over an existing key replaces the file", async () => {
    const files = open();
    const k = key();
    await files.put(k, Buffer.from("first"));
    await files.put(k, Buffer.from("second, longer"));
    expect((await readStoredFile(files, k))?.toString()).toBe("second, longer");
  });

  it("get of a key never stored is null", async () => {
    expect(await open().get(key())).toBeNull();
  });

  it("get of an unsafe key is null; put of one is refused", async () => {
    const files = open();
    expect(await files.get("../etc/passwd")).toBeNull();
    expect(await files.get("products/A.PNG")).toBeNull();
    await expect(files.put("../x.png", Buffer.from("x"))).rejects.toThrow(/Unsafe/);
  });

  it("copy makes an independent file; the source stays", async () => {
    const files = open();
    const [from, to] = [key(), key()];
    const data = png();
    await files.put(from, data);
    await files.copy(from, to);
    await files.remove(from);
    expect(await files.get(from)).toBeNull();
    expect(await readStoredFile(files, to)).toEqual(data);
  });

  it("copy of a missing file fails", async () => {
    await expect(open().copy(key(), key())).rejects.toThrow();
  });

  it("remove deletes; removing again or a never-stored key is no error", async () => {
    const files = open();
    const k = key("webp");
    await files.put(k, Buffer.from("RIFF....WEBP"));
    await files.remove(k);
    expect(await files.get(k)).toBeNull();
    await files.remove(k);
    await files.remove(key());
  });

  it("a file stored by one instance is read by another on the same store (another server)", async () => {
    const k = key();
    const data = png();
    await open().put(k, data);
    expect(await readStoredFile(open(), k)).toEqual(data);
  });
});

describe("S3FileStorage", () => {
  it("keys live under the prefix: a store without it does not see them", async () => {
    const k = key();
    await s3Storage("duka/").put(k, Buffer.from("x"));
    expect(await s3Storage("").get(k)).toBeNull();
    expect((await readStoredFile(s3Storage(""), `duka/${k}`))?.toString()).toBe("x");
  });

  it("FILES_S3_* choose the bucket; without FILES_S3_BUCKET the local disk stays the default", async () => {
    const local = loadConfig({ DATA_DIR: dir });
    expect(local.filesS3).toBeNull();
    expect(openFileStorage(local)).toBeInstanceOf(LocalFileStorage);
    const hosted = loadConfig({ DATA_DIR: dir, ...s3.env });
    expect(hosted.filesS3).toEqual(s3.settings);
    const store = openFileStorage(hosted);
    expect(store).toBeInstanceOf(S3FileStorage);
    const k = key();
    await store.put(k, Buffer.from("via settings"));
    expect((await readStoredFile(s3Storage(""), k))?.toString()).toBe("via settings");
    (store as S3FileStorage).close();
  });

  it("half the credentials, a bad endpoint or a bad prefix stop the server at start", () => {
    expect(() => loadConfig({ ...s3.env, FILES_S3_SECRET_ACCESS_KEY: undefined })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3.env, FILES_S3_ENDPOINT: "ftp://x" })).toThrow(/FILES_S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3.env, FILES_S3_PREFIX: "duka" })).toThrow(/FILES_S3_PREFIX/);
  });
});
