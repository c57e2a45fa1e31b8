import { randomBytes } from "node:crypto";
import { mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { steadyWriteStream } from "../../src/db/steady-write.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "duka-steady-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a backup's steady writes", () => {
  it("write every byte, flushed to the disk each time the step is reached and at the end", async () => {
    const probe = await open(path.join(dir, "probe"), "w");
    const FileHandle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const flushes = vi.spyOn(FileHandle, "datasync");
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(data.length / 65_536) }, (_, i) =>
      data.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const file = path.join(dir, "copy");
    await pipeline(Readable.from(chunks), steadyWriteStream(file, 0o600, 1024 * 1024));
    expect((await readFile(file)).equals(data)).toBe(true);
    // One flush per full megabyte written (5), and the last one at the end.
    expect(flushes).toHaveBeenCalledTimes(6);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    flushes.mockRestore();
  });

  it("go no faster than the pace set (BACKUP_WRITE_MBPS), so the disk keeps room for the tills", async () => {
    const data = randomBytes(3 * 1024 * 1024);
    const chunks = Array.from({ length: 48 }, (_, i) => data.subarray(i * 65_536, (i + 1) * 65_536));
    // The pace counts the process's writes; after a second's pause it counts afresh.
    await new Promise((r) => setTimeout(r, 1_100));
    const started = performance.now();
    await pipeline(
      Readable.from(chunks),
      steadyWriteStream(path.join(dir, "paced"), 0o600, 1024 * 1024, 6 * 1024 * 1024),
    );
    // 3 MiB at 6 MiB a second: half a second at least (the pace's first chunk goes at once).
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect((await readFile(path.join(dir, "paced"))).equals(data)).toBe(true);
  });

  it("a file that cannot be opened fails the write", async () => {
    await expect(
      pipeline(Readable.from([Buffer.from("x")]), steadyWriteStream(path.join(dir, "missing", "file"))),
    ).rejects.toThrow(/ENOENT/);
  });
});
