import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { RouteEntry } from "../../src/platform/access.ts";
import { client, createTestApp, registerBusiness, signInSupport, type Owner, type TestApp } from "../factories/app.ts";
import { seedClinic } from "../factories/clinic.ts";
import { pdfText } from "../factories/payroll.ts";
import { candidates, routeShapes, type RouteShape } from "../factories/route-requests.ts";

/**
 * The provider's support in a clinic (issue 28): without the owner's support access it reads
 * counts only, never a patient's name, phone or ID number, nor any clinical text, through any
 * read route (every id of a seeded clinic in every id field). The clinic's records need a clinical
 * right, which support never holds, so the access changes nothing here.
 */
let t: TestApp;
let owner: Owner;
let support: { token: string; username: string };
let seeded: Awaited<ReturnType<typeof seedClinic>>;
let shapes: Map<RouteEntry, RouteShape>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "clinic" });
  seeded = await seedClinic(t.app, owner, owner.businessId, "Zeta");
  support = await signInSupport(t.app, t.database);
  shapes = routeShapes(t.app);
}, 120_000);
afterAll(() => t.close());

type Answer = { route: RouteEntry; res: LightMyRequestResponse };
const textOf = (res: LightMyRequestResponse) =>
  String(res.headers["content-type"]).startsWith("application/pdf") ? pdfText(res.rawPayload) : res.body;

async function walk(token: string): Promise<Answer[]> {
  const ids = [
    seeded.patient,
    seeded.visit,
    seeded.labRequest,
    seeded.prescriptions.dispensed,
    seeded.prescriptions.pending,
    seeded.medicine,
    seeded.services.consultation,
  ];
  const out: Answer[] = [];
  for (const route of t.app.routeTable.filter((r) => r.method === "GET" && r.access.kind !== "public")) {
    for (const id of ids) {
      const fill = (slot: string) => (slot.endsWith("businessId") ? owner.businessId : id);
      for (const c of candidates(shapes.get(route)!, fill, token))
        out.push({ route, res: await t.app.inject(c.request) });
    }
  }
  return out;
}
const markers = () => [
  "Zeta Patient",
  "722000111",
  "12345678",
  ...seeded.secrets.notes,
  ...seeded.secrets.results,
  ...seeded.secrets.prescriptions,
  seeded.secrets.labNote,
  seeded.secrets.allergies,
];
const shown = (answers: Answer[]) => [
  ...new Set(
    answers.flatMap(({ route, res }) =>
      markers()
        .filter((m) => textOf(res).includes(m))
        .map((m) => `${route.method} ${route.url} shows "${m}"`),
    ),
  ),
];

describe("support in a clinic", () => {
  it("without the owner's support access: no patient's name, phone, ID or clinical text through any read route", async () => {
    const answers = await walk(support.token);
    expect(shown(answers)).toEqual([]);
    expect(answers.filter(({ res }) => res.statusCode >= 500).map(({ route }) => route.url)).toEqual([]);
    // Counts are still there: the clinic's report.
    const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = await client(t.app, support.token).get(
      `/api/clinic/reports?businessId=${owner.businessId}&from=${from}&to=${to}`,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.patients).toBeGreaterThan(0);
  }, 300_000);

  it("under the owner's support access: still no clinical record (clinical roles only) and no patient's details", async () => {
    // Support holds no clinical right: the clinic's routes refuse it or leave the record out, access or not.
    const granted = await client(t.app, owner.token).post(`/api/businesses/${owner.businessId}/supportAccess`, {
      hours: 1,
    });
    expect(granted.statusCode).toBe(201);
    expect(shown(await walk(support.token))).toEqual([]);
  }, 300_000);
});
