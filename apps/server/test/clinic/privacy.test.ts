import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { RouteEntry } from "../../src/platform/access.ts";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { clinicStaff, seedClinic, type ClinicStaff } from "../factories/clinic.ts";
import { candidates, routeShapes, type RouteShape } from "../factories/route-requests.ts";

/**
 * Privacy of the clinic: clinical notes, diagnoses and results are read by clinical roles only,
 * whatever the route. The route table is walked as each role, with every id of a seeded clinic
 * in every id field, and no answer may carry text that role may not read. The same walk as the
 * doctor must find the notes, so the walk is not vacuous.
 */
let t: TestApp;
let owner: Owner;
let staff: ClinicStaff;
let seeded: Awaited<ReturnType<typeof seedClinic>>;
let shapes: Map<RouteEntry, RouteShape>;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "clinic" });
  staff = await clinicStaff(t.app, owner, owner.businessId);
  seeded = await seedClinic(t.app, owner, owner.businessId, "Zeta");
  shapes = routeShapes(t.app);
  ids = [
    seeded.patient,
    seeded.visit,
    seeded.labRequest,
    seeded.prescriptions.dispensed,
    seeded.prescriptions.pending,
    seeded.medicine,
    seeded.services.consultation,
    seeded.services.lab,
  ];
}, 120_000);
afterAll(() => t.close());

/** Every request of the walk for one caller: each route, each candidate, each seeded id in every id field. */
async function walk(
  token: string,
  routes: RouteEntry[],
): Promise<{ route: RouteEntry; res: LightMyRequestResponse }[]> {
  const out: { route: RouteEntry; res: LightMyRequestResponse }[] = [];
  for (const route of routes) {
    const shape = shapes.get(route)!;
    for (const id of ids) {
      const fill = (slot: string) => (slot.endsWith("businessId") ? owner.businessId : id);
      for (const c of candidates(shape, fill, token)) out.push({ route, res: await t.app.inject(c.request) });
    }
  }
  return out;
}

const reads = () => t.app.routeTable.filter((r) => r.method === "GET" && r.access.kind !== "public");
const leaks = (answers: { route: RouteEntry; res: LightMyRequestResponse }[], secrets: string[]) =>
  answers.flatMap(({ route, res }) =>
    secrets
      .filter((s) => res.body.includes(s))
      .map((s) => `${route.method} ${route.url} (${res.statusCode}) shows "${s}"`),
  );

describe("who reads what of a patient's record", () => {
  it("the doctor's walk finds the notes, results and allergies (the walk reaches them)", async () => {
    const answers = await walk(staff.doctor.token, reads());
    const all = [...seeded.secrets.notes, ...seeded.secrets.results, seeded.secrets.allergies];
    const found = new Set(all.filter((s) => answers.some(({ res }) => res.body.includes(s))));
    expect([...found].sort()).toEqual([...all].sort());
  }, 120_000);

  it("the pharmacist reads prescriptions and allergies, never notes or results; the lab never notes", async () => {
    const pharmacy = await walk(staff.pharmacist.token, reads());
    expect(leaks(pharmacy, [...seeded.secrets.notes, ...seeded.secrets.results, seeded.secrets.labNote])).toEqual([]);
    expect(pharmacy.some(({ res }) => res.body.includes(seeded.secrets.prescriptions[0]!))).toBe(true);
    expect(pharmacy.some(({ res }) => res.body.includes(seeded.secrets.allergies))).toBe(true);
    const lab = await walk(staff.lab.token, reads());
    expect(leaks(lab, [...seeded.secrets.notes, ...seeded.secrets.prescriptions, seeded.secrets.allergies])).toEqual(
      [],
    );
    expect(lab.some(({ res }) => res.body.includes(seeded.secrets.results[0]!))).toBe(true);
  }, 120_000);

  it("the receptionist cannot read clinical notes, diagnoses, results, prescriptions or allergies through ANY route", async () => {
    // Every route, reads and writes alike (a write answers with the record too), but signing
    // out, which would end the walk's own session.
    const routes = t.app.routeTable.filter((r) => r.access.kind !== "public" && !/logout/i.test(r.url));
    const answers = await walk(staff.receptionist.token, routes);
    expect(answers.length).toBeGreaterThan(routes.length * 8);
    const secrets = [
      ...seeded.secrets.notes,
      ...seeded.secrets.results,
      ...seeded.secrets.prescriptions,
      seeded.secrets.labNote,
      seeded.secrets.allergies,
      "Unspecified malaria", // the diagnosis's ICD-10 title
    ];
    expect(leaks(answers, secrets)).toEqual([]);
    // Reception still does its job: the queue and the patient's details (which the walk edited).
    const queue = await client(t.app, staff.receptionist.token).get(
      `/api/consultations?businessId=${owner.businessId}`,
    );
    expect(queue.json()[0]).toMatchObject({ _id: seeded.visit, patient: { _id: seeded.patient, allergies: null } });
    const visit = await client(t.app, staff.receptionist.token).get(`/api/consultations/${seeded.visit}`);
    expect(visit.json()).toMatchObject({ notes: null, vitals: null, labRequests: null, prescriptions: null });
  }, 300_000);

  it("a cashier sees the bill and nothing else of the patient; staff without clinic rights are refused", async () => {
    const cashier = client(t.app, staff.cashier.token);
    expect((await cashier.get(`/api/consultations/${seeded.visit}/bill`)).statusCode).toBe(200);
    expect((await cashier.get(`/api/patients?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await cashier.get(`/api/patients/${seeded.patient}/record`)).statusCode).toBe(403);
    expect((await cashier.get(`/api/consultations/lab?businessId=${owner.businessId}`)).statusCode).toBe(403);
    const visit = (await cashier.get(`/api/consultations/${seeded.visit}`)).json();
    expect(visit).toMatchObject({ notes: null, vitals: null, labRequests: null, prescriptions: null });
    expect(visit.patient.allergies).toBeNull();
  });
});
