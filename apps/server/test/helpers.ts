import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp, type AppDeps } from "../src/app.ts";
import { openDatabase, type Database } from "../src/db/client.ts";
import { createSupportUser } from "../src/modules/accounts/accounts.service.ts";
import { createTokenService } from "../src/platform/tokens.ts";
import { withDatabase } from "./global-setup.ts";

export type TestApp = { app: FastifyInstance; database: Database; close: () => Promise<void> };

/** A fresh database (a clone of the migrated template) and an app on it, for one test file. */
export async function createTestApp(config: Partial<AppDeps["config"]> = {}): Promise<TestApp> {
  const adminUrl = inject("adminUrl");
  const name = `duka_test_${randomBytes(6).toString("hex")}`;
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
  const app = await buildApp({
    config: { logLevel: "silent", loginRateLimitPerMinute: 10, sessionIdleMs: 12 * 3600_000, webDistDir: "/nonexistent-web-dist", trustProxy: false, ...config },
    db: database.db,
    tokens: createTokenService(randomBytes(32).toString("hex")),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

let addressCounter = 1;
/** A distinct client address per sign-in, so the login rate limit only bites where a test wants it. */
export const nextAddress = () => `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;

type Json = Record<string, unknown>;
export type Res = LightMyRequestResponse & { body: string };

/** A small client for app.inject with an optional bearer token. */
export function client(app: FastifyInstance, token?: string) {
  const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
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

export type Owner = { token: string; userId: string; username: string; password: string; businessId: string; businessName: string };

/** Registers a business and its owner through the API. */
export async function registerBusiness(app: FastifyInstance, over: Partial<{ businessName: string; businessType: string; username: string; email: string; password: string }> = {}): Promise<Owner> {
  const id = unique();
  const body = { businessName: `Shop ${id}`, businessType: "general", username: `owner_${id}`, email: `owner_${id}@example.com`, phone: "0712345678", password: "secret123", ...over };
  const res = await client(app).post("/api/businesses/register", body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { token: json.token, userId: json.details._id, username: body.username, password: body.password, businessId: json.business._id, businessName: json.business.name };
}

/** Adds a business to a signed-in owner. */
export async function addBusiness(app: FastifyInstance, owner: Owner, businessType = "general"): Promise<{ businessId: string; businessName: string }> {
  const res = await client(app, owner.token).post("/api/businesses/register", { businessName: `Branch ${unique()}`, businessType });
  if (res.statusCode !== 201) throw new Error(`add business failed: ${res.statusCode} ${res.body}`);
  return { businessId: res.json().business._id, businessName: res.json().business.name };
}

export const ALL_FLAGS = { handleStock: true, handleTransfer: true, reviewStock: true, viewPayroll: true, viewBooking: true, viewEmployee: true, viewSupplies: true, viewExpenses: true };

export type Staff = { token: string; employeeId: string; username: string; password: string; businessId: string };

/** The owner registers an employee, who then signs in. */
export async function registerEmployee(app: FastifyInstance, owner: Pick<Owner, "token">, businessId: string, over: Record<string, unknown> = {}): Promise<Staff> {
  const username = `staff_${unique()}`;
  const body = { businessId, username, password: "staffpass1", occupation: "Cashier", ...over };
  const res = await client(app, owner.token).post("/api/employeesAuth/register", body);
  if (res.statusCode !== 201) throw new Error(`employee register failed: ${res.statusCode} ${res.body}`);
  const login = await employeeLogin(app, businessId, body.username as string, body.password as string);
  return { token: login.json().token, employeeId: res.json()._id, username: body.username as string, password: body.password as string, businessId };
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
