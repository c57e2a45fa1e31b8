import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { now } from "../../src/platform/clock.ts";
import { databaseRateLimitStore, rateLimitKey } from "../../src/platform/rate-limit-store.ts";
import { createAnotherApp, createTestApp, type TestApp } from "../factories/app.ts";

/**
 * Rate limits are counted in the database (platform/rate-limit-store.ts), so two servers on one
 * database allow a limit's attempts once between them. Before, each process counted in its own
 * memory: attempts split over the two apps got twice the limit through (8 of 8 sign-ins by one
 * username, then 401 again where one app said 429; 40 sprayed usernames instead of 20).
 */
const PER_MINUTE = 4; // per address and username; per address, 5 times that
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimitPerMinute: PER_MINUTE });
  other = await createAnotherApp(t, { loginRateLimitPerMinute: PER_MINUTE });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const LIMITED = { error: { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." } };
const signIn = (app: FastifyInstance, remoteAddress: string, username: string) =>
  app.inject({
    method: "POST",
    url: "/api/adminAuth/login",
    remoteAddress,
    payload: { username, password: "wrongpass1" },
  });

describe("rate limits counted in the database, shared by every server", () => {
  it("sign-in attempts by one username split over two apps hit 429 at the same total as on one", async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const res = await signIn(i % 2 ? other : t.app, "192.0.2.10", "shared_victim");
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual(LIMITED);
    }
    expect(codes).toEqual([...Array<number>(PER_MINUTE).fill(401), 429, 429]);
  });

  it("one address spraying usernames over two apps is stopped at the per-address total", async () => {
    const codes: number[] = [];
    for (let i = 0; i < PER_MINUTE * 5 + 2; i++)
      codes.push((await signIn(i % 2 ? other : t.app, "192.0.2.11", `sprayed${i}`)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(PER_MINUTE * 5);
    expect(codes.slice(PER_MINUTE * 5)).toEqual([429, 429]);
    // Another address is not held back.
    expect((await signIn(other, "192.0.2.12", "sprayed0")).statusCode).toBe(401);
  });

  it("counts in one row per hashed key, starts again when the window ends, and sweeps ended windows", async () => {
    const ended = new Date(now().getTime() - 1000);
    await t.database.pool.query("INSERT INTO rate_limits (key, count, window_ends) VALUES ('old', 7, $1)", [ended]);
    const Store = databaseRateLimitStore(t.database.db);
    const store = new Store({}).child({ routeInfo: { method: "POST", url: "/api/test" } } as never);
    const incr = (key: string, timeWindow: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), timeWindow, 3),
      );
    const a = await Promise.all(Array.from({ length: 5 }, () => incr("a", 60_000)));
    expect(a.map((r) => r.current).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const r of a) expect(r.ttl).toBeGreaterThan(50_000);
    expect((await incr("b", 30)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect((await incr("b", 30)).current).toBe(1); // the window ended: counting starts again
    const counts = await t.database.pool.query<{ key: string; count: number }>(
      "SELECT key, count FROM rate_limits WHERE key = ANY($1)",
      [[rateLimitKey("POST /api/test|a"), rateLimitKey("POST /api/test|b")]],
    );
    expect(Object.fromEntries(counts.rows.map((r) => [r.key, r.count]))).toEqual({
      [rateLimitKey("POST /api/test|a")]: 5,
      [rateLimitKey("POST /api/test|b")]: 1,
    });
    // The first hit of a process swept the ended window away, in the background.
    await expect
      .poll(async () => (await t.database.pool.query("SELECT 1 FROM rate_limits WHERE key = 'old'")).rowCount)
      .toBe(0);
    // No client address or username is kept: every key is a hash.
    const plain = await t.database.pool.query("SELECT key FROM rate_limits WHERE key !~ '^[0-9a-f]{64}$'");
    expect(plain.rows).toEqual([]);
  });
});
