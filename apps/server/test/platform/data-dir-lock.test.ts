import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir } from "../../src/db/embedded.ts";

/** A process that lives for `ms`, standing in for a server that holds the data dir. */
function holder(ms: number): ChildProcess {
  return spawn(process.execPath, ["-e", `setTimeout(() => undefined, ${ms})`], { stdio: "ignore" });
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDirHeldBy(pid: number | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "duka-lock-"));
  dirs.push(dir);
  if (pid !== undefined) writeFileSync(path.join(dir, "server.pid"), String(pid));
  return dir;
}

describe("claiming the data dir (server.pid)", () => {
  it("waits for a server that is still stopping, saying so once, then claims it", async () => {
    const old = holder(1500);
    children.push(old);
    const dir = dataDirHeldBy(old.pid);
    const logs: string[] = [];
    const started = Date.now();
    const release = await claimDataDir(dir, (m) => logs.push(m), 20_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(old.exitCode).not.toBeNull();
    expect(logs).toEqual([expect.stringContaining(`pid ${old.pid}`)]);
    expect(readFileSync(path.join(dir, "server.pid"), "utf8")).toBe(String(process.pid));
    await release();
    expect(existsSync(path.join(dir, "server.pid"))).toBe(false);
  });

  it("gives up with a clear message when the other server keeps running", async () => {
    const other = holder(60_000);
    children.push(other);
    const dir = dataDirHeldBy(other.pid);
    await expect(claimDataDir(dir, () => undefined, 500)).rejects.toThrow(
      `Another server (pid ${other.pid}) is already using ${dir}`,
    );
    expect(readFileSync(path.join(dir, "server.pid"), "utf8")).toBe(String(other.pid));
  });

  it("claims at once a data dir whose server is gone (a crash) or that has none", async () => {
    const gone = holder(0);
    await new Promise((r) => gone.once("exit", r));
    for (const dir of [dataDirHeldBy(gone.pid), dataDirHeldBy(undefined)]) {
      const logs: string[] = [];
      const started = Date.now();
      const release = await claimDataDir(dir, (m) => logs.push(m), 20_000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(logs).toEqual([]);
      await release();
    }
  });
});
