import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIdempotent } from "../../src/platform/idempotency.ts";
import { retryOnConflict } from "../../src/platform/retry.ts";
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
