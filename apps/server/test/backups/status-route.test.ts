import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "@app/shared/backups/rotation";
import { runBackup, type BackupSettings } from "../../src/db/backups/runner.ts";
import { client, createTestApp, registerBusiness, registerEmployee, type TestApp } from "../factories/app.ts";

/** GET /api/backups/status: what the owner sees in Settings and what makes the dashboard warn. */
let t: TestApp;
let off: TestApp;
let root: string;
let settings: BackupSettings & { walArchiving: boolean };
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "duka-backup-status-"));
  settings = {
    dir: path.join(root, "backups"),
    secondDir: path.join(root, "usb"),
    time: "02:00",
    timeZone: "Africa/Nairobi",
    retention: DEFAULT_RETENTION,
    uploadsDir: path.join(root, "uploads"),
    pgDir: null,
    walArchiving: false,
  };
  t = await createTestApp({ backups: settings });
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
  await rm(root, { recursive: true, force: true });
});

const status = (app: TestApp, token: string, businessId: string) =>
  client(app.app, token).get(`/api/backups/status?businessId=${businessId}`);

describe("GET /api/backups/status", () => {
  it("shows the owner of every business when the last backup ran, where, its size; warns when there is none", async () => {
    const owner = await registerBusiness(t.app);
    const before = await status(t, owner.token, owner.businessId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ enabled: true, lastSuccess: null, stale: true, kept: 0, time: "02:00" });

    await runBackup(t.database.pool, settings);
    const after = (await status(t, owner.token, owner.businessId)).json();
    expect(after.stale).toBe(false);
    expect(after.kept).toBe(1);
    expect(after.lastSuccess.bytes).toBeGreaterThan(0);
    expect(after.lastSuccess.places).toEqual([
      { kind: "main", path: settings.dir, ok: true, problem: null },
      { kind: "second", path: settings.secondDir, ok: false, problem: expect.stringContaining("not there") },
    ]);

    // Another owner's business on the installation: nobody sees the folders any more.
    const other = await registerBusiness(t.app);
    for (const who of [owner, other]) {
      const seen = (await status(t, who.token, who.businessId)).json();
      expect(seen.lastSuccess.places.map((p: { path: string | null }) => p.path)).toEqual([null, null]);
    }
    const cashier = await registerEmployee(t.app, owner, owner.businessId);
    expect((await status(t, cashier.token, owner.businessId)).statusCode).toBe(403);
    expect((await status(t, other.token, owner.businessId)).statusCode).toBe(403); // not their business
  });

  it("warns when the last success is more than 48 hours old, and says why the last attempt failed", async () => {
    const owner = await registerBusiness(t.app);
    const old = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await writeFile(
      path.join(settings.dir, "status.json"),
      JSON.stringify({
        lastSuccess: {
          at: old,
          name: "backup-x",
          bytes: 10,
          durationMs: 5,
          places: [{ place: settings.dir, ok: true }],
        },
        lastAttempt: { at: new Date().toISOString(), ok: false, problem: "the disk is full" },
      }),
    );
    const seen = (await status(t, owner.token, owner.businessId)).json();
    expect(seen).toMatchObject({ stale: true, lastAttempt: { ok: false, problem: "the disk is full" } });
  });

  it("says backups are off where the installation makes none", async () => {
    const owner = await registerBusiness(off.app);
    expect((await status(off, owner.token, owner.businessId)).json()).toMatchObject({ enabled: false, stale: false });
  });
});
