import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createAnotherApp, createTestApp, registerBusiness, testJobs, type TestApp } from "../factories/app.ts";
import { ETIMS_DETAILS, seedEtims } from "../factories/etims.ts";
import { newProduct, sold } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";
import { claimHead } from "../../src/modules/etims/etims.public.ts";

// Issue 30, item 5: the eTIMS queue survives its server stopping mid-queue: the next server
// takes over, nothing is lost, nothing is sent to KRA twice, and KRA's numbers have no gap.

const LEASE_MS = 1_500;
let t: TestApp;
let kra: FakeEtims;
// Every server of an installation seals and opens the CMC key with the same credentials key.
const config = () => ({
  etims: { baseUrl: kra.url, timeoutMs: 1_000, retryBaseMs: 300, leaseMs: LEASE_MS },
  tillMpesa: {
    darajaBaseUrl: "http://127.0.0.1:9",
    publicUrl: null,
    callbackToken: "x".repeat(40),
    credentialsKey: "credentials-key-for-tests-0123456789abcdef",
  },
});

beforeAll(async () => {
  kra = await startFakeEtims();
  // The test app has no job runner: servers A and B below run the queue in turn.
  t = await createTestApp(config());
});
afterAll(async () => {
  await t.close();
  await kra.close();
});

const serverWithJobs = (): Promise<FastifyInstance> => createAnotherApp(t, config(), t.database, testJobs(t.url));

describe("a server stopped mid-queue", () => {
  it("leaves the rest to the next server: every sale signed once, KRA's numbers 1..N", async () => {
    const owner = await registerBusiness(t.app);
    const pin = await seedEtims(t.app, kra, owner);
    const p = await newProduct(t.app, owner, owner.businessId, {
      sellingprice: 5000,
      quantity: 1000,
      ...ETIMS_DETAILS,
    });
    const sent = () =>
      kra.requests.filter((r) => r.path.endsWith("/saveTrnsSalesOsdc") && (r.body as { tin?: string }).tin === pin);
    const sell = () => sold(t.app, owner, owner.businessId, [{ productId: p._id, quantity: 1 }], 5000);

    // Server A signs the first sales, then KRA goes down and A stops with sales still queued.
    const a = await serverWithJobs();
    for (let i = 0; i < 4; i++) await sell();
    const signed = async () =>
      Number(
        (
          await t.database.pool.query("SELECT count(*) FROM sales WHERE business_id = $1 AND etims_state = 'signed'", [
            owner.businessId,
          ])
        ).rows[0].count,
      );
    const until = async (check: () => Promise<boolean>, ms = 30_000) => {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error("timed out");
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until(async () => (await signed()) === 4);
    // And the stock those sales took out reported (migration 0038), so the next head is the fifth sale.
    await until(async () => {
      const { rows } = await t.database.pool.query(
        "SELECT count(*)::int AS n FROM etims_outbox WHERE business_id = $1 AND state IN ('queued', 'sending')",
        [owner.businessId],
      );
      return rows[0].n === 0;
    });
    kra.setDown(true);
    for (let i = 0; i < 6; i++) await sell();
    await until(async () => sent().length > 4); // A tried the fifth (KRA answered 503)
    await a.close();

    // A sender that died right after taking the head (its lease runs out): B takes it over.
    kra.setDown(false);
    // The head may still be in its backoff after A's last try at KRA (retryBaseMs): wait for its time.
    let claim = await claimHead(t.database.db, owner.businessId, LEASE_MS);
    const backoffEnd = Date.now() + 10_000;
    while (claim.kind === "wait" && Date.now() < backoffEnd) {
      await new Promise((r) => setTimeout(r, 50));
      claim = await claimHead(t.database.db, owner.businessId, LEASE_MS);
    }
    expect(claim.kind === "send" && claim.row.invcNo).toBe(5);
    await new Promise((r) => setTimeout(r, LEASE_MS + 200));

    const b = await serverWithJobs();
    try {
      await until(async () => (await signed()) === 10);
    } finally {
      await b.close();
    }
    const { rows } = await t.database.pool.query(
      "SELECT etims_proof FROM sales WHERE business_id = $1 ORDER BY sale_number",
      [owner.businessId],
    );
    expect(rows.map((r) => r.etims_proof.curRcptNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows.map((r) => r.etims_proof.invcNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // KRA holds each once; nothing it took was sent again (the tries while down got a 503).
    expect(kra.branch(pin).sales.size).toBe(10);
    expect(kra.rejected).toEqual([]);
    const numbers = sent().map((r) => (r.body as { invcNo: number }).invcNo);
    expect(numbers.filter((n) => n <= 4)).toEqual([1, 2, 3, 4]);
  }, 120_000);
});
