import { allFlags } from "@app/shared/accounts/auth";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp, type AppDeps } from "../../src/app.ts";
import { openDatabase, type Database } from "../../src/db/client.ts";
import { createSupportUser } from "../../src/modules/accounts/accounts.service.ts";
import { LocalFileStorage } from "../../src/platform/files.ts";
import type { RouteEntry } from "../../src/platform/access.ts";
import { createTokenService } from "../../src/platform/tokens.ts";
import { Jobs, type JobsOptions } from "../../src/platform/jobs.ts";
import { withDatabase } from "../global-setup.ts";

/** `uploads`: the folder the app stores uploaded files in; `url`: its database's connection string. */
export type TestApp = {
  app: FastifyInstance;
  database: Database;
  uploads: string;
  url: string;
  close: () => Promise<void>;
};

/**
 * A fresh database (a clone of the migrated template) and an app on it, for one test file.
 * `jobs`: with the job runner working in this process (the reports' rebuilds, scheduled jobs),
 * polling every half second; app.close() stops it.
 */
export async function createTestApp(
  config: Partial<AppDeps["config"]> = {},
  options: { jobs?: boolean | Partial<JobsOptions> } = {},
): Promise<TestApp> {
  const adminUrl = inject("adminUrl");
  // Named after the template, so the global teardown also drops copies a crashed file left behind.
  const name = `${inject("templateDb")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // PostgreSQL refuses two clones of one template at the same moment: take turns.
  await admin.query("SELECT pg_advisory_lock(4242)");
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDb")}`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock(4242)");
    await admin.end();
  }
  const database = openDatabase(withDatabase(adminUrl, name), 8);
  const uploads = await mkdtemp(path.join(os.tmpdir(), "duka-test-uploads-"));
  const jobs = options.jobs ? testJobs(withDatabase(adminUrl, name), options.jobs) : undefined;
  const app = await buildTestApp(database, uploads, config, jobs);
  return {
    app,
    database,
    uploads,
    url: withDatabase(adminUrl, name),
    close: async () => {
      await app.close();
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}

/**
 * Another app on a test app's database, as a second server process on one database would be
 * (the same settings unless `config` says otherwise; `database`: its own pool on that database);
 * the caller closes it before the test app.
 */
export function createAnotherApp(
  t: TestApp,
  config: Partial<AppDeps["config"]> = {},
  database: Database = t.database,
  jobs?: Jobs,
): Promise<FastifyInstance> {
  return buildTestApp(database, t.uploads, config, jobs);
}

/** A job runner on a test database: working here, quick to poll, silent unless a test listens. */
export function testJobs(connectionString: string, over: boolean | Partial<JobsOptions> = {}): Jobs {
  const quiet = () => undefined;
  return new Jobs({
    connectionString,
    work: true,
    pollSeconds: 0.5,
    poolSize: 3,
    log: { info: quiet, warn: quiet, error: quiet },
    ...(typeof over === "object" ? over : {}),
  });
}

async function buildTestApp(
  database: Database,
  uploads: string,
  config: Partial<AppDeps["config"]>,
  jobs?: Jobs,
): Promise<FastifyInstance> {
  const app = await buildApp({
    files: new LocalFileStorage(uploads),
    config: {
      logLevel: "silent",
      loginRateLimitPerMinute: 10,
      sessionIdleMs: 12 * 3600_000,
      webDistDir: "/nonexistent-web-dist",
      trustProxy: false,
      // The tests' fake printers listen on loopback, on any free port: an explicit opt-in that
      // a real installation never has (test/security/network-printers.test.ts runs without it).
      printing: { enabled: true, ports: [[1, 65535]], allowLoopback: true },
      // No test talks to KRA: eTIMS goes to a closed local port unless a test starts the fake.
      etims: { baseUrl: "http://127.0.0.1:9/etims-api", timeoutMs: 2_000 },
      ...config,
    },
    db: database.db,
    tokens: createTokenService(randomBytes(32).toString("hex")),
    ...(jobs ? { jobs } : {}),
  });
  await app.ready();
  return app;
}

let addressCounter = 1;
/** A distinct client address per sign-in, so the login rate limit only bites where a test wants it. */
export const nextAddress = () =>
  `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

type Json = Record<string, unknown>;
export type Res = LightMyRequestResponse & { body: string };

/** A small client for app.inject with an optional bearer token. */
export function client(app: FastifyInstance, token?: string) {
  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as Json } : {}),
    });
  return {
    get: (url: string, headers?: Record<string, string>) => call("GET", url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call("POST", url, body ?? {}, headers),
    put: (url: string, body?: unknown) => call("PUT", url, body ?? {}),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) => call("PATCH", url, body ?? {}, headers),
    del: (url: string) => call("DELETE", url),
  };
}

const unique = () => randomUUID().slice(0, 8);

export type Owner = {
  token: string;
  userId: string;
  username: string;
  password: string;
  businessId: string;
  businessName: string;
};

/** Registers a business and its owner through the API. */
export async function registerBusiness(
  app: FastifyInstance,
  over: Partial<{ businessName: string; businessType: string; username: string; email: string; password: string }> = {},
): Promise<Owner> {
  const id = unique();
  const body = {
    businessName: `Shop ${id}`,
    businessType: "general",
    username: `owner_${id}`,
    email: `owner_${id}@example.com`,
    phone: "0712345678",
    password: "secret123",
    ...over,
  };
  const res = await client(app).post("/api/businesses/register", body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return {
    token: json.token,
    userId: json.details._id,
    username: body.username,
    password: body.password,
    businessId: json.business._id,
    businessName: json.business.name,
  };
}

/** Adds a business to a signed-in owner. */
export async function addBusiness(
  app: FastifyInstance,
  owner: Owner,
  businessType = "general",
): Promise<{ businessId: string; businessName: string }> {
  const res = await client(app, owner.token).post("/api/businesses/register", {
    businessName: `Branch ${unique()}`,
    businessType,
  });
  if (res.statusCode !== 201) throw new Error(`add business failed: ${res.statusCode} ${res.body}`);
  return { businessId: res.json().business._id, businessName: res.json().business.name };
}

export const ALL_FLAGS = allFlags(true);

export type Staff = { token: string; employeeId: string; username: string; password: string; businessId: string };

/** The owner registers an employee, who then signs in. */
export async function registerEmployee(
  app: FastifyInstance,
  owner: Pick<Owner, "token">,
  businessId: string,
  over: Record<string, unknown> = {},
): Promise<Staff> {
  const username = `staff_${unique()}`;
  const body = { businessId, username, password: "staffpass1", occupation: "Cashier", ...over };
  const res = await client(app, owner.token).post("/api/employeesAuth/register", body);
  if (res.statusCode !== 201) throw new Error(`employee register failed: ${res.statusCode} ${res.body}`);
  const login = await employeeLogin(app, businessId, body.username as string, body.password as string);
  return {
    token: login.json().token,
    employeeId: res.json()._id,
    username: body.username as string,
    password: body.password as string,
    businessId,
  };
}

export function employeeLogin(app: FastifyInstance, businessId: string, username: string, password: string) {
  return client(app).post("/api/employeesAuth/login", { businessId, username, password });
}

/** A provider support user, signed in. */
export async function signInSupport(app: FastifyInstance, db: Database): Promise<{ token: string; username: string }> {
  const username = `support_${unique()}`;
  await createSupportUser(db.db, { username, password: "supportpass1" });
  const res = await client(app).post("/api/adminAuth/login", { username, password: "supportpass1" });
  return { token: res.json().token, username };
}

/** Row count of a table, for "nothing was written" checks. */
export async function countRows(db: Database, table: string): Promise<number> {
  const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}

/**
 * A fingerprint of every row of every table (sessions without last_seen_at, which reads
 * refresh), for "nothing was written" checks that cover tables added later too. Not rate_limits:
 * a refused request is still counted (platform/rate-limit-store.ts), which is no data written.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = await db.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    if (table_name === "rate_limits") continue;
    const row =
      table_name === "sessions" ? `(x.id, x.kind, x.user_id, x.business_id, x.created_at, x.revoked_at)` : "x";
    const { rows } = await db.pool.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(${row}::text, '|' ORDER BY ${row}::text)) AS h FROM "${table_name}" x`,
    );
    out[table_name] = `${rows[0]!.n} rows, ${rows[0]!.h}`;
  }
  return out;
}

/** Every table with a business_id column (the tenant tables), found from the schema. */
export async function tenantTables(db: Database): Promise<string[]> {
  const { rows } = await db.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'business_id' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** The businesses' ids and the id of every row they own, in every tenant table that has an id. */
export async function idsOwnedBy(db: Database, businessIds: string[]): Promise<string[]> {
  const ids = [...businessIds];
  for (const table of await tenantTables(db)) {
    const { rows: hasId } = await db.pool.query(
      // Only uuid ids: routes take no other (an internal serial, as the eTIMS outbox's, is never a route's id).
      `SELECT 1 FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'id' AND data_type = 'uuid'`,
      [table],
    );
    if (!hasId.length) continue;
    const { rows } = await db.pool.query<{ id: string }>(
      `SELECT id::text AS id FROM "${table}" WHERE business_id = ANY($1::uuid[])`,
      [businessIds],
    );
    ids.push(...rows.map((r) => r.id));
  }
  return [...new Set(ids)];
}

/** Of `ids`, the first that a record route's policy resolves to `businessId` (with it in every path param). */
export async function recordOf(
  db: Database,
  route: RouteEntry,
  ids: string[],
  businessId: string,
): Promise<string | undefined> {
  if (route.access.kind !== "record") return undefined;
  const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  for (const id of ids)
    if ((await route.access.resolve(db.db, Object.fromEntries(params.map((p) => [p, id])))) === businessId) return id;
  return undefined;
}
