import { rebuildDirtyDays } from "../../src/modules/reports/rollups.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { AccessPolicy, RouteEntry } from "../../src/platform/access.ts";
import { createTokenService } from "../../src/platform/tokens.ts";
import {
  ALL_FLAGS,
  addBusiness,
  client,
  createTestApp,
  idsOwnedBy,
  recordOf,
  registerBusiness,
  registerEmployee,
  signInSupport,
  tenantTables,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import {
  candidates,
  isValidationError,
  routeShapes,
  slotsOf,
  type Candidate,
  type Fill,
  type RouteShape,
} from "../factories/route-requests.ts";
import { startFakeDaraja, type FakeDaraja } from "../fakes/fake-daraja.ts";
import { createPlan, payMpesa, subscribeBusiness } from "../factories/subscriptions.ts";
import { seedPayroll } from "../factories/payroll.ts";
import { seedClinic } from "../factories/clinic.ts";
import { mayUseArea, type Area } from "@app/shared/permissions/areas";
import { seedMoney } from "../factories/money.ts";
import { seedTillMpesa, tillMpesaConfig } from "../factories/till-mpesa.ts";
import { seedEtims } from "../factories/etims.ts";
import { newProduct, sold } from "../factories/sales.ts";
import { startFakeEtims, type FakeEtims } from "../fakes/fake-etims.ts";
import { day, seedHotel } from "../factories/rooms.ts";
import { seedMessages } from "../factories/messages.ts";

/**
 * The cross-tenant walk. Every route of the route table that acts for a business is called by
 * the owner and by an all-permissions employee of business B:
 *  1. with business A's ids (A's business id, or the id of any row A owns) where the route's
 *     policy reads its business: each must reach the tenancy guard and be refused (403/404);
 *  2. on B's own business or record, with A's ids in every other id field (query, body, a
 *     second path id): no write may succeed, no read may return A's data.
 * No response may carry A's ids, name or data, A's rows must be unchanged afterwards, and no
 * row of another business may point at one of A's. A's ids are found from every table with a
 * business_id column, and requests are built from each route's schemas, so a route added
 * tomorrow is walked tomorrow.
 */
type Tenancy = Extract<AccessPolicy, { kind: "tenant" | "record" }>;
type Caller = { name: string; token: string };

// The walks call every route many times; their work grows with the route table (about 270 routes with
// the hotel, money and reports areas), so they get more time than a single test: a limit against
// hanging, not a timing assertion (a walk took over 180 s on a 2-core machine running other suites).
const WALK_TIMEOUT_MS = 600_000;

let t: TestApp;
let daraja: FakeDaraja;
let kra: FakeEtims;
let support: { token: string; username: string };
let planId: string;
let ownerA: Owner;
let branchA: { businessId: string; businessName: string };
let ownerB: Owner;
let branchB: { businessId: string; businessName: string };
let staffB: Staff;
let callers: Caller[];
let shapes: Map<RouteEntry, RouteShape>;
/** Ids of A's businesses and of every row they own. */
let victimIds: string[];
/** Strings that only A's data contains. */
let victimSecrets: string[];
let snapshotOfA: string;
let seededA: Awaited<ReturnType<typeof seedBusiness>>;
let seededB: Awaited<ReturnType<typeof seedBusiness>>;
const problems: string[] = [];

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e70000000049454e44ae426082",
  "hex",
);

/** Gives a business one of each kind of record the API can make, with recognisable names. */
async function seedBusiness(owner: Owner, branch: { businessId: string }, tag: string) {
  const api = client(t.app, owner.token);
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`seeding ${tag}: ${r.statusCode} ${r.body}`);
    return r.json();
  };
  const cat = await ok(api.post("/api/categories", { businessId: owner.businessId, name: `${tag} Drinks` }));
  const sub = await ok(api.post(`/api/categories/subcategory/${cat._id}`, { name: `${tag} Sodas` }));
  const product = await ok(
    api.post("/api/products", {
      businessId: owner.businessId,
      name: `${tag} Soda`,
      sku: `${tag}-SKU-1`,
      barcode: `${tag}-BC-1`,
      sellingprice: 5000,
      quantity: 9,
      reorderLevel: 10,
      subcategoryId: sub.subcategory._id,
    }),
  );
  await ok(
    api.post("/api/products", { businessId: owner.businessId, name: `${tag} Bread`, sellingprice: 6000, quantity: 3 }),
  );
  // The soda in the wholesale catalogue (issue 33), at its retail price (the orders below pay that).
  await ok(
    api.post("/api/wholesaleProducts", {
      businessId: owner.businessId,
      productId: product._id,
      wholesalePrice: 5000,
      minQuantity: 1,
    }),
  );
  // A promotion of the soda (issue 31 item 2).
  await ok(
    api.post("/api/promotions", {
      businessId: owner.businessId,
      name: `${tag} 3 for 120`,
      kind: "quantityBreak",
      productIds: [product._id],
      breakQuantity: 3,
      breakAmount: 12000,
    }),
  );
  await ok(
    api.post(
      `/api/products/${product._id}/stock`,
      { delta: -1, note: `${tag} breakage` },
      { "idempotency-key": `${tag}-idem-key-1` },
    ),
  );
  const boundary = "----walk";
  const multipart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const image = await t.app.inject({
    method: "POST",
    url: `/api/products/${product._id}/image`,
    headers: { authorization: `Bearer ${owner.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: multipart,
  });
  if (image.statusCode !== 200) throw new Error(`seeding ${tag} image: ${image.statusCode} ${image.body}`);
  await ok(
    api.post("/api/businesses/products/transfer", {
      businessId: owner.businessId,
      toBusinessId: branch.businessId,
      products: [{ productId: product._id, quantity: 1 }],
      note: `${tag} transfer`,
    }),
  );
  const staff = await registerEmployee(t.app, owner, owner.businessId, {
    occupation: "Cashier",
    username: `${tag.toLowerCase()}_cashier`,
  });
  // Restaurant: a section with tables, a kitchen printer, a kitchen ticket printed for a table.
  const section = await ok(
    api.post("/api/sections", {
      businessId: owner.businessId,
      name: `${tag} Terrace`,
      tables: [{ name: `${tag} T1` }, { name: `${tag} T2` }],
    }),
  );
  await ok(
    api.post("/api/printers", {
      businessId: owner.businessId,
      name: `${tag} Kitchen`,
      kind: "browser",
      role: "kitchen",
    }),
  );
  await ok(
    api.post("/api/captainOrderPrint", {
      businessId: owner.businessId,
      ticketId: crypto.randomUUID(),
      sectionId: section._id,
      tableId: section.tables[0]._id,
      products: [{ productId: product._id, quantity: 2 }],
    }),
  );
  // Sales and wholesale orders: on credit (for the credit routes), and voided (for the void routes).
  const credit = {
    payments: [{ method: "Credit", amount: 5000 }],
    customerName: `${tag} Customer`,
    customerPhone: "0711000222",
  };
  for (const base of ["/api/sales", "/api/orders"]) {
    const onCredit = await ok(
      api.post(base, { businessId: owner.businessId, products: [{ productId: product._id, quantity: 1 }], ...credit }),
    );
    await ok(api.put(`${base}/salecredit/${onCredit._id}`, { amountPaid: 1000, paymentMethod: "M-Pesa" }));
    const voided = await ok(
      api.post(base, {
        businessId: owner.businessId,
        products: [{ productId: product._id, quantity: 1 }],
        payments: [{ method: "Cash", amount: 5000 }],
      }),
    );
    await ok(api.del(`${base}/${voided._id}`));
  }
  // Customers and supplies: a customer with a credit limit; a supplier, a delivery of a product and a
  // commodity, part of it moved into stock, part of it paid for later.
  await ok(
    api.post("/api/customersAuth/register", {
      businessId: owner.businessId,
      name: `${tag} Client`,
      phone: "0733000111",
      creditLimit: 100_000,
    }),
  );
  const supplier = await ok(
    api.post("/api/suppliers", { businessId: owner.businessId, name: `${tag} Supplier`, phone: "0744000111" }),
  );
  const supply = await ok(
    api.post("/api/supplyrecord", {
      businessId: owner.businessId,
      supplierId: supplier._id,
      products: [{ productId: product._id, quantity: 5, unitCost: 3000 }],
      commodities: [{ name: `${tag} Fuel`, unit: "litres", quantity: 2, unitCost: 15_000 }],
      amountPaid: 10_000,
      paymentMethod: "Cash",
    }),
  );
  await ok(
    api.post(`/api/supplyrecord/transferSupplyToStock/${supply._id}`, {
      products: [{ productId: product._id, quantity: 2 }],
    }),
  );
  await ok(api.post(`/api/supplyrecord/${supply._id}/payments`, { amountPaid: 5000, paymentMethod: "M-Pesa" }));
  // A subscription with an M-Pesa payment (and its STK request), and a support request.
  const subscription = await subscribeBusiness(t.app, owner.token, owner.businessId, { _id: planId });
  await ok(payMpesa(t.app, owner.token, subscription._id, 150_000, "0712345678"));
  await ok(
    api.post("/api/requests", {
      businessId: owner.businessId,
      subject: `${tag} printer`,
      message: `${tag} cannot print receipts`,
    }),
  );
  // Payroll: the cashier's pay profile, a run with their payslip, a commission rule.
  await seedPayroll(t.app, owner, staff.employeeId, tag);
  // Support access: the owner lets support in for an hour, support changes a category, the owner ends it.
  await ok(api.post(`/api/businesses/${owner.businessId}/supportAccess`, { hours: 1 }));
  await ok(client(t.app, support.token).put(`/api/categories/${cat._id}`, { name: `${tag} Cold drinks` }));
  const ended = await api.del(`/api/businesses/${owner.businessId}/supportAccess`);
  if (ended.statusCode !== 204) throw new Error(`seeding ${tag}: ending support access: ${ended.body}`);
  // Clinic (the second business is a clinic): patients, visits, lab, prescriptions, bills, the access log.
  await seedClinic(t.app, owner, branch.businessId, tag);
  // Money: expenses, the cash book and a cash-up, clients, payment details, invoices, quotations.
  await seedMoney(t.app, owner, tag);
  // M-Pesa at the counter: credentials, an STK push, a C2B payment; the cashier's till PIN.
  await seedTillMpesa(t.app, daraja, owner, staff.employeeId);
  // KRA eTIMS: the device (its CMC key sealed), KRA's code lists and item classifications.
  const kraPin = await seedEtims(t.app, kra, owner);
  // Purchases from KRA: two supplier invoices to the business, fetched with their lines; one rejected.
  for (const spplrInvcNo of [1, 2])
    kra.addSupplierSale({
      spplrTin: "P051111111A",
      spplrNm: `${tag} Millers`,
      spplrInvcNo,
      custTin: kraPin,
      rcptTyCd: "S",
      salesDt: "20250302",
      totAmt: 100,
      itemList: [
        {
          itemSeq: 1,
          itemCd: "KE2BGKG0000001",
          itemClsCd: "5010150100",
          itemNm: `${tag} flour`,
          pkgUnitCd: "BG",
          qtyUnitCd: "KG",
          qty: 1,
          prc: 100,
          taxTyCd: "B",
          totAmt: 100,
        },
      ],
    });
  await ok(api.post("/api/etims/purchases/fetch", { businessId: owner.businessId }));
  const invoices = await ok(api.get(`/api/etims/purchases?businessId=${owner.businessId}`));
  await ok(api.post(`/api/etims/purchases/${invoices.items[0]._id}/reject`, { businessId: owner.businessId }));
  // A sale once eTIMS is connected: its outbox row for KRA (the queue runs in no test app here).
  const forKra = await newProduct(t.app, owner, owner.businessId);
  await sold(t.app, owner, owner.businessId, [{ productId: forKra._id, quantity: 1 }], 10000);
  // A signed sale voided: its credit note for KRA (etims_corrections). KRA "signed" it by hand here.
  const signed = await sold(t.app, owner, owner.businessId, [{ productId: forKra._id, quantity: 1 }], 10000);
  await t.database.pool.query(
    "UPDATE etims_outbox SET state = 'done', invc_no = 1000 + sale_number_of.n FROM (SELECT sale_number AS n FROM sales WHERE id = $1) sale_number_of WHERE ref_id = $1",
    [signed._id],
  );
  await t.database.pool.query("UPDATE sales SET etims_state = 'signed' WHERE id = $1", [signed._id]);
  await ok(api.del(`/api/sales/${signed._id}`));
  // The counter (issue 31): the owner's till PIN and a "No sale" opening of the drawer.
  const pin = await api.put("/api/ownerPin", { businessId: owner.businessId, pin: "4321" });
  if (pin.statusCode >= 300) throw new Error(`seeding ${tag}: the owner's PIN: ${pin.statusCode} ${pin.body}`);
  await ok(api.post("/api/drawer/open", { businessId: owner.businessId }));
  // A product deleted for good leaves a tombstone for the tills' catalogs (issue 32).
  const gone = await newProduct(t.app, owner, owner.businessId);
  await ok(
    t.app.inject({
      method: "DELETE",
      url: `/api/products/${gone._id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    }),
  );
  // Reports: the rebuild (a job's work; this app runs none) builds the daily rollups, a rebuild in
  // progress is recorded, and a sale after it leaves its day marked for the next rebuild.
  await rebuildDirtyDays(t.database.db, owner.businessId, "Africa/Nairobi");
  await t.database.pool.query("INSERT INTO report_rebuilds (business_id, done, updated_at) VALUES ($1, 3, $2)", [
    owner.businessId,
    new Date(),
  ]);
  await ok(api.get(`/api/reports/summary?businessId=${owner.businessId}&from=2026-01-01&to=2027-12-31`));
  const lastSale = await ok(
    api.post("/api/sales", {
      businessId: owner.businessId,
      products: [{ productId: product._id, quantity: 1 }],
      payments: [{ method: "Cash", amount: 5000 }],
    }),
  );
  // Messages: the sale's public receipt link and a line of the message log.
  const receiptToken = await seedMessages(t.app, t.database, owner, lastSale._id);
  // Hotel: rooms, bookings and bills (a bar sale charged to a room), conferences, an online request.
  const hotel = await seedHotel(t.app, owner, tag, product._id);
  return { staff, product: product._id as string, hotel, receiptToken };
}

/** A fingerprint of everything A owns: its business rows, its owner, and all its tenant rows. */
async function snapshotOf(businessIds: string[], ownerId: string): Promise<string> {
  const parts: string[] = [];
  const q = async (label: string, sql: string, params: unknown[]) => {
    const { rows } = await t.database.pool.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM (${sql}) x`,
      params,
    );
    parts.push(`${label}:${rows[0]!.n}:${rows[0]!.h}`);
  };
  await q("businesses", `SELECT * FROM businesses WHERE id = ANY($1::uuid[])`, [businessIds]);
  await q("users", `SELECT * FROM users WHERE id = $1`, [ownerId]);
  for (const table of await tenantTables(t.database)) {
    // A session's last_seen_at moves when it is used; A's own sessions are not used during the walk.
    await q(table, `SELECT * FROM "${table}" WHERE business_id = ANY($1::uuid[])`, [businessIds]);
  }
  return parts.join("\n");
}

/**
 * B's business where a route's area exists: the clinic (B's second business) for the clinic's
 * routes, B's first business for the rest, so the route runs with A's ids instead of stopping at
 * the area rule.
 */
function homeOf(policy: Tenancy): string {
  const areas: readonly Area[] =
    policy.area === null ? [] : typeof policy.area === "string" ? [policy.area] : policy.area;
  const owner = {
    isAdmin: true,
    details: { ...ALL_FLAGS, username: "owner", occupation: "Owner", isSupportUser: false },
  };
  const has = (businessType: "general" | "clinic") =>
    !areas.length || areas.some((a) => mayUseArea(a, owner, { businessType }));
  return has("general") ? ownerB.businessId : has("clinic") ? branchB.businessId : ownerB.businessId;
}

function tenancyOf(route: RouteEntry): Tenancy | null {
  return route.access.kind === "tenant" || route.access.kind === "record" ? route.access : null;
}

async function send(request: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject(request);
}

/** Tries a route's candidate requests until one gets past validation; returns the last answer. */
async function firstPastValidation(
  list: Candidate[],
): Promise<{ res: LightMyRequestResponse; candidate: Candidate; passed: boolean; seen: LightMyRequestResponse[] }> {
  const seen: LightMyRequestResponse[] = [];
  for (const candidate of list) {
    const res = await send(candidate.request);
    seen.push(res);
    if (!isValidationError(res)) return { res, candidate, passed: true, seen };
  }
  return { res: seen[seen.length - 1]!, candidate: list[list.length - 1]!, passed: false, seen };
}

/** Records a problem if a response carries any of A's data, other than ids the caller sent. */
function checkNoLeak(where: string, res: LightMyRequestResponse, sent: string[] = []) {
  for (const secret of victimSecrets)
    if (res.body.includes(secret)) problems.push(`${where}: response contains A's "${secret}"`);
  for (const id of victimIds)
    if (!sent.includes(id) && res.body.includes(id)) problems.push(`${where}: response contains A's id ${id}`);
}

beforeAll(async () => {
  daraja = await startFakeDaraja();
  kra = await startFakeEtims();
  t = await createTestApp({
    mpesa: daraja.config(),
    tillMpesa: tillMpesaConfig(daraja),
    etims: { baseUrl: kra.url, timeoutMs: 2_000 },
  });
  support = await signInSupport(t.app, t.database);
  planId = (await createPlan(t.app, support.token))._id;
  // The main businesses are hotels: every area a general business has, and Rooms.
  ownerA = await registerBusiness(t.app, { businessName: "Alpha Traders", businessType: "hotel" });
  // The second business of each owner is a clinic, so the clinic's routes are walked on their own records.
  branchA = await addBusiness(t.app, ownerA, "clinic");
  seededA = await seedBusiness(ownerA, branchA, "Alpha");
  ownerB = await registerBusiness(t.app, { businessName: "Bravo Traders", businessType: "hotel" });
  branchB = await addBusiness(t.app, ownerB, "clinic");
  seededB = await seedBusiness(ownerB, branchB, "Bravo");
  staffB = await registerEmployee(t.app, ownerB, ownerB.businessId, { occupation: "Manager", ...ALL_FLAGS });
  callers = [
    { name: "owner B", token: ownerB.token },
    { name: "staff B (all flags)", token: staffB.token },
  ];
  shapes = routeShapes(t.app);
  victimIds = [...(await idsOwnedBy(t.database, [ownerA.businessId, branchA.businessId])), ownerA.userId];
  victimSecrets = ["Alpha", ownerA.username, branchA.businessName];
  snapshotOfA = await snapshotOf([ownerA.businessId, branchA.businessId], ownerA.userId);
}, 120_000);
afterAll(async () => {
  await t.close();
  await daraja.close();
  await kra.close();
});

describe("cross-tenant route walk", () => {
  it("found A's rows in every tenant table, to use as ids", async () => {
    for (const table of await tenantTables(t.database)) {
      const { rows: mine } = await t.database.pool.query(
        `SELECT 1 FROM "${table}" WHERE business_id = ANY($1::uuid[]) LIMIT 1`,
        [[ownerA.businessId, branchA.businessId]],
      );
      expect(mine.length, `seed business A with a row of ${table}, so the walk tries its ids`).toBe(1);
    }
    expect(victimIds.length).toBeGreaterThan(15);
  });

  it(
    "with A's business or record ids, every tenant route reaches the guard and refuses owner B and staff B",
    async () => {
      const routes = t.app.routeTable.filter((r) => tenancyOf(r));
      expect(routes.length, "the walk must not pass vacuously").toBeGreaterThanOrEqual(30);
      const walked = new Set<RouteEntry>();
      let calls = 0;
      for (const route of routes) {
        const policy = tenancyOf(route)!;
        const shape = shapes.get(route)!;
        const where = (c: Caller, id: string) => `${route.method} ${route.url} as ${c.name} with A's ${id}`;
        for (const caller of callers) {
          // tenant: A's businesses where the policy reads businessId, B's own id elsewhere ("move A's stock to me");
          // record: every id A owns in every id field.
          const targets = policy.kind === "tenant" ? [ownerA.businessId, branchA.businessId] : victimIds;
          const policySlot = policy.kind === "tenant" ? `${policy.from}.businessId` : null;
          for (const target of targets) {
            const fill: Fill = (slot) => (policySlot && slot !== policySlot ? ownerB.businessId : target);
            const { res, candidate, passed, seen } = await firstPastValidation(candidates(shape, fill, caller.token));
            calls += seen.length;
            for (const r of seen) checkNoLeak(where(caller, target), r);
            if (!passed) {
              problems.push(
                `${where(caller, target)}: no generated request got past validation (${candidate.label}: ${res.body.slice(0, 200)}); teach test/route-requests.ts`,
              );
              continue;
            }
            if (![403, 404].includes(res.statusCode))
              problems.push(
                `${where(caller, target)}: expected 403/404, got ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            else walked.add(route);
          }
        }
      }
      expect(problems).toEqual([]);
      expect([...walked].map((r) => `${r.method} ${r.url}`).sort()).toEqual(
        routes.map((r) => `${r.method} ${r.url}`).sort(),
      );
      expect(calls).toBeGreaterThan(routes.length * 10);
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "every signed-in route that takes a businessId in its query refuses A's to owner B and staff B, whatever its policy",
    async () => {
      // A "user" route that merely filters by a businessId it was given answers 200 with an empty
      // list for another business: the guard never saw it. Every such route must go through it.
      const routes = t.app.routeTable.filter(
        (r) => r.access.kind !== "public" && shapes.get(r)?.query?.properties?.businessId,
      );
      const names = (list: RouteEntry[]) => [...new Set(list.map((r) => `${r.method} ${r.url}`))].sort();
      expect(names(routes)).toEqual(
        expect.arrayContaining(["GET /api/requests", "GET /api/subscriptions", "GET /api/subscriptions/payments"]),
      );
      expect(routes.length, "the walk must not pass vacuously").toBeGreaterThanOrEqual(20);
      const walked = new Set<RouteEntry>();
      for (const route of routes) {
        const shape = shapes.get(route)!;
        for (const caller of callers) {
          for (const target of [ownerA.businessId, branchA.businessId]) {
            const where = `${route.method} ${route.url}?businessId=A's ${target} as ${caller.name}`;
            const fill: Fill = (slot) => (slot === "query.businessId" ? target : ownerB.businessId);
            const list = candidates(shape, fill, caller.token).filter((c) => c.slots.has("query.businessId"));
            if (!list.length) {
              problems.push(`${where}: no generated request names query.businessId; teach test/route-requests.ts`);
              continue;
            }
            const { res, candidate, passed, seen } = await firstPastValidation(list);
            for (const r of seen) checkNoLeak(where, r);
            if (!passed)
              problems.push(
                `${where}: no generated request got past validation (${candidate.label}: ${res.body.slice(0, 200)}); teach test/route-requests.ts`,
              );
            else if (![403, 404].includes(res.statusCode))
              problems.push(`${where}: expected 403/404, got ${res.statusCode} ${res.body.slice(0, 200)}`);
            else walked.add(route);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(names([...walked]), "every route with a query businessId was refused").toEqual(names(routes));
    },
    WALK_TIMEOUT_MS,
  );

  it(
    "on B's own business or record, A's ids in any other id field never act on A's data",
    async () => {
      let slotsTried = 0;
      const ownedByB = await idsOwnedBy(t.database, [ownerB.businessId, branchB.businessId]);
      for (const route of t.app.routeTable) {
        const policy = tenancyOf(route);
        if (!policy) continue;
        const shape = shapes.get(route)!;
        // The business (or record) the guard admits B to: B's own, of a type that has the route's area.
        const home = homeOf(policy);
        const elsewhere = home === ownerB.businessId ? branchB.businessId : ownerB.businessId;
        const anchor = policy.kind === "tenant" ? home : await recordOf(t.database, route, ownedByB, home);
        if (!anchor) {
          problems.push(
            `${route.method} ${route.url}: B has no record this route resolves; seed one in seedBusiness()`,
          );
          continue;
        }
        const anchorSlots =
          policy.kind === "tenant" ? [`${policy.from}.businessId`] : shape.params.map((p) => `params.${p}`);
        const slots = slotsOf(shape).filter((s) => !(policy.kind === "tenant" && anchorSlots.includes(s)));
        if (policy.kind === "record" && slots.length < 2) continue; // one id field: the first walk covered it
        for (const slot of slots) {
          slotsTried++;
          for (const caller of callers) {
            for (const x of victimIds) {
              // Other id fields: the anchor where the guard looks, B's second business elsewhere (a valid transfer target).
              const fill: Fill = (s) => (s === slot ? x : anchorSlots.includes(s) ? anchor : elsewhere);
              const list = candidates(shape, fill, caller.token).filter((c) => c.slots.has(slot));
              const where = `${route.method} ${route.url} as ${caller.name}, ${slot} = A's ${x}`;
              const { res, seen } = await firstPastValidation(list);
              for (const r of seen) checkNoLeak(where, r, [x]);
              for (const r of seen) {
                if (route.method !== "GET" && r.statusCode < 300)
                  problems.push(`${where}: a write with A's id succeeded (${r.statusCode} ${r.body.slice(0, 200)})`);
                if (r.statusCode >= 500) problems.push(`${where}: ${r.statusCode} ${r.body.slice(0, 200)}`);
              }
              void res;
            }
          }
        }
      }
      expect(problems).toEqual([]);
      expect(slotsTried, "routes with a second id field were found and tried").toBeGreaterThanOrEqual(5);
    },
    WALK_TIMEOUT_MS,
  );

  it("A's rows are unchanged, and no row of another business points at one of A's", async () => {
    expect(await snapshotOf([ownerA.businessId, branchA.businessId], ownerA.userId)).toBe(snapshotOfA);
    const rowIds = victimIds.filter((id) => id !== ownerA.userId);
    const pattern = rowIds.join("|");
    for (const table of await tenantTables(t.database)) {
      const { rows } = await t.database.pool.query(
        `SELECT x::text AS row FROM "${table}" x WHERE (business_id IS NULL OR NOT business_id = ANY($1::uuid[])) AND x::text ~ $2`,
        [[ownerA.businessId, branchA.businessId], pattern],
      );
      expect(rows, `${table} rows of other businesses mentioning A's ids`).toEqual([]);
    }
    const { rows } = await t.database.pool.query(
      `SELECT x::text AS row FROM businesses x WHERE NOT id = ANY($1::uuid[]) AND x::text ~ $2`,
      [[ownerA.businessId, branchA.businessId], pattern],
    );
    expect(rows).toEqual([]);
  });

  it("every route that is not public refuses a caller without a valid, live session (401)", async () => {
    const guarded = t.app.routeTable.filter((r) => r.access.kind !== "public");
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    // A token for a real session, signed with another secret; and a real token after logout.
    const sid = JSON.parse(Buffer.from(ownerB.token.split(".")[1]!, "base64url").toString()).sid as string;
    const forged = await createTokenService("another-secret-another-secret-another-secret").sign({ sid });
    const login = await client(t.app).post("/api/adminAuth/login", {
      username: ownerB.username,
      password: ownerB.password,
    });
    const revoked = login.json().token as string;
    expect((await client(t.app, revoked).post("/api/employeesAuth/logout")).statusCode).toBe(204);

    for (const route of guarded) {
      const shape = shapes.get(route)!;
      for (const [label, token] of [
        ["no token", undefined],
        ["a garbage token", "garbage"],
        ["a forged token", forged],
        ["a revoked token", revoked],
      ] as const) {
        const [first] = candidates(shape, () => ownerB.businessId, token);
        const res = await send(first!.request);
        expect(res.statusCode, `${route.method} ${route.url} with ${label}`).toBe(401);
        expect(res.json().error.code, `${route.method} ${route.url} with ${label}`).toBe("UNAUTHENTICATED");
      }
    }
    // Signing in again still works: only that one session was revoked.
    expect((await client(t.app, ownerB.token).get("/api/auth/me")).statusCode).toBe(200);
  });

  it(
    "provider support reads inside B, but every change inside B is refused without the owner's support access; with it, none is",
    async () => {
      const policyOf = (r: RouteEntry) => tenancyOf(r)!;
      const writes = t.app.routeTable.filter((r) => tenancyOf(r) && r.method !== "GET");
      expect(writes.length, "the walk must not pass vacuously").toBeGreaterThanOrEqual(40);
      const names = (list: RouteEntry[]) => list.map((r) => `${r.method} ${r.url}`).sort();
      // What support may change without the owner's consent: the account, its subscription and its requests.
      const managed = writes.filter((r) => policyOf(r).supportManages === true);
      expect(names(managed)).toEqual(
        [
          "DELETE /api/subscriptions/:id",
          "DELETE /api/subscriptions/payments/:id",
          "PATCH /api/requests/:id/answer",
          "PATCH /api/subscriptions/:id/auto-renew",
          "PATCH /api/subscriptions/:id/payment-method",
          "POST /api/requests",
          "POST /api/subscriptions/:id/pay",
          "POST /api/subscriptions/payments/:id/query",
          "POST /api/subscriptions/payments/:id/refunded",
          "POST /api/subscriptions/subscribe",
        ].sort(),
      );
      // PATCH /api/businesses/:id decides per request: only { accountActive } is managing the account.
      expect(names(writes.filter((r) => typeof policyOf(r).supportManages === "function"))).toEqual([
        "PATCH /api/businesses/:id",
      ]);
      // The owner's payment credentials and eTIMS device are the owner's alone: support is refused
      // them even with the owner's support access, and the attempt is logged
      // (test/mpesa/till-mpesa.test.ts, test/etims/etims-device.test.ts).
      const ownerAlone = writes.filter((r) => policyOf(r).ownerAlone === true);
      // So are staff passwords and till PINs (test/hr/staff-secrets.test.ts); an employee's change
      // decides per request (only one that sets a password).
      expect(names(ownerAlone)).toEqual([
        "POST /api/employeesAuth/register",
        "POST /api/etims/codes/refresh",
        "POST /api/mpesa/c2b/register",
        "POST /api/mpesa/settings/rotateC2bToken",
        "PUT /api/employees/:id/password",
        "PUT /api/etims/device",
        "PUT /api/mpesa/settings",
        "PUT /api/ownerPin",
        "PUT /api/tillPin/:id",
      ]);
      expect(names(writes.filter((r) => typeof policyOf(r).ownerAlone === "function"))).toEqual([
        "PUT /api/employees/:id",
      ]);
      const guarded = writes.filter((r) => policyOf(r).supportManages !== true && policyOf(r).ownerAlone !== true);
      const ownedByB = await idsOwnedBy(t.database, [ownerB.businessId, branchB.businessId]);
      const anchors = new Map<RouteEntry, string>();
      for (const route of guarded) {
        const policy = policyOf(route);
        // B's business of a type that has the route's area (the clinic's routes live in B's clinic).
        const home = homeOf(policy);
        const anchor = policy.kind === "tenant" ? home : await recordOf(t.database, route, ownedByB, home);
        if (!anchor) problems.push(`${route.method} ${route.url}: B has no record this route resolves; seed one`);
        else anchors.set(route, anchor);
      }
      const fillFor = (route: RouteEntry): Fill => {
        const policy = policyOf(route);
        const anchor = anchors.get(route)!;
        const elsewhere = anchor === branchB.businessId ? ownerB.businessId : branchB.businessId;
        return (slot) =>
          policy.kind === "tenant" ? (slot === `${policy.from}.businessId` ? anchor : elsewhere) : anchor;
      };
      // Refusals write nothing anywhere: B's rows, the log of support's changes included.
      const before = await snapshotOf([ownerB.businessId, branchB.businessId], ownerB.userId);
      let refusedForAccess = 0;
      for (const route of anchors.keys()) {
        const where = `${route.method} ${route.url} as support, without support access`;
        const { res, candidate, passed } = await firstPastValidation(
          candidates(shapes.get(route)!, fillFor(route), support.token),
        );
        if (!passed) {
          problems.push(
            `${where}: no generated request got past validation (${candidate.label}: ${res.body.slice(0, 200)})`,
          );
          continue;
        }
        // Granting support access and deleting the business are the owner's alone: support is refused them outright.
        const ownersAlone =
          route.url.endsWith("/supportAccess") || `${route.method} ${route.url}` === "DELETE /api/businesses/:id";
        const expected = ownersAlone ? "FORBIDDEN" : "SUPPORT_ACCESS_REQUIRED";
        if (res.statusCode !== 403 || res.json().error.code !== expected)
          problems.push(`${where}: expected 403 ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (expected === "SUPPORT_ACCESS_REQUIRED") refusedForAccess++;
      }
      expect(problems).toEqual([]);
      expect(refusedForAccess).toBeGreaterThanOrEqual(40);
      expect(await snapshotOf([ownerB.businessId, branchB.businessId], ownerB.userId)).toBe(before);

      // Support reads: every tenant GET of B answers without a support access.
      for (const route of t.app.routeTable.filter((r) => tenancyOf(r) && r.method === "GET")) {
        const policy = policyOf(route);
        // Patients' records are private from the provider too: the clinic's routes refuse support by role.
        if (policy.area === "clinic" || (Array.isArray(policy.area) && policy.area.includes("clinic"))) continue;
        const home = homeOf(policy);
        const anchor = policy.kind === "tenant" ? home : await recordOf(t.database, route, ownedByB, home);
        if (!anchor) continue;
        const elsewhere = home === branchB.businessId ? ownerB.businessId : branchB.businessId;
        const fill: Fill = (slot) =>
          policy.kind === "tenant" && slot !== `${policy.from}.businessId` ? elsewhere : anchor;
        const { res } = await firstPastValidation(candidates(shapes.get(route)!, fill, support.token));
        // The export of all of B's data (its customers' details in bulk) needs the owner's support access.
        if (route.url === "/api/businesses/:id/export") {
          if (res.statusCode !== 403 || res.json().error.code !== "SUPPORT_ACCESS_REQUIRED")
            problems.push(`GET ${route.url} as support, without support access: ${res.statusCode}`);
        } else if (res.statusCode === 403 || res.statusCode >= 500)
          // Answered, with any personal data hidden (no grant yet): never refused, never a 500.
          problems.push(`GET ${route.url} as support: ${res.body.slice(0, 200)}`);
      }
      expect(problems).toEqual([]);

      // With the owner's support access, the guard lets every one of them through.
      for (const businessId of [ownerB.businessId, branchB.businessId])
        expect(
          (await client(t.app, ownerB.token).post(`/api/businesses/${businessId}/supportAccess`, { hours: 1 }))
            .statusCode,
        ).toBe(201);
      for (const route of anchors.keys()) {
        if (route.url.endsWith("/supportAccess")) continue;
        const { res } = await firstPastValidation(candidates(shapes.get(route)!, fillFor(route), support.token));
        if (res.statusCode === 403 && res.json().error.code === "SUPPORT_ACCESS_REQUIRED")
          problems.push(`${route.method} ${route.url} as support with support access: still refused`);
      }
      expect(problems).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it("the public booking pages show a hotel's availability and nothing else, and take requests for its own room types only", async () => {
    // Every public route that serves a hotel's page is walked, so a new one is walked too.
    const pages = t.app.routeTable.filter(
      (r) =>
        r.access.kind === "public" && r.url.startsWith("/api/public/") && !r.url.startsWith("/api/public/receipts/"),
    );
    expect(pages.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      "GET /api/public/booking/:code",
      "POST /api/public/booking/:code/requests",
    ]);
    const before = await snapshotOf([ownerA.businessId, branchA.businessId], ownerA.userId);
    const codeA = seededA.hotel.code;
    // What A's page may show: its name and its room types (their ids are what a request names).
    const shown = new Set([seededA.hotel.type._id]);
    const hidden = [
      "Alpha Guest",
      "Alpha Online",
      "Alpha Organiser",
      "Alpha-101",
      "Alpha-102",
      "0722000111",
      "0744000111",
      ownerA.username,
      ...victimIds.filter((id) => !shown.has(id)),
    ];
    for (const query of ["", `?checkIn=${day(1)}&checkOut=${day(3)}`]) {
      const res = await send({ method: "GET", url: `/api/public/booking/${codeA}${query}` });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(Object.keys(page).sort()).toEqual(["checkIn", "checkOut", "hotelName", "roomTypes"]);
      for (const type of page.roomTypes)
        expect(Object.keys(type).sort()).toEqual(
          ["_id", "available", "capacity", "description", "image", "name", "rate", "stayTotal"].sort(),
        );
      for (const secret of hidden) expect(res.body, `A's page shows ${secret}`).not.toContain(secret);
    }
    // B's room type asked for on A's page, A's on B's, and unknown or closed pages: refused, nothing written.
    const ask = (code: string, roomTypeId: string) =>
      send({
        method: "POST",
        url: `/api/public/booking/${code}/requests`,
        payload: { roomTypeId, guestName: "Walker", guestPhone: "0700123456", checkIn: day(8), checkOut: day(9) },
      });
    for (const [code, typeId] of [
      [codeA, seededB.hotel.type._id],
      [seededB.hotel.code, seededA.hotel.type._id],
      [crypto.randomUUID(), seededA.hotel.type._id],
    ] as const) {
      const res = await ask(code, typeId);
      expect(res.statusCode, res.body).toBe(404);
      checkNoLeak(`POST a request to ${code} for ${typeId}`, res, [typeId]);
    }
    // A closed page says nothing at all.
    await client(t.app, ownerB.token).put("/api/rooms/bookingpage", { businessId: ownerB.businessId, enabled: false });
    const closed = await send({ method: "GET", url: `/api/public/booking/${seededB.hotel.code}` });
    expect(closed.statusCode).toBe(404);
    expect(closed.body).not.toContain("Bravo");
    await client(t.app, ownerB.token).put("/api/rooms/bookingpage", { businessId: ownerB.businessId, enabled: true });
    expect(problems).toEqual([]);
    expect(await snapshotOf([ownerA.businessId, branchA.businessId], ownerA.userId)).toBe(before);
  });

  it("a receipt's public page shows that receipt and nothing else of the business; no other token opens it", async () => {
    const pages = t.app.routeTable.filter(
      (r) => r.access.kind === "public" && r.url.startsWith("/api/public/receipts/"),
    );
    expect(pages.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/public/receipts/:token"]);
    const res = await send({ method: "GET", url: `/api/public/receipts/${seededA.receiptToken}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(["businessName", "lines"]);
    // Not the other records of A: its customers, guests, rooms, its other sales' ids, its clinic.
    for (const secret of ["Alpha Guest", "Alpha Customer", "Alpha-101", "0711000222", branchA.businessName])
      expect(res.body, `A's receipt shows ${secret}`).not.toContain(secret);
    for (const id of victimIds) expect(res.body).not.toContain(id);
    // B's own link opens B's receipt, never A's; a link of no receipt is 404.
    const b = await send({ method: "GET", url: `/api/public/receipts/${seededB.receiptToken}` });
    expect(b.statusCode).toBe(200);
    expect(b.body).not.toContain("Alpha");
    const none = await send({ method: "GET", url: `/api/public/receipts/${"x".repeat(43)}` });
    expect(none.statusCode).toBe(404);
  });
});
