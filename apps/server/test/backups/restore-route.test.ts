import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "@app/shared/backups/rotation";
import { listBackupSets } from "../../src/db/backups/backup-set.ts";
import { runBackup, type BackupSettings } from "../../src/db/backups/runner.ts";
import { client, createTestApp, registerBusiness, signInSupport, type TestApp } from "../factories/app.ts";
import { newProduct } from "../factories/sales.ts";

/** Restore from Settings: only an owner of every business on the installation, after confirming. */
let t: TestApp;
let root: string;
let settings: BackupSettings & { walArchiving: boolean };
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "duka-restore-route-"));
  settings = {
    dir: path.join(root, "backups"),
    secondDir: null,
    time: "02:00",
    timeZone: "Africa/Nairobi",
    retention: DEFAULT_RETENTION,
    uploadsDir: "", // the test app's, below
    pgDir: null,
    walArchiving: false,
  };
  t = await createTestApp({ backups: settings });
  settings.uploadsDir = t.uploads;
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe("restore from Settings", () => {
  it("shows the owner of the whole installation what it replaces, asks for the word, restores, and ends every session", async () => {
    const owner = await registerBusiness(t.app);
    const kept = await newProduct(t.app, owner, owner.businessId, { name: "Kept unga" });
    await runBackup(t.database.pool, settings);
    const later = await newProduct(t.app, owner, owner.businessId, { name: "Later sukari" });
    const api = client(t.app, owner.token);

    const list = await api.get(`/api/backups?businessId=${owner.businessId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toHaveLength(1);
    const name = list.json()[0].name as string;
    const status = await api.get(`/api/backups/status?businessId=${owner.businessId}`);
    expect(status.json().mayRestore).toBe(true);

    const plan = await api.post("/api/backups/restore-plan", { businessId: owner.businessId, name });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().tables).toContainEqual({ name: "products", now: 2, backup: 1 });

    const unconfirmed = await api.post("/api/backups/restore", { businessId: owner.businessId, name, confirm: "yes" });
    expect(unconfirmed.statusCode).toBe(400);
    const unknown = await api.post("/api/backups/restore", {
      businessId: owner.businessId,
      name: "backup-2020-01-01T00-00-00-000Z",
      confirm: "RESTORE",
    });
    expect(unknown.statusCode).toBe(404);
    const sneaky = await api.post("/api/backups/restore-plan", { businessId: owner.businessId, name: "../etc" });
    expect(sneaky.statusCode).toBe(400);
    const { rows: before } = await t.database.pool.query("SELECT id FROM products WHERE id = $1", [later._id]);
    expect(before).toHaveLength(1); // nothing happened yet

    const done = await api.post("/api/backups/restore", { businessId: owner.businessId, name, confirm: "RESTORE" });
    expect(done.statusCode, done.body).toBe(200);
    const { rows } = await t.database.pool.query<{ id: string }>("SELECT id::text FROM products ORDER BY name");
    expect(rows.map((r) => r.id)).toEqual([kept._id]);
    expect((await api.get(`/api/backups?businessId=${owner.businessId}`)).statusCode).toBe(401); // signed out
  });

  it("is refused where another owner has a business on the installation, and to support", async () => {
    const owner = await registerBusiness(t.app);
    await registerBusiness(t.app);
    const api = client(t.app, owner.token);
    const list = await api.get(`/api/backups?businessId=${owner.businessId}`);
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toContain("npm run restore");
    const [entry] = await listBackupSets(settings.dir);
    const name = entry!.name;
    const refused = await api.post("/api/backups/restore", { businessId: owner.businessId, name, confirm: "RESTORE" });
    expect(refused.statusCode).toBe(403);
    expect((await api.get(`/api/backups/status?businessId=${owner.businessId}`)).json().mayRestore).toBe(false);
    const support = await signInSupport(t.app, t.database);
    const bySupport = await client(t.app, support.token).post("/api/backups/restore", {
      businessId: owner.businessId,
      name,
      confirm: "RESTORE",
    });
    expect(bySupport.statusCode).toBe(403);
  });
});
