import path from "node:path";
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config, FilesS3Config } from "../config.ts";
import { LocalFileStorage, MIME_BY_EXT, SAFE_KEY, type FileStorage } from "./files.ts";

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2...), for servers that share one store:
 * a picture uploaded through one server is served by every other. Same keys as on disk, under
 * FILES_S3_PREFIX.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  /** The settings it was opened with (a backup's own process opens the bucket again from them). */
  get config(): FilesS3Config {
    return this.settings;
  }

  constructor(private readonly settings: FilesS3Config) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      // A copy: the SDK marks the object it is given ($source), which would change our settings.
      ...(settings.credentials ? { credentials: { ...settings.credentials } } : {}),
    });
  }

  private objectKey(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe file key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: MIME_BY_EXT[key.split(".").pop() ?? ""] ?? "application/octet-stream",
      }),
    );
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    // Keys are [a-z0-9-/.] only (SAFE_KEY): nothing to escape in the copy source.
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(toKey),
        CopySource: `${this.settings.bucket}/${this.objectKey(fromKey)}`,
      }),
    );
  }

  async get(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error("The S3 client returned no stream");
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  /** Ends the client's connections (tests; a server keeps it for its life). */
  close(): void {
    this.client.destroy();
  }
}

/** The store the settings name: the bucket of FILES_S3_*, else DATA_DIR/uploads on this disk. */
export function openFileStorage(config: Pick<Config, "filesS3" | "dataDir">): FileStorage {
  return config.filesS3
    ? new S3FileStorage(config.filesS3)
    : new LocalFileStorage(path.join(config.dataDir, "uploads"));
}

/** Reads a whole stored file (backups and exports); null when there is none. */
export async function readStoredFile(files: FileStorage, key: string): Promise<Buffer | null> {
  const file = await files.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
