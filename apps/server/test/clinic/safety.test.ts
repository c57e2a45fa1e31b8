import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { addService, clinicStaff, registerPatient, startVisit, type ClinicStaff } from "../factories/clinic.ts";

/** Bad input and unsafe requests of issue 15: clear errors, nothing saved. */
let t: TestApp;
let owner: Owner;
let other: Owner;
let staff: ClinicStaff;
let patient: { _id: string };
let visit: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "clinic" });
  other = await registerBusiness(t.app, { businessType: "clinic" });
  staff = await clinicStaff(t.app, owner, owner.businessId);
  patient = await registerPatient(t.app, staff.receptionist, owner.businessId);
  visit = await startVisit(t.app, staff.receptionist, owner.businessId, patient._id);
}, 60_000);
afterAll(() => t.close());

const as = (who: { token: string }) => client(t.app, who.token);

/** Runs a request and checks it answered `status` without writing anything anywhere. */
async function refused(
  status: number,
  send: () => Promise<{
    statusCode: number;
    body: string;
    json: () => { error: { code: string; message: string; fields?: Record<string, string> } };
  }>,
) {
  const before = await databaseFingerprint(t.database);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(await databaseFingerprint(t.database)).toEqual(before);
  return res.json().error;
}

describe("bad input and safety", () => {
  it("impossible vitals (temperature 80, weight -3) are 400 naming the field", async () => {
    const url = `/api/consultations/${visit._id}`;
    let error = await refused(400, () => as(staff.nurse).put(url, { vitals: { temperature: 80 } }));
    expect(error.fields).toHaveProperty("vitals.temperature", "Must be between 25 and 45 °C");
    error = await refused(400, () => as(staff.nurse).put(url, { vitals: { weight: -3 } }));
    expect(error.fields).toHaveProperty("vitals.weight");
    error = await refused(400, () => as(staff.nurse).put(url, { vitals: { systolic: 80, diastolic: 120 } }));
    expect(error.fields).toHaveProperty("vitals.diastolic");
    error = await refused(400, () => as(staff.nurse).put(url, { vitals: { pulse: 72.5 } }));
    expect(error.fields).toHaveProperty("vitals.pulse");
  });

  it("a visit for a patient of another business is 404, nothing saved", async () => {
    const theirs = await registerPatient(t.app, other, other.businessId, { fullName: "Other Clinic Patient" });
    const error = await refused(404, () =>
      as(staff.receptionist).post("/api/consultations", { businessId: owner.businessId, patientId: theirs._id }),
    );
    expect(error.message).toBe("Patient not found");
    expect(JSON.stringify(error)).not.toContain("Other Clinic Patient");
  });

  it("a lab result for a request that does not exist is 404; an ICD-10 code not in the list is 400", async () => {
    await refused(404, () =>
      as(staff.lab).put(`/api/consultations/lab/${crypto.randomUUID()}/result`, { value: "5.4", flag: "normal" }),
    );
    const error = await refused(400, () =>
      as(staff.doctor).put(`/api/consultations/${visit._id}`, { icd10Code: "Q99.9" }),
    );
    expect(error.fields).toEqual({ icd10Code: "Pick a code from the list" });
  });

  it("roles: reception cannot write notes or allergies, the lab cannot prescribe, a result cannot be entered twice", async () => {
    await refused(403, () => as(staff.receptionist).put(`/api/consultations/${visit._id}`, { diagnosis: "Flu" }));
    await refused(403, () => as(staff.receptionist).put(`/api/patients/${patient._id}`, { allergies: "None" }));
    const test = await addService(t.app, owner, owner.businessId, "lab", "Haemoglobin", 20_000);
    await refused(403, () =>
      as(staff.lab).post(`/api/consultations/${visit._id}/lab`, { tests: [{ serviceId: test._id }] }),
    );
    const withLab = (
      await as(staff.doctor).post(`/api/consultations/${visit._id}/lab`, { tests: [{ serviceId: test._id }] })
    ).json();
    const id = withLab.labRequests.at(-1)._id;
    expect(
      (await as(staff.lab).put(`/api/consultations/lab/${id}/result`, { value: "12.1", unit: "g/dL", flag: "normal" }))
        .statusCode,
    ).toBe(200);
    await refused(409, () => as(staff.lab).put(`/api/consultations/lab/${id}/result`, { value: "13", flag: "normal" }));
  });

  it("a second open visit for the same patient is 409; an archived patient cannot be queued", async () => {
    const error = await refused(409, () =>
      as(staff.receptionist).post("/api/consultations", { businessId: owner.businessId, patientId: patient._id }),
    );
    expect(error.fields).toHaveProperty("patientId");
  });

  it("a patient with visits is archived, never erased; one without is erased", async () => {
    const res = await as(staff.receptionist).del(`/api/patients/${patient._id}`);
    expect(res.json()).toMatchObject({ outcome: "archived", patient: { archived: true } });
    expect((await as(owner).get(`/api/patients/${patient._id}/record`)).json().visits).toHaveLength(1);
    await refused(409, () =>
      as(staff.receptionist).post("/api/consultations", { businessId: owner.businessId, patientId: patient._id }),
    );
    const list = await as(staff.receptionist).get(`/api/patients?businessId=${owner.businessId}&archived=true`);
    expect(list.json().items.map((p: { _id: string }) => p._id)).toEqual([patient._id]);
    const walkIn = await registerPatient(t.app, staff.receptionist, owner.businessId, { fullName: "Typo Person" });
    expect((await as(staff.receptionist).del(`/api/patients/${walkIn._id}`)).json().outcome).toBe("deleted");
    expect((await as(owner).get(`/api/patients/${walkIn._id}/record`)).statusCode).toBe(404);
  });

  it("a visit with a result is kept (409); one queued by mistake is removed", async () => {
    await refused(409, () => as(staff.receptionist).del(`/api/consultations/${visit._id}`));
    const p = await registerPatient(t.app, staff.receptionist, owner.businessId, { fullName: "Queued Twice" });
    const v = await startVisit(t.app, staff.receptionist, owner.businessId, p._id);
    expect((await as(staff.receptionist).del(`/api/consultations/${v._id}`)).statusCode).toBe(200);
  });

  it("patients are found by name, phone, ID, number and birth date", async () => {
    const p = await registerPatient(t.app, staff.receptionist, owner.businessId, {
      fullName: "Kiprono Chebet",
      phone: "0711222333",
      idNumber: "87654321",
      birthDate: "1985-02-03",
    });
    const find = async (q: string) =>
      (await as(staff.receptionist).get(`/api/patients?businessId=${owner.businessId}&q=${encodeURIComponent(q)}`))
        .json()
        .items.map((x: { _id: string }) => x._id);
    for (const q of [
      "kiprono",
      "0711222333",
      "87654321",
      "1985-02-03",
      `P-${String(p.patientNumber).padStart(6, "0")}`,
    ])
      expect(await find(q), q).toEqual([p._id]);
  });
});
