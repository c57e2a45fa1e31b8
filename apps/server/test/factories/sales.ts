import { randomUUID } from "node:crypto";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Sale } from "@app/shared/sales/sale";
import type { Database } from "../../src/db/client.ts";
import { client, nextAddress, registerEmployee, type Owner, type Staff } from "./app.ts";

type Caller = { token: string };

/** A product with a price (cents) and opening stock, created through the API. */
export async function newProduct(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  over: Record<string, unknown> = {},
): Promise<{ _id: string; name: string; quantity: number }> {
  const name = `Product ${randomUUID().slice(0, 6)}`;
  const res = await client(app, who.token).post("/api/products", {
    businessId,
    name,
    sellingprice: 10000,
    wholesalePrice: 8000,
    buyingPrice: 6000,
    quantity: 50,
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`product failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A cash sale of these lines, paid exactly; returns the raw response. */
export function sell(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  /** Lines as the till sends them (a discount's `adjustment` and `reason` included, issue 31). */
  lines: ({ productId: string; quantity: number } & Record<string, unknown>)[],
  total: number,
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return client(app, who.token).post(
    "/api/sales",
    { businessId, products: lines, payments: [{ method: "Cash", amount: total }], ...over },
    headers,
  );
}

/** A sale that must succeed. */
export async function sold(...args: Parameters<typeof sell>): Promise<Sale> {
  const res = await sell(...args);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A credit sale (or wholesale order, base /api/orders) of `quantity` units, `down` paid in cash at checkout. */
export async function soldOnCredit(
  app: FastifyInstance,
  who: Caller,
  businessId: string,
  line: { productId: string; quantity: number; total: number },
  over: { down?: number; customerName?: string; customerPhone?: string; base?: "/api/sales" | "/api/orders" } = {},
): Promise<Sale> {
  const down = over.down ?? 0;
  const payments = [
    ...(down > 0 ? [{ method: "Cash", amount: down }] : []),
    { method: "Credit", amount: line.total - down },
  ];
  const res = await client(app, who.token).post(over.base ?? "/api/sales", {
    businessId,
    products: [{ productId: line.productId, quantity: line.quantity }],
    payments,
    customerName: over.customerName ?? "Wanjiku Kamau",
    customerPhone: over.customerPhone ?? "0722000111",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function quantityOf(app: FastifyInstance, who: Caller, productId: string): Promise<number> {
  const res = await client(app, who.token).get(`/api/products/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quantity;
}

/** For every product of a business: the sum of its ledger deltas equals its quantity. */
export async function expectLedgerBalanced(
  db: {
    pool: {
      query: (q: string, v: unknown[]) => Promise<{ rows: { id: string; quantity: number; moved: number | null }[] }>;
    };
  },
  businessId: string,
): Promise<void> {
  const { rows } = await db.pool.query(
    `SELECT p.id, p.quantity, (SELECT sum(delta)::int FROM stock_movements m WHERE m.business_id = p.business_id AND m.product_id = p.id) AS moved
     FROM products p WHERE p.business_id = $1`,
    [businessId],
  );
  for (const r of rows) expect(r.moved ?? 0, `ledger of ${r.id}`).toBe(r.quantity);
}

/** The ledger rows of a product, oldest first: reason, delta and the sale they point at. */
export async function ledgerOf(
  db: Database,
  productId: string,
): Promise<{ reason: string; delta: number; refType: string | null; refId: string | null }[]> {
  const { rows } = await db.pool.query(
    `SELECT reason, delta, ref_type AS "refType", ref_id::text AS "refId" FROM stock_movements WHERE product_id = $1 ORDER BY created_at, seq`,
    [productId],
  );
  return rows.map((r) => ({ ...r, delta: Number(r.delta) }));
}

/** Rows of a table for one business (or matching an extra condition). */
export async function rowsOf(
  db: Database,
  table: string,
  businessId: string,
  where = "TRUE",
  params: unknown[] = [],
): Promise<number> {
  const { rows } = await db.pool.query(
    `SELECT count(*)::int AS n FROM "${table}" WHERE business_id = $1 AND (${where})`,
    [businessId, ...params],
  );
  return rows[0].n;
}

/**
 * A client like `client` whose every method takes headers (Idempotency-Key on PUT and DELETE
 * too), and `send` for any method.
 */
export function api(app: FastifyInstance, token?: string) {
  const send = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      remoteAddress: nextAddress(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
  return {
    send,
    get: (url: string, headers?: Record<string, string>) => send("GET", url, undefined, headers),
    post: (url: string, body: unknown = {}, headers?: Record<string, string>) => send("POST", url, body, headers),
    put: (url: string, body: unknown = {}, headers?: Record<string, string>) => send("PUT", url, body, headers),
    del: (url: string, headers?: Record<string, string>) => send("DELETE", url, undefined, headers),
  };
}

/** The usual staff of a shop: a Cashier, a Manager and a Stock Handler of the owner's business. */
export async function shopStaff(
  app: FastifyInstance,
  owner: Owner,
): Promise<{ cashier: Staff; manager: Staff; handler: Staff }> {
  const cashier = await registerEmployee(app, owner, owner.businessId, { occupation: "Cashier" });
  const manager = await registerEmployee(app, owner, owner.businessId, { occupation: "Manager" });
  const handler = await registerEmployee(app, owner, owner.businessId, {
    occupation: "Stock Handler",
    handleStock: true,
  });
  return { cashier, manager, handler };
}

/** Counts outcomes by status code, e.g. { 201: 10, 409: 22 }. */
export function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
}

export type FakePrinter = {
  port: number;
  /** The bytes of each connection, in the order the connections ended. */
  jobs: Buffer[];
  stop: () => Promise<void>;
};

/**
 * A network ESC/POS printer on loopback (a TCP server on a free port) that keeps what each
 * connection sent. A job is recorded before the socket is closed from this side, and the
 * server's sender waits for that close, so a job is here by the time its request answers.
 */
export async function startFakePrinter(): Promise<FakePrinter> {
  const jobs: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("end", () => {
      jobs.push(Buffer.concat(chunks));
      socket.end();
    });
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    jobs,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const ESC_INIT = Buffer.from([0x1b, 0x40]);
export const CUT = Buffer.from([0x1d, 0x56]);

/** The text of ESC/POS bytes (control codes kept), for "contains" checks. */
export const textOf = (bytes: Buffer) => bytes.toString("latin1");

/**
 * The printed words of ESC/POS bytes: commands (ESC @, FS ., ESC/GS with one parameter byte)
 * removed and line breaks and padding collapsed to one space, so text the printer wraps
 * over several lines reads as one.
 */
export function plainTextOf(bytes: Buffer): string {
  const ESC = 0x1b;
  const GS = 0x1d;
  const FS = 0x1c;
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b === ESC && bytes[i + 1] === 0x40) || b === FS) i += 1;
    else if (b === ESC || b === GS) i += 2;
    else out += b === 0x0a || b === 0x0d ? " " : String.fromCharCode(b);
  }
  return out.replace(/ +/g, " ");
}

/** ESC/POS: starts with ESC @ and ends with the cut (GS V and its mode), only line feeds after it. */
export function expectEscPosDocument(bytes: Buffer): void {
  expect(bytes.subarray(0, 2).equals(ESC_INIT), `starts with ESC @: ${bytes.subarray(0, 8).toString("hex")}`).toBe(
    true,
  );
  const cut = bytes.lastIndexOf(CUT);
  expect(cut, "has a cut command").toBeGreaterThan(0);
  const after = [...bytes.subarray(cut + 3)];
  expect(
    after.every((b) => b === 0x0a || b === 0x0d),
    `only line feeds after the cut: ${Buffer.from(after).toString("hex")}`,
  ).toBe(true);
}
