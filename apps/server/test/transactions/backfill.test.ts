import { randomBytes, randomUUID } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { openDatabase, type Database } from "../../src/db/client.ts";
import { MIGRATIONS_DIR } from "../../src/platform/paths.ts";
import { withDatabase } from "../global-setup.ts";
import { moneyLedgerProblems } from "../factories/money.ts";

/**
 * The money ledger's migration fills it from the sales made before it existed: a database is
 * migrated to the last migration before the ledger, given sales (cash, split, on credit with
 * repayments, voided) by SQL as the old code wrote them, then migrated to the end.
 */
const name = `${inject("templateDb")}_bf_${randomBytes(4).toString("hex")}`;
let database: Database;
let oldMigrations: string;
const business = randomUUID();
const owner = randomUUID();
const cashier = randomUUID();

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: inject("adminUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  database = openDatabase(withDatabase(inject("adminUrl"), name), 2);
  // The migrations as they were before the ledger: the same folder, its journal cut before 0008_money.
  oldMigrations = await mkdtemp(path.join(os.tmpdir(), "duka-old-migrations-"));
  await cp(MIGRATIONS_DIR, oldMigrations, { recursive: true });
  const journalFile = path.join(oldMigrations, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith("_money"));
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrate(drizzle(database.pool), { migrationsFolder: oldMigrations });
});
afterAll(async () => {
  await database.close();
  const admin = new pg.Client({ connectionString: inject("adminUrl") });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(oldMigrations, { recursive: true, force: true });
});

async function oldSale(
  n: number,
  over: { payments: object[]; total: number; credit?: number; voided?: boolean; channel?: string; by?: string },
) {
  const id = randomUUID();
  await database.pool.query(
    `INSERT INTO sales (business_id, id, sale_number, channel, status, payment_status, payment_method, payments, total, credit_amount, balance,
                        served_by, served_by_id, voided_at, voided_by, created_at)
     VALUES ($1, $2, $3, $4, $5, 'Paid', 'Cash', $6, $7, $8, $8, $9, $10, $11, $12, '2026-01-05T10:00:00Z')`,
    [
      business,
      id,
      n,
      over.channel ?? "retail",
      over.voided ? "voided" : "completed",
      JSON.stringify(over.payments),
      over.total,
      over.credit ?? 0,
      over.by === "cashier" ? "cashy" : "boss",
      over.by === "cashier" ? cashier : owner,
      over.voided ? "2026-01-06T08:00:00Z" : null,
      over.voided ? "boss" : null,
    ],
  );
  return id;
}

describe("the ledger's backfill from sales made before it", () => {
  it("records each sale's checkout payments, credit repayments and voids, so the ledger equals the sales", async () => {
    await database.pool.query(`INSERT INTO users (id, username, password_hash) VALUES ($1, 'boss', 'x')`, [owner]);
    await database.pool.query(
      `INSERT INTO businesses (id, owner_id, name, business_type, staff_access_code) VALUES ($1, $2, 'Old Shop', 'general', $3)`,
      [business, owner, randomBytes(4).toString("hex").toUpperCase()],
    );
    await database.pool.query(
      `INSERT INTO employees (business_id, id, username, password_hash, occupation) VALUES ($1, $2, 'cashy', 'x', 'Cashier')`,
      [business, cashier],
    );
    const cash = await oldSale(1, {
      total: 5000,
      payments: [{ method: "Cash", amount: 5000, tendered: 6000, reference: null }],
      by: "cashier",
    });
    const split = await oldSale(2, {
      total: 9000,
      payments: [
        { method: "Cash", amount: 4000, tendered: null, reference: null },
        { method: "M-Pesa", amount: 5000, tendered: null, reference: "QGH7XYZ12A" },
      ],
    });
    const credit = await oldSale(3, {
      total: 10000,
      credit: 8000,
      channel: "wholesale",
      payments: [
        { method: "Bank Transfer", amount: 2000, tendered: null, reference: null },
        { method: "Credit", amount: 8000, tendered: null, reference: null },
      ],
    });
    await database.pool.query(
      `INSERT INTO credit_payments (business_id, sale_id, amount, method, paid_at, recorded_by) VALUES
       ($1, $2, 3000, 'M-Pesa', '2026-01-07T09:00:00Z', 'boss'), ($1, $2, 1000, 'Cash', '2026-01-08T09:00:00Z', 'boss')`,
      [business, credit],
    );
    const voided = await oldSale(4, {
      total: 7000,
      voided: true,
      payments: [{ method: "Cash", amount: 7000, tendered: null, reference: null }],
    });

    await migrate(drizzle(database.pool), { migrationsFolder: MIGRATIONS_DIR });

    expect(await moneyLedgerProblems(database, business)).toEqual([]);
    const { rows } = await database.pool.query(
      `SELECT source_id, kind, direction, method, amount::int, reference, description, correction, actor_kind, actor_name
       FROM money_movements WHERE business_id = $1 ORDER BY seq`,
      [business],
    );
    const of = (id: string) => rows.filter((r) => r.source_id === id).map(({ source_id: _s, ...r }) => r);
    expect(of(cash)).toEqual([
      {
        kind: "sale_payment",
        direction: "in",
        method: "Cash",
        amount: 5000,
        reference: null,
        description: "Sale #1",
        correction: null,
        actor_kind: "employee",
        actor_name: "cashy",
      },
    ]);
    expect(of(split).map((r) => [r.method, r.amount, r.reference])).toEqual([
      ["Cash", 4000, null],
      ["M-Pesa", 5000, "QGH7XYZ12A"],
    ]);
    expect(of(credit).map((r) => [r.kind, r.method, r.amount, r.description])).toEqual([
      ["sale_payment", "Bank Transfer", 2000, "Order #3"],
      ["credit_repayment", "M-Pesa", 3000, "Payment on Order #3"],
      ["credit_repayment", "Cash", 1000, "Payment on Order #3"],
    ]);
    expect(of(voided).map((r) => [r.direction, r.amount, r.correction])).toEqual([
      ["in", 7000, null],
      ["out", 7000, "voided"],
    ]);
    // The sales' VAT snapshot: all band D (nobody was registered for VAT before the flag existed).
    const { rows: bands } = await database.pool.query(`SELECT vat_bands FROM sales WHERE id = $1`, [split]);
    expect(bands[0].vat_bands).toEqual([{ taxType: "D", rateBp: 0, taxable: 9000, tax: 0, total: 9000 }]);
  });
});
