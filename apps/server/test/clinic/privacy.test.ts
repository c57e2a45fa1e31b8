import { rebuildDirtyDays } from "../../src/modules/reports/rollups.ts";
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
  type TestApp,
} from "../factories/app.ts";
import { clinicStaff, inDays, registerPatient, seedClinic, startVisit, type ClinicStaff } from "../factories/clinic.ts";
import { pdfText } from "../factories/payroll.ts";
import { seedHotel } from "../factories/rooms.ts";
import { newProduct } from "../factories/sales.ts";
import { candidates, routeShapes, type RouteShape } from "../factories/route-requests.ts";

/**
 * Privacy of the clinic: clinical notes, diagnoses and results are read by clinical roles only,
 * whatever the route. The route table is walked as each role, with every id of a seeded clinic
 * in every id field, and no answer may carry text that role may not read. The same walk as the
 * doctor must find the notes, so the walk is not vacuous. The reports (a clinic's and a hotel's,
 * JSON, CSV and PDF) are read as every role, support included, for names and free text.
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

/**
 * The report, dashboard, summary (JSON, CSV, PDF) and cash book routes of a clinic and a hotel, read by
 * everyone who may ask: the owner, a Manager, an employee without the right or area, and the
 * provider's support with and without the owner's support access. Each answer is searched for
 * marker text planted in the records: a free-text diagnosis with no ICD-10 code, patients',
 * guests' and organisers' names and phones. Reports are counts and sums: no one may find them.
 */
describe("reports, exports and dashboard cards carry no clinical free text and no one's name", () => {
  const period = `from=${inDays(-1)}&to=${inDays(1)}`;
  const reportRoutes = (businessId: string, own: string[]) => [
    ...own,
    `/api/reports/dashboard?businessId=${businessId}`,
    `/api/reports/summary?businessId=${businessId}&${period}`,
    `/api/reports/summary/csv?businessId=${businessId}&${period}`,
    `/api/reports/summary/pdf?businessId=${businessId}&${period}`,
    `/api/transactions?businessId=${businessId}`, // the cash book: visit and bill payments
  ];
  /** The text of an answer: JSON and CSV as sent, a PDF's text drawn out of its pages. */
  const textOf = (res: LightMyRequestResponse) =>
    String(res.headers["content-type"]).startsWith("application/pdf") ? pdfText(res.rawPayload) : res.body;
  type Caller = { who: string; token: string; allowed: boolean };
  /** Every route as every caller: each answers 200 (or 403 where the caller may not read it), and no marker shows. */
  async function readAll(urls: string[], callers: Caller[], markers: string[]) {
    const problems: string[] = [];
    let read = 0;
    for (const c of callers)
      for (const url of urls) {
        const res = await client(t.app, c.token).get(url);
        const path = url.split("?")[0];
        if (res.statusCode === 200) read++;
        else if (res.statusCode !== 403 || c.allowed)
          problems.push(`${c.who} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        const text = textOf(res).toLowerCase();
        for (const m of markers) if (text.includes(m.toLowerCase())) problems.push(`${c.who} ${path} shows "${m}"`);
      }
    return { problems, read };
  }

  it("clinic: a diagnosis without an ICD-10 code is counted as Uncoded, never by the clinician's words; no patient is named", async () => {
    const b = owner.businessId;
    const marker = { name: "Quillon Uncodedpatient", phone: "0799123456", diagnosis: "quillon-kidney-worry" };
    const patient = await registerPatient(t.app, owner, b, { fullName: marker.name, phone: marker.phone });
    const visit = await startVisit(t.app, owner, b, patient._id, seeded.services.consultation);
    const noted = await client(t.app, owner.token).put(`/api/consultations/${visit._id}`, {
      stage: "consultation",
      diagnosis: `Suspected ${marker.diagnosis}`,
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const manager = await registerEmployee(t.app, owner, b, { occupation: "Manager" });
    const support = await signInSupport(t.app, t.database);
    const urls = reportRoutes(b, [`/api/clinic/reports?businessId=${b}&${period}`]);
    const markers = [marker.name, marker.phone, marker.diagnosis, ...seeded.secrets.notes, "Zeta Patient"];
    const callers: Caller[] = [
      { who: "owner", token: owner.token, allowed: true },
      { who: "manager", token: manager.token, allowed: false },
      { who: "cashier (no reports right)", token: staff.cashier.token, allowed: false },
      { who: "support without access", token: support.token, allowed: true },
    ];
    // The rollups the reports read, built as the rebuild job would (this app runs no jobs).
    await rebuildDirtyDays(t.database.db, b, "Africa/Nairobi");
    const without = await readAll(urls, callers, markers);
    const granted = await client(t.app, owner.token).post(`/api/businesses/${b}/supportAccess`, { hours: 1 });
    expect(granted.statusCode, granted.body).toBe(201);
    const withAccess = await readAll(
      urls,
      [{ who: "support with access", token: support.token, allowed: true }],
      markers,
    );
    await client(t.app, owner.token).del(`/api/businesses/${b}/supportAccess`);
    expect([...without.problems, ...withAccess.problems]).toEqual([]);
    expect(without.read).toBeGreaterThanOrEqual(urls.length * 2); // the owner and support read them all

    // The counts are still there: coded by code and title, the rest in one Uncoded row.
    for (const token of [owner.token, manager.token, support.token]) {
      const report = (await client(t.app, token).get(`/api/clinic/reports?businessId=${b}&${period}`)).json();
      expect(report.topDiagnoses).toEqual(
        expect.arrayContaining([
          { code: "B54", label: "Unspecified malaria", visits: 1 },
          { code: null, label: "Uncoded", visits: 1 },
        ]),
      );
      expect(report.totals.patients).toBeGreaterThanOrEqual(2);
    }
  }, 120_000);

  it("hotel: occupancy and the reports name no guest and show no phone, to the owner, a manager, staff or support", async () => {
    const hotel = await registerBusiness(t.app, { businessType: "hotel" });
    const who = { token: hotel.token, businessId: hotel.businessId };
    const product = await newProduct(t.app, hotel, hotel.businessId); // a sale charged to the guest's room
    await seedHotel(t.app, who, "Xylo", product._id);
    const manager = await registerEmployee(t.app, hotel, hotel.businessId, {
      occupation: "Manager",
      viewBooking: true,
    });
    const noRooms = await registerEmployee(t.app, hotel, hotel.businessId, {
      occupation: "Cashier",
      viewBooking: false,
    });
    const support = await signInSupport(t.app, t.database);
    const b = hotel.businessId;
    const urls = reportRoutes(b, [`/api/rooms/analysis?businessId=${b}&from=${inDays(-1)}&to=${inDays(7)}`]);
    const markers = ["Xylo Guest", "Xylo Organiser", "Xylo Online", "0722000111", "0733000111", "0744000111"];
    const callers: Caller[] = [
      { who: "owner", token: hotel.token, allowed: true },
      { who: "manager", token: manager.token, allowed: false },
      { who: "staff without rooms", token: noRooms.token, allowed: false },
      { who: "support without access", token: support.token, allowed: true },
    ];
    // The rollups the reports read, built as the rebuild job would (this app runs no jobs).
    await rebuildDirtyDays(t.database.db, b, "Africa/Nairobi");
    const without = await readAll(urls, callers, markers);
    expect((await client(t.app, hotel.token).post(`/api/businesses/${b}/supportAccess`, { hours: 1 })).statusCode).toBe(
      201,
    );
    const withAccess = await readAll(
      urls,
      [{ who: "support with access", token: support.token, allowed: true }],
      markers,
    );
    expect([...without.problems, ...withAccess.problems]).toEqual([]);
    expect(without.read).toBeGreaterThanOrEqual(urls.length * 2 + 1); // the manager reads the analysis
    // The front desk still names its guests (the walk is not blind to them).
    const board = await client(t.app, manager.token).get(`/api/rooms/board?businessId=${b}&from=${inDays(0)}&days=7`);
    expect(board.body).toContain("Xylo Guest");
  }, 120_000);
});
