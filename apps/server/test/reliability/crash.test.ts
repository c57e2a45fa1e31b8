import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The crash test: the real server process (embedded PostgreSQL on its own data dir) takes
 * sales from eight tills; it is killed with SIGKILL in the middle of the load and started
 * again on the same data dir, three times. Every sale that got a 201 must be there with its
 * stock movements, and a till retrying an unanswered request with its Idempotency-Key must
 * record it exactly once.
 */
const SERVER = path.resolve(import.meta.dirname, "../../src/main.ts");
const TILLS = 8;
const SALES_BEFORE_KILL = 40;

let dataDir: string;
let port: number;
let server: ChildProcess | null = null;
const base = () => `http://127.0.0.1:${port}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
}

async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
    LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
  };
  delete env.DATABASE_URL; // always its own embedded PostgreSQL: that is what must survive
  server = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${stderr}`);
    const ok = await fetch(`${base()}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not come up: ${stderr}`);
}

function killServer(): Promise<void> {
  const proc = server!;
  server = null;
  return new Promise((resolve) => {
    proc.once("exit", () => resolve());
    proc.kill("SIGKILL");
  });
}

let token = "";
let businessId = "";
const productIds: string[] = [];
const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base()}${url}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

type Attempt = { key: string; body: unknown; outcome: "created" | "refused" | "unanswered"; saleId?: string };

/** Eight tills selling until the server dies under them. */
async function sellUntilKilled(attempts: Attempt[]): Promise<void> {
  let created = 0;
  let killing: Promise<void> | null = null;
  const till = async () => {
    while (!killing || server) {
      const key = randomUUID();
      const quantity = 1 + (attempts.length % 3);
      // Every product costs 1 cent: the sale is paid with as many cents as units.
      const body = {
        businessId,
        products: [{ productId: productIds[attempts.length % productIds.length]!, quantity }],
        payments: [{ method: "Cash", amount: quantity }],
      };
      const attempt: Attempt = { key, body, outcome: "unanswered" };
      attempts.push(attempt);
      try {
        const res = await call("POST", "/api/sales", body, { "idempotency-key": key });
        const json = (await res.json()) as { _id?: string };
        if (res.status === 201) {
          attempt.outcome = "created";
          attempt.saleId = json._id;
          if (++created === SALES_BEFORE_KILL) killing = killServer();
        } else attempt.outcome = "refused";
      } catch {
        return; // the server is gone: this request stays unanswered
      }
      if (killing) return;
    }
  };
  await Promise.all(Array.from({ length: TILLS }, till));
  await killing;
}

async function allMovements(productId: string): Promise<{ delta: number; refId: string | null }[]> {
  const out: { delta: number; refId: string | null }[] = [];
  for (let page = 0; ; page++) {
    const res = await call("GET", `/api/products/${productId}/movements?page=${page}&pageSize=200`);
    const json = (await res.json()) as { items: { delta: number; refId: string | null }[]; total: number };
    out.push(...json.items);
    if (out.length >= json.total || !json.items.length) return out;
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "duka-crash-"));
  await chmod(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  port = await freePort();
  await startServer();
  const reg = await fetch(`${base()}/api/businesses/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      businessName: "Crash Test Duka",
      businessType: "general",
      username: "crash_owner",
      email: "crash@example.com",
      phone: "0712345678",
      password: "crashpass1",
    }),
  });
  const session = (await reg.json()) as { token: string; business: { _id: string } };
  token = session.token;
  businessId = session.business._id;
  for (const name of ["Unga", "Sukari", "Chai"]) {
    const res = await call("POST", "/api/products", { businessId, name, sellingprice: 1, quantity: 100_000 });
    productIds.push(((await res.json()) as { _id: string })._id);
  }
}, 120_000);

afterAll(async () => {
  // Stop cleanly (SIGTERM also stops its PostgreSQL), so nothing keeps running after the test.
  if (!server) await startServer().catch(() => undefined);
  const proc = server;
  if (proc) await new Promise<void>((resolve) => (proc.once("exit", () => resolve()), proc.kill("SIGTERM")));
  await rm(dataDir, { recursive: true, force: true });
}, 120_000);

describe("kill -9 under load, three times", () => {
  for (const round of [1, 2, 3]) {
    it(`round ${round}: every sale that got a 201 survives with its stock movements; retries record once`, async () => {
      if (!server) await startServer();
      const attempts: Attempt[] = [];
      await sellUntilKilled(attempts);
      expect(server).toBeNull();
      await startServer(); // on the same data dir, with the killed server's PostgreSQL still running

      const created = attempts.filter((a) => a.outcome === "created");
      expect(created.length).toBeGreaterThanOrEqual(SALES_BEFORE_KILL);
      for (const a of created) {
        const res = await call("GET", `/api/sales/${a.saleId}`);
        expect(res.status, `sale ${a.saleId} after the crash`).toBe(200);
      }
      // A till that never got its answer sends the same request again with the same key.
      const unanswered = attempts.filter((a) => a.outcome === "unanswered");
      for (const a of unanswered) {
        const res = await call("POST", "/api/sales", a.body, { "idempotency-key": a.key });
        expect(res.status).toBe(201);
        a.saleId = ((await res.json()) as { _id: string })._id;
        const again = await call("POST", "/api/sales", a.body, { "idempotency-key": a.key });
        expect(((await again.json()) as { _id: string })._id, "a second retry returns the same sale").toBe(a.saleId);
      }
      console.info(
        `crash round ${round}: ${created.length} sales answered 201 before the kill, ${unanswered.length} unanswered and retried`,
      );
      const saleIds = new Set([...created, ...unanswered].map((a) => a.saleId!));
      expect(saleIds.size).toBe(created.length + unanswered.length);

      for (const productId of productIds) {
        const product = (await (await call("GET", `/api/products/${productId}`)).json()) as { quantity: number };
        const movements = await allMovements(productId);
        expect(
          movements.reduce((n, m) => n + m.delta, 0),
          "the ledger sums to the quantity",
        ).toBe(product.quantity);
        for (const a of [...created, ...unanswered]) {
          const sold = (a.body as { products: { productId: string }[] }).products[0]!.productId;
          if (sold === productId)
            expect(
              movements.some((m) => m.refId === a.saleId),
              `movement of sale ${a.saleId}`,
            ).toBe(true);
        }
      }
    }, 180_000);
  }
});
