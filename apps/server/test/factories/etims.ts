import { randomInt } from "node:crypto";
import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import { client } from "./app.ts";
import type { FakeEtims } from "../fakes/fake-etims.ts";
import type { Database } from "../../src/db/client.ts";

/** A KRA PIN no other test uses (a letter, nine digits, a letter). */
export const newKraPin = () => `P${String(randomInt(0, 1e9)).padStart(9, "0")}${"ABCDEFGHJK"[randomInt(0, 10)]}`;

/** KRA's codes of the fake's lists: a soft drink, finished product, from Kenya, in bottles, counted in pieces. */
export const ETIMS_DETAILS = {
  etimsItemClass: "5020230100",
  etimsItemType: "2",
  etimsOrigin: "KE",
  etimsPackagingUnit: "BO",
  etimsQuantityUnit: "U",
};

/**
 * Connects a business to the fake KRA eTIMS: KRA learns its PIN, the owner initialises the
 * device, and KRA's code lists and item classifications are cached (a row in each eTIMS table).
 * Returns the PIN.
 */
export async function seedEtims(
  app: FastifyInstance,
  kra: FakeEtims,
  owner: { token: string; businessId: string },
): Promise<string> {
  const kraPin = newKraPin();
  kra.addTaxpayer(kraPin, `Taxpayer ${kraPin}`);
  const res = await client(app, owner.token).put("/api/etims/device", {
    businessId: owner.businessId,
    kraPin,
    bhfId: "00",
    deviceSerial: `dvc-${kraPin}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().missing).toEqual([]);
  return kraPin;
}

/** Waits (up to `ms`) until `check` holds. */
export async function until(check: () => Promise<boolean>, ms = 30_000, what = "the eTIMS queue"): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} did not settle in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Rows of a business's eTIMS outbox still to send (queued or being sent). */
export async function openOutboxRows(database: Database, businessId: string): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM etims_outbox WHERE business_id = $1 AND state IN ('queued', 'sending')",
    [businessId],
  );
  return rows[0]!.n;
}

/** Waits until the job runner has sent (or failed) everything the business's outbox held. */
export const queueSettled = (database: Database, businessId: string, ms = 30_000) =>
  until(async () => (await openOutboxRows(database, businessId)) === 0, ms);
