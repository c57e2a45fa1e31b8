import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import {
  addMedicine,
  addService,
  clinicStaff,
  inDays,
  registerPatient,
  startVisit,
  type ClinicStaff,
} from "../factories/clinic.ts";

/** The patient journey of issue 15 through the API, each step by the person whose job it is. */
let t: TestApp;
let owner: Owner;
let staff: ClinicStaff;
let fee: { _id: string };
let malaria: { _id: string };
let amoxicillin: { _id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "clinic" });
  staff = await clinicStaff(t.app, owner, owner.businessId);
  fee = await addService(t.app, owner, owner.businessId, "consultation", "General consultation", 50_000);
  malaria = await addService(t.app, owner, owner.businessId, "lab", "Malaria RDT", 30_000);
  amoxicillin = await addMedicine(t.app, owner, owner.businessId, {
    name: "Amoxicillin 500mg",
    price: 1_500,
    batches: [
      { batchNumber: "LATE-1", expiryDate: inDays(700), quantity: 50 },
      { batchNumber: "SOON-1", expiryDate: inDays(60), quantity: 10 },
    ],
  });
}, 60_000);
afterAll(() => t.close());

const as = (who: { token: string }) => client(t.app, who.token);

describe("a visit from reception to the cashier", () => {
  it("walks through every stage, moves stock once and settles the bill", async () => {
    const b = owner.businessId;
    // Reception registers the patient and queues a visit with the consultation fee.
    const patient = await registerPatient(t.app, staff.receptionist, b, { fullName: "Achieng Otieno" });
    expect(patient.patientNumber).toBe(1);
    expect(patient.allergies).toBeNull(); // reception does not read allergies
    const visit = await startVisit(t.app, staff.receptionist, b, patient._id, fee._id);
    expect(visit).toMatchObject({ stage: "waiting", balance: 50_000, notes: null, vitals: null });
    const queue = await as(staff.receptionist).get(`/api/consultations?businessId=${b}`);
    expect(queue.json().map((v: { _id: string }) => v._id)).toEqual([visit._id]);

    // The nurse records vitals and an allergy at triage.
    let res = await as(staff.nurse).put(`/api/consultations/${visit._id}`, {
      stage: "triage",
      vitals: { temperature: 38.6, systolic: 118, diastolic: 76, pulse: 96, weight: 58.4, height: 162 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vitals).toMatchObject({ temperature: 38.6, weight: 58.4, recordedBy: staff.nurse.username });
    res = await as(staff.nurse).put(`/api/patients/${patient._id}`, { allergies: "Penicillin" });
    expect(res.statusCode, res.body).toBe(200);

    // The doctor writes the consultation, a diagnosis with its ICD-10 code, a lab request and a prescription.
    res = await as(staff.doctor).put(`/api/consultations/${visit._id}`, {
      stage: "consultation",
      complaint: "Fever for 3 days",
      examination: "Hot, no neck stiffness",
      diagnosis: "Suspected malaria",
      icd10Code: "b54",
      plan: "RDT, antipyretics",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notes).toMatchObject({ icd10Code: "B54", icd10Title: "Unspecified malaria" });
    expect(res.json().clinicianName).toBe(staff.doctor.username);
    res = await as(staff.doctor).post(`/api/consultations/${visit._id}/lab`, {
      tests: [{ serviceId: malaria._id, note: "Febrile" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const labId = res.json().labRequests[0]._id;
    await as(staff.doctor).put(`/api/consultations/${visit._id}`, { stage: "lab" });

    // The lab enters the result; the visit goes back to the doctor, who then sees it.
    const worklist = await as(staff.lab).get(`/api/consultations/lab?businessId=${b}`);
    expect(worklist.json().map((l: { _id: string }) => l._id)).toEqual([labId]);
    res = await as(staff.lab).put(`/api/consultations/lab/${labId}/result`, {
      value: "Positive (P. falciparum)",
      referenceRange: "Negative",
      flag: "abnormal",
    });
    expect(res.statusCode, res.body).toBe(200);
    let seen = (await as(staff.doctor).get(`/api/consultations/${visit._id}`)).json();
    expect(seen.stage).toBe("consultation");
    expect(seen.labRequests[0].result).toMatchObject({
      value: "Positive (P. falciparum)",
      resultedBy: staff.lab.username,
    });

    res = await as(staff.doctor).post(`/api/consultations/${visit._id}/prescriptions`, {
      items: [{ productId: amoxicillin._id, dose: "1 cap", frequency: "3 times a day", durationDays: 5, quantity: 15 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const rxId = res.json().prescriptions[0]._id;
    await as(staff.doctor).put(`/api/consultations/${visit._id}`, { stage: "pharmacy" });

    // The pharmacist is warned of the penicillin allergy, confirms, and the batch expiring first goes first.
    const toDispense = (await as(staff.pharmacist).get(`/api/consultations/prescriptions?businessId=${b}`)).json();
    expect(toDispense).toEqual([expect.objectContaining({ _id: rxId, medicine: "Amoxicillin 500mg", quantity: 15 })]);
    expect(toDispense[0].patient.allergies).toBe("Penicillin");
    res = await as(staff.pharmacist).post(`/api/consultations/prescriptions/${rxId}/dispense`, {
      acknowledgeAllergy: false,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("ALLERGY_WARNING");
    res = await as(staff.pharmacist).post(`/api/consultations/prescriptions/${rxId}/dispense`, {
      acknowledgeAllergy: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "dispensed",
      amount: 22_500,
      allergyOverrideBy: staff.pharmacist.username,
    });
    expect(
      res.json().batches.map((x: { batchNumber: string; quantity: number }) => [x.batchNumber, x.quantity]),
    ).toEqual([
      ["SOON-1", 10],
      ["LATE-1", 5],
    ]);
    const product = (await as(owner).get(`/api/products/${amoxicillin._id}`)).json();
    expect(product.quantity).toBe(45);
    const batches = (await as(owner).get(`/api/products/${amoxicillin._id}/batches`)).json();
    expect(batches.map((x: { batchNumber: string; quantity: number }) => [x.batchNumber, x.quantity])).toEqual([
      ["SOON-1", 0],
      ["LATE-1", 45],
    ]);

    // The cashier sees the bill at the POS and takes M-Pesa; the visit is done.
    const open = (await as(staff.cashier).get(`/api/consultations/bills?businessId=${b}`)).json();
    expect(open).toEqual([expect.objectContaining({ visitId: visit._id, stage: "billing", balance: 102_500 })]);
    const bill = (await as(staff.cashier).get(`/api/consultations/${visit._id}/bill`)).json();
    expect(bill.charges.map((c: { kind: string; amount: number }) => [c.kind, c.amount])).toEqual([
      ["consultation", 50_000],
      ["lab", 30_000],
      ["medicine", 22_500],
    ]);
    res = await as(staff.cashier).post(
      `/api/consultations/${visit._id}/payments`,
      { method: "M-Pesa", amount: 102_500, reference: "qkl4r5t6y7" },
      { "idempotency-key": "pay-visit-1-key" },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ balance: 0, paid: 102_500, stage: "done" });
    expect(res.json().payments[0]).toMatchObject({ method: "M-Pesa", reference: "QKL4R5T6Y7" });
    // A retry of the same payment returns the first answer, and pays nothing twice.
    const again = await as(staff.cashier).post(
      `/api/consultations/${visit._id}/payments`,
      { method: "M-Pesa", amount: 102_500, reference: "qkl4r5t6y7" },
      { "idempotency-key": "pay-visit-1-key" },
    );
    expect(again.json().payments).toHaveLength(1);
    const money = await t.database.pool.query(
      `SELECT kind, direction, method, amount::int AS amount FROM money_movements
        WHERE business_id = $1 AND source_area = 'clinic' AND source_id = $2`,
      [b, visit._id],
    );
    expect(money.rows).toEqual([{ kind: "clinic_payment", direction: "in", method: "M-Pesa", amount: 102_500 }]);
    res = await as(staff.cashier).post(`/api/consultations/${visit._id}/payments`, { method: "Cash", amount: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("BILL_OVERPAYMENT");

    // The record shows the whole visit to the doctor; the owner sees who read it.
    const record = (await as(staff.doctor).get(`/api/patients/${patient._id}/record`)).json();
    expect(record.patient.allergies).toBe("Penicillin");
    seen = record.visits[0];
    expect(seen).toMatchObject({ stage: "done", balance: 0 });
    expect(seen.notes.diagnosis).toBe("Suspected malaria");
    expect(seen.labRequests[0].result.value).toBe("Positive (P. falciparum)");
    expect(seen.prescriptions[0].status).toBe("dispensed");
    const log = (await as(owner).get(`/api/clinic/access-log?businessId=${b}&patientId=${patient._id}`)).json();
    const readers = new Set(log.items.map((e: { userName: string }) => e.userName));
    expect(readers).toEqual(
      new Set([staff.lab.username, staff.doctor.username, staff.pharmacist.username, staff.cashier.username]),
    );
    expect(log.items[0]).toMatchObject({ kind: "record", userName: staff.doctor.username, occupation: "Doctor" });
    expect((await as(staff.doctor).get(`/api/clinic/access-log?businessId=${b}`)).statusCode).toBe(403);

    // Reports count it.
    const today = new Date().toISOString().slice(0, 10);
    const report = (
      await as(owner).get(`/api/clinic/reports?businessId=${b}&from=${inDays(-1)}&to=${inDays(1)}`)
    ).json();
    expect(report.totals).toMatchObject({ visits: 1, patients: 1, billed: 102_500, paid: 102_500 });
    expect(report.topDiagnoses[0]).toMatchObject({ code: "B54", visits: 1 });
    expect(report.revenueByPayer).toEqual([{ payer: "M-Pesa", insurance: false, amount: 102_500 }]);
    expect(report.labWorkload).toEqual([{ testName: "Malaria RDT", requested: 1, completed: 1 }]);
    expect(today).toMatch(/^\d{4}/);
  });

  it("records an insurance (SHA) claim with member number and pre-authorisation, and reports it by payer", async () => {
    const b = owner.businessId;
    const patient = await registerPatient(t.app, staff.receptionist, b, {
      fullName: "Juma Mwangi",
      memberNumber: "SHA-778",
    });
    const visit = await startVisit(t.app, staff.receptionist, b, patient._id, fee._id);
    let res = await as(staff.cashier).post(`/api/consultations/${visit._id}/payments`, {
      method: "Insurance",
      amount: 50_000,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["insurer", "memberNumber", "preauthReference"]);
    res = await as(staff.cashier).post(`/api/consultations/${visit._id}/payments`, {
      method: "Insurance",
      amount: 50_000,
      insurer: "SHA",
      memberNumber: "SHA-778",
      preauthReference: "PA-2026-001",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payments[0]).toMatchObject({
      insurer: "SHA",
      memberNumber: "SHA-778",
      preauthReference: "PA-2026-001",
    });
    const report = (
      await as(owner).get(`/api/clinic/reports?businessId=${b}&from=${inDays(-1)}&to=${inDays(1)}`)
    ).json();
    expect(report.revenueByPayer).toContainEqual({ payer: "SHA", insurance: true, amount: 50_000 });
    // A claim is not money yet: the cash book does not count it.
    const money = await t.database.pool.query(
      `SELECT 1 FROM money_movements WHERE business_id = $1 AND source_area = 'clinic' AND source_id = $2`,
      [b, visit._id],
    );
    expect(money.rows).toEqual([]);
  });
});
