import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { RouteEntry } from "../../src/platform/access.ts";
import {
  client,
  createTestApp,
  registerBusiness,
  registerEmployee,
  signInSupport,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { pdfText } from "../factories/payroll.ts";
import { candidates, routeShapes, type RouteShape } from "../factories/route-requests.ts";
import { day, seedHotel } from "../factories/rooms.ts";
import { newProduct } from "../factories/sales.ts";

/**
 * Privacy of a hotel's guests (issue 28): guests' and organisers' names and phones are read by
 * the owner and staff with the Rooms area (spec §6: admin or viewBooking) only. Every read route
 * is walked with every id of a seeded hotel in every id field, as staff without Rooms and as
 * the provider's support without the owner's support access (counts only: no one's name or
 * phone); the same walk as the front desk, and as support under the access, must find them.
 */
let t: TestApp;
let owner: Owner;
let desk: Staff;
let noRooms: Staff;
let support: { token: string; username: string };
let shapes: Map<RouteEntry, RouteShape>;
let ids: string[];
const MARKERS = ["Xylo Guest", "Xylo Organiser", "Xylo Online", "722000111", "733000111", "744000111"];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  const product = await newProduct(t.app, owner, owner.businessId);
  const seeded = await seedHotel(t.app, { token: owner.token, businessId: owner.businessId }, "Xylo", product._id);
  desk = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Receptionist", viewBooking: true });
  noRooms = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier", viewBooking: false });
  support = await signInSupport(t.app, t.database);
  shapes = routeShapes(t.app);
  const { rows } = await t.database.pool.query<{ id: string }>(
    `SELECT id::text AS id FROM online_requests WHERE business_id = $1
     UNION ALL SELECT sale_id::text AS id FROM booking_charges WHERE business_id = $1 AND sale_id IS NOT NULL`,
    [owner.businessId],
  );
  ids = [seeded.booking._id, seeded.room._id, seeded.type._id, seeded.conference._id, seeded.price._id];
  ids.push(...rows.map((r) => r.id));
}, 120_000);
afterAll(() => t.close());

type Answer = { route: RouteEntry; res: LightMyRequestResponse };
const textOf = (res: LightMyRequestResponse) =>
  String(res.headers["content-type"]).startsWith("application/pdf") ? pdfText(res.rawPayload) : res.body;

/** Every read route as one caller: each candidate request, each seeded id in every id field. */
async function walk(token: string): Promise<Answer[]> {
  const out: Answer[] = [];
  const reads = t.app.routeTable.filter((r) => r.method === "GET" && r.access.kind !== "public");
  for (const route of reads) {
    const shape = shapes.get(route)!;
    for (const id of ids) {
      const fill = (slot: string) => (slot.endsWith("businessId") ? owner.businessId : id);
      for (const c of candidates(shape, fill, token)) out.push({ route, res: await t.app.inject(c.request) });
    }
  }
  return out;
}
/** What each answer shows that it may not; `allowed` names, per route, what a till needs. */
const leaks = (answers: Answer[], allowed: Record<string, string[]> = {}) => [
  ...new Set(
    answers.flatMap(({ route, res }) =>
      MARKERS.filter((m) => textOf(res).includes(m) && !allowed[route.url]?.includes(m)).map(
        (m) => `${route.method} ${route.url} shows "${m}"`,
      ),
    ),
  ),
];
/**
 * The till charges a sale to a checked-in guest's room: it picks the guest from the in-house list,
 * and the sale names them (its receipt says who was charged). Their phone stays with the booking.
 */
const TILL_NAMES_GUEST = Object.fromEntries(
  ["/api/bookings/inhouse", "/api/sales", "/api/sales/:id"].map((url) => [url, ["Xylo Guest"]]),
);
const found = (answers: Answer[]) => MARKERS.filter((m) => answers.some(({ res }) => textOf(res).includes(m)));

describe("who reads a hotel guest's name and phone", () => {
  it("the front desk (viewBooking) finds every guest, organiser and online request (the walk reaches them)", async () => {
    expect(found(await walk(desk.token)).sort()).toEqual([...MARKERS].sort());
  }, 300_000);

  it("staff without the Rooms area read no guest's phone, and a name only where the till charges a room", async () => {
    // Before: the sales list and sale showed the charged guest's phone.
    expect(leaks(await walk(noRooms.token), TILL_NAMES_GUEST)).toEqual([]);
  }, 300_000);

  it("support without the owner's support access reads counts only: no name or phone through any read route", async () => {
    // Before: 20 answers named guests and organisers (bookings, board, rooms, conferences, online requests, sales).
    const answers = await walk(support.token);
    expect(leaks(answers)).toEqual([]);
    expect(answers.filter(({ res }) => res.statusCode >= 500).map(({ route }) => route.url)).toEqual([]);
    // Counts are still there: the analysis and the board's rooms answer.
    const analysis = await client(t.app, support.token).get(
      `/api/rooms/analysis?businessId=${owner.businessId}&from=${day(-1)}&to=${day(7)}`,
    );
    expect(analysis.statusCode, analysis.body).toBe(200);
    // The bookings list still answers, its guests hidden.
    const list = await client(t.app, support.token).get(`/api/bookings?businessId=${owner.businessId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    expect(list.json()[0].guestName).toBe("[hidden]");
  }, 300_000);

  it("support under the owner's support access reads the guests, as the owner it helps", async () => {
    const granted = await client(t.app, owner.token).post(`/api/businesses/${owner.businessId}/supportAccess`, {
      hours: 1,
    });
    expect(granted.statusCode).toBe(201);
    expect(found(await walk(support.token)).length).toBeGreaterThan(0);
    await client(t.app, owner.token).del(`/api/businesses/${owner.businessId}/supportAccess`);
  }, 300_000);
});
