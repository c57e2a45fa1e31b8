import { open, type FileHandle } from "node:fs/promises";
import { Writable } from "node:stream";

/** What a backup writes between two flushes to the disk. */
export const FLUSH_EVERY_BYTES = 4 * 1024 * 1024;

/** BACKUP_WRITE_MBPS (config.ts checks it at start): MiB a second a backup writes at most; 0, no limit. */
export const DEFAULT_WRITE_MBPS = 12;
export const writeRateOf = (env: NodeJS.ProcessEnv = process.env) =>
  Number(env.BACKUP_WRITE_MBPS ?? DEFAULT_WRITE_MBPS) * 1024 * 1024;

// The pace is kept for the whole process (a backup writes its files one after the other); a pause
// of a second starts a new count, so a write after a quiet hour does not go at any speed.
let paceFrom = 0;
let paced = 0;
let lastWrite = 0;
async function pace(bytes: number, bytesPerSecond: number): Promise<void> {
  if (!(bytesPerSecond > 0)) return;
  const now = performance.now();
  if (now - lastWrite > 1000) {
    paceFrom = now;
    paced = 0;
  }
  paced += bytes;
  lastWrite = now;
  const wait = paceFrom + (paced / bytesPerSecond) * 1000 - now;
  if (wait > 1) {
    await new Promise((r) => setTimeout(r, wait));
    lastWrite = performance.now();
  }
}

/**
 * A file written in steps, each flushed to the disk (fdatasync) before the next few megabytes:
 * a backup's gigabytes never pile up in the page cache to be written out at once. Left to the
 * kernel, that write-out fills the disk's queue, and every commit of a till (which waits for the
 * disk) waits behind it: on this machine a plain 3 GB copy took a database's commits from about
 * 450 to 160 a second. And paced (BACKUP_WRITE_MBPS, 12 MiB a second): with the base backup's
 * 880 MB written at that pace instead of about 49 MB a second, a till selling during the nightly
 * backup kept 120 sales a second instead of 107 (bench/RESULTS.md). Slower for the backup, which
 * nobody waits for.
 */
export function steadyWriteStream(
  file: string,
  mode = 0o600,
  flushEvery = FLUSH_EVERY_BYTES,
  bytesPerSecond = writeRateOf(),
): Writable {
  let handle: FileHandle | null = null;
  let unflushed = 0;
  const writeAll = async (chunk: Buffer) => {
    for (let at = 0; at < chunk.length;) at += (await handle!.write(chunk, at, chunk.length - at)).bytesWritten;
    unflushed += chunk.length;
    if (unflushed >= flushEvery) {
      unflushed = 0;
      await handle!.datasync();
    }
    await pace(chunk.length, bytesPerSecond);
  };
  return new Writable({
    construct(done) {
      open(file, "w", mode).then((h) => {
        handle = h;
        done();
      }, done);
    },
    write(chunk: Buffer, _encoding, done) {
      writeAll(chunk).then(() => done(), done);
    },
    final(done) {
      handle!.datasync().then(() => done(), done);
    },
    destroy(err, done) {
      const h = handle;
      handle = null;
      (h ? h.close() : Promise.resolve()).then(
        () => done(err),
        () => done(err),
      );
    },
  });
}
