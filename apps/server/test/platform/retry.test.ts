import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIdempotent } from "../../src/platform/idempotency.ts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { retryOnConflict, transact } from "../../src/platform/retry.ts";
import { createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";

// Issue 28, item 3: a deadlock (40P01) or serialisation failure (40001) is retried a bounded
// number of times, each attempt in a fresh transaction; still failing, it is a 409, never a 500.

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe("retryOnConflict", () => {
  it("runs again after a 40P01 (also wrapped as a cause) or a 40001, and returns the result", async () => {
    let calls = 0;
    const result = await retryOnConflict(async () => {
      calls++;
      if (calls === 1) throw pgError("40P01");
      if (calls === 2) throw new Error("Failed query", { cause: pgError("40001") });
      return "done";
    });
    expect(result).toBe("done");
    expect(calls).toBe(3);
  });

  it("gives up after the given number of attempts with a 409", async () => {
    let calls = 0;
    const failing = retryOnConflict(async () => {
      calls++;
      throw pgError("40P01");
    }, 3);
    await expect(failing).rejects.toMatchObject({ statusCode: 409 });
    expect(calls).toBe(3);
  });

  it("passes any other error through at once", async () => {
    let calls = 0;
    const failing = retryOnConflict(async () => {
      calls++;
      throw pgError("23505");
    });
    await expect(failing).rejects.toMatchObject({ code: "23505" });
    expect(calls).toBe(1);
  });
});

describe("runIdempotent with a deadlock in its first attempt", () => {
  let t: TestApp;
  let owner: Owner;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await registerBusiness(t.app);
  });
  afterAll(() => t.close());

  it("runs the work again in a fresh transaction: its key and its writes are there once", async () => {
    const key = randomBytes(12).toString("hex");
    const marker = `retry-${key}`;
    await t.database.pool.query("CREATE TABLE IF NOT EXISTS retry_probe (marker text NOT NULL)");
    let calls = 0;
    const result = await runIdempotent(
      t.database.db,
      { businessId: owner.businessId, key, scope: "probe" },
      async (tx) => {
        calls++;
        await tx.execute(`INSERT INTO retry_probe (marker) VALUES ('${marker}')`);
        if (calls === 1) throw new Error("Failed query", { cause: pgError("40P01") });
        return { ok: calls };
      },
    );
    expect(result).toEqual({ ok: 2 });
    const probe = await t.database.pool.query("SELECT count(*)::int AS n FROM retry_probe WHERE marker = $1", [marker]);
    expect(probe.rows[0].n).toBe(1);
    const keys = await t.database.pool.query("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1", [key]);
    expect(keys.rows[0].n).toBe(1);
    // The same key again is answered from the stored result, without running the work.
    const again = await runIdempotent(
      t.database.db,
      { businessId: owner.businessId, key, scope: "probe" },
      async () => {
        calls++;
        return { ok: calls };
      },
    );
    expect(again).toEqual({ ok: 2 });
  });
});

describe("transact with a real deadlock", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.pool.query("CREATE TABLE IF NOT EXISTS deadlock_probe (id int PRIMARY KEY, n int NOT NULL)");
    await t.database.pool.query("INSERT INTO deadlock_probe VALUES (1, 0), (2, 0) ON CONFLICT DO NOTHING");
  });
  afterAll(() => t.close());

  it("two transactions locking two rows in opposite orders both commit: PostgreSQL's victim runs again", async () => {
    // A bare db.transaction here rejected one of the two with 40P01 (the 500 of the routes).
    let arrived = 0;
    let attempts = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const run = (first: number, second: number) =>
      transact(t.database.db, async (tx) => {
        attempts++;
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
        if (++arrived === 2) release();
        await bothHoldOne;
        await tx.execute(sql`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${second}`);
      });
    const outcomes = await Promise.allSettled([run(1, 2), run(2, 1)]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(attempts).toBe(3);
    const { rows } = await t.database.pool.query("SELECT id, n FROM deadlock_probe ORDER BY id");
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});

/** Writes that move no money or stock (settings, names, sign-in), so a bare transaction is kept. */
const BARE_TRANSACTION_ALLOWED = new Set([
  "modules/businesses/support-access.service.ts",
  "modules/businesses/businesses.service.ts",
  "modules/hr/employees.service.ts",
  "modules/hr/pins.service.ts",
  "modules/hr/employee-self.service.ts",
  "modules/mpesa/stk.service.ts", // only adds the receipt number to a confirmed payment
  "modules/restaurant/sections.service.ts",
  "modules/restaurant/kitchen.service.ts",
  "modules/clinic/patients.service.ts",
  "modules/inventory/categories.service.ts",
  "modules/reports/rollups.ts", // a background job, not a request
  "modules/accounts/accounts.service.ts",
  "modules/subscriptions/plans.service.ts",
  "modules/subscriptions/billing-job.ts", // a background job, not a request
  "modules/subscriptions/subscriptions.service.ts",
  "platform/idempotency.ts",
  "platform/retry.ts",
]);

describe("money writes and retries", () => {
  it("no other server file runs a bare db.transaction: it goes through transact or runIdempotent", () => {
    const root = join(import.meta.dirname, "../../src");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".ts")) files.push(path.slice(root.length + 1));
      }
    };
    walk(root);
    const bare = files.filter(
      (f) => !BARE_TRANSACTION_ALLOWED.has(f) && /\bdb\s*\.transaction\(/.test(readFileSync(join(root, f), "utf8")),
    );
    expect(bare).toEqual([]);
  });
});
