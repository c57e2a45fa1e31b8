import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { openDatabase, type Database } from "../../src/db/client.ts";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded.ts";
import { runMigrations } from "../../src/db/migrate.ts";
import type { DatabaseState } from "../../src/db/supervisor.ts";
import { createTokenService } from "../../src/platform/tokens.ts";

/**
 * /api/health and the API while the database is down: its own embedded PostgreSQL (not the
 * suite's shared one), stopped under the app and brought back on the same port, as a
 * DATABASE_URL server that restarts would be. The supervisor's states are set by hand here;
 * test/reliability/db-supervisor.test.ts kills the real postmaster under load.
 */
let dataDir: string;
let pgServer: EmbeddedDatabase;
let port: number;
let database: Database;
let app: FastifyInstance;
let supervisorSays: DatabaseState | null = null;

const register = (n: number) =>
  app.inject({
    method: "POST",
    url: "/api/businesses/register",
    payload: {
      businessName: `Health Duka ${n}`,
      businessType: "general",
      username: `health_owner_${n}`,
      email: `health${n}@example.com`,
      phone: "0712345678",
      password: "healthpass1",
    },
  });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-health-"));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  pgServer = await startEmbeddedPostgres(dataDir, () => undefined);
  port = Number(new URL(pgServer.url).port);
  database = openDatabase(pgServer.url, 4);
  await runMigrations(database.pool);
  app = await buildApp({
    config: {
      logLevel: "silent",
      loginRateLimitPerMinute: 100,
      sessionIdleMs: 3600_000,
      webDistDir: "/nonexistent-web-dist",
      trustProxy: false,
    },
    db: database.db,
    tokens: createTokenService(randomBytes(32).toString("hex")),
    databaseState: () => supervisorSays ?? { state: "up", restarts: 0 },
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await pgServer?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe("health while the database is down", () => {
  it("is 200 with the old body while the database answers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("says 'degraded' with the supervisor's state and words while it restarts or cannot", async () => {
    const since = new Date("2026-01-02T03:04:05Z");
    supervisorSays = { state: "restarting", message: "being restarted", since, restarts: 2 };
    let res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: "degraded",
      database: { state: "restarting", message: "being restarted", since: since.toISOString(), restarts: 2 },
    });
    supervisorSays = { state: "failed", message: "The disk holding the shop's data is full.", since, restarts: 2 };
    res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json().database).toMatchObject({
      state: "failed",
      message: "The disk holding the shop's data is full.",
    });
    supervisorSays = null;
  });

  it("turns 'degraded' when the database stops: requests get 503 DATABASE_UNAVAILABLE, a transaction's client is dropped", async () => {
    expect((await register(1)).statusCode).toBe(201);
    // A client in the middle of a transaction when the server goes: its error must not crash the process.
    const inTransaction = await database.pool.connect();
    await inTransaction.query("BEGIN");

    await pgServer.stop();

    await expect(inTransaction.query("SELECT 1")).rejects.toThrow();
    inTransaction.release();
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: { state: "unreachable" } });
    expect(health.json().database.message).toMatch(/not answering.*reconnects by itself/);

    const sale = await register(2);
    expect(sale.statusCode).toBe(503);
    expect(sale.headers["retry-after"]).toBe("5");
    expect(sale.json()).toEqual({
      error: { code: "DATABASE_UNAVAILABLE", message: expect.stringMatching(/try again in a few seconds/) },
    });
    // Every client of the dead server has left the pool.
    expect(database.pool.totalCount).toBe(0);
  });

  it("the pool recovers by itself when the database is back on its address", async () => {
    pgServer = await startEmbeddedPostgres(dataDir, () => undefined, { port });
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect((await register(3)).statusCode).toBe(201);
    // The first business, committed before the database stopped, is still there.
    expect((await register(1)).statusCode).toBe(409);
  });
});
