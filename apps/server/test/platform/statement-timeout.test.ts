import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/client.ts";
import { MIGRATION_LOCK, runMigrations } from "../../src/db/migrate.ts";
import { client, createAnotherApp, createTestApp, registerBusiness, type TestApp } from "../factories/app.ts";

/**
 * Every query of the server's pool has a statement timeout (STATEMENT_TIMEOUT_MS, db/client.ts):
 * one that runs past it is cancelled, its request answered 503 (not 500), and its connection is
 * free again. Before, a query blocked on a lock held its connection until the lock went away, and
 * with the pool used up every request waited.
 */
const TIMEOUT_MS = 300;
let t: TestApp;
let slow: Database; // one connection, with the tiny timeout
let app: FastifyInstance;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = t.database.pool.options.connectionString!;
  slow = openDatabase(url, 1, TIMEOUT_MS);
  app = await createAnotherApp(t, {}, slow);
});
afterAll(async () => {
  await app?.close();
  await slow?.close();
  await t?.close();
});

describe("statement timeout", () => {
  it("a query cancelled by the timeout answers 503, and the pool's one connection serves the next request", async () => {
    const owner = await registerBusiness(app);
    const api = client(app, owner.token);
    expect((await api.get(`/api/products?businessId=${owner.businessId}`)).statusCode).toBe(200);

    // Another connection holds the products table, so the listing's query waits past the timeout.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
      const started = Date.now();
      const blocked = await api.get(`/api/products?businessId=${owner.businessId}`);
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual({
        error: {
          code: "DATABASE_UNAVAILABLE",
          message: "The database took too long to answer, so the request was stopped. Please try again shortly.",
        },
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    expect((await api.get(`/api/products?businessId=${owner.businessId}`)).statusCode).toBe(200);
    const direct = slow.pool.query("SELECT pg_sleep(5)");
    await expect(direct).rejects.toMatchObject({ code: "57014" });
    expect((await slow.pool.query<{ n: number }>("SELECT 1 AS n")).rows).toEqual([{ n: 1 }]);
  });

  it("migrations are exempt: waiting for another server's migration lock outlasts the timeout", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const release = setTimeout(
      () => void other.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]),
      3 * TIMEOUT_MS,
    );
    try {
      await runMigrations(slow.pool);
    } finally {
      clearTimeout(release);
      await other.end();
    }
    // And the connection went back to the pool with its own timeout.
    await expect(slow.pool.query("SELECT pg_sleep(5)")).rejects.toMatchObject({ code: "57014" });
  });
});
