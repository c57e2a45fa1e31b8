import { createReadStream } from "node:fs";
import { copyFile, mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { MAX_IMAGE_BYTES } from "@app/shared/inventory/product";
import { AppError } from "./errors.ts";

/** Where uploaded files live: this disk (LocalFileStorage) or an S3-compatible bucket (S3FileStorage, s3-files.ts). */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Copies a stored file to a new key; fails when there is no such file. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

export const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

/** Files under one folder (DATA_DIR/uploads); keys are generated, never taken from users. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe file key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const to = this.pathOf(toKey);
    await mkdir(path.dirname(to), { recursive: true });
    await copyFile(this.pathOf(fromKey), to);
  }

  async get(key: string) {
    if (!SAFE_KEY.test(key)) return null;
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** Detects JPEG, PNG and WebP by their first bytes (the declared type is not trusted). */
export function sniffImageType(data: Buffer): { mime: "image/jpeg" | "image/png" | "image/webp"; ext: string } | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { mime: "image/jpeg", ext: "jpg" };
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: "image/png", ext: "png" };
  if (data.length >= 12 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WEBP")
    return { mime: "image/webp", ext: "webp" };
  return null;
}

export const MIME_BY_EXT: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/**
 * The one file of a multipart upload (field `image`) as bytes, at most MAX_IMAGE_BYTES (5 MB):
 * 400 naming `image` when the request is not multipart or holds no file; 413 FILE_TOO_LARGE for a
 * larger one, whichever way the limit shows: toBuffer() throws only when the limit falls inside a
 * piece it reads, but when a piece of the body ends exactly at the limit (a slow client) busboy
 * marks the file truncated without another byte and toBuffer() returns the first 5 MB. So the
 * file's `truncated` flag and the length are checked too: a file cut short is never returned.
 * `noun` names it in the messages ("image", or "photo" for a receipt). Its type is sniffed later.
 */
export async function readImageUpload(req: FastifyRequest, noun: "image" | "photo" = "image"): Promise<Buffer> {
  if (!req.isMultipart())
    throw new AppError("VALIDATION_ERROR", `Send the ${noun} as multipart/form-data`, { image: "Required" });
  const tooLarge = () =>
    new AppError("FILE_TOO_LARGE", `The ${noun} is larger than 5 MB`, { image: "Larger than 5 MB" });
  const part = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 }, throwFileSizeLimit: true });
  if (!part) throw new AppError("VALIDATION_ERROR", "Invalid input: image", { image: "Required" });
  const data = await part.toBuffer().catch((err: { code?: string }) => {
    if (err.code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw err;
  });
  if (part.file.truncated || data.length > MAX_IMAGE_BYTES) throw tooLarge();
  return data;
}
