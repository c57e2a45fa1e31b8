import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { client, registerEmployee, type Staff } from "./app.ts";

type Caller = { token: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function ok(res: Promise<LightMyRequestResponse>, what: string): Promise<Json & { _id: string }> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.json();
}

/** The clinic's staff, one of each occupation, signed in. */
export type ClinicStaff = Record<"doctor" | "nurse" | "lab" | "pharmacist" | "receptionist" | "cashier", Staff>;

export async function clinicStaff(app: FastifyInstance, owner: Caller, businessId: string): Promise<ClinicStaff> {
  const as = (occupation: string) => registerEmployee(app, owner, businessId, { occupation });
  return {
    doctor: await as("Doctor"),
    nurse: await as("Nurse"),
    lab: await as("Lab Technician"),
    pharmacist: await as("Pharmacist"),
    receptionist: await as("Receptionist"),
    cashier: await as("Cashier"),
  };
}

/** A price list entry (owner). */
export async function addService(
  app: FastifyInstance,
  owner: Caller,
  businessId: string,
  kind: string,
  name: string,
  price: number,
) {
  return ok(
    client(app, owner.token).post("/api/clinic/services", { businessId, kind, name, price }),
    `service ${name}`,
  );
}

/** A medicine: a product received in one batch (owner, through inventory's routes). */
export async function addMedicine(
  app: FastifyInstance,
  owner: Caller,
  businessId: string,
  opts: { name: string; price: number; batches: { batchNumber: string; expiryDate: string; quantity: number }[] },
) {
  const api = client(app, owner.token);
  const product = await ok(
    api.post("/api/products", { businessId, name: opts.name, sellingprice: opts.price, quantity: 0, unit: "tabs" }),
    `product ${opts.name}`,
  );
  for (const b of opts.batches) await ok(api.post(`/api/products/${product._id}/batches`, b), `batch ${b.batchNumber}`);
  return product;
}

export const registerPatient = (app: FastifyInstance, caller: Caller, businessId: string, over: Json = {}) =>
  ok(
    client(app, caller.token).post("/api/patients", {
      businessId,
      fullName: "Wanjiku Kamau",
      sex: "female",
      birthDate: "1990-04-12",
      phone: "0722000111",
      idNumber: "12345678",
      ...over,
    }),
    "patient",
  );

export const startVisit = (
  app: FastifyInstance,
  caller: Caller,
  businessId: string,
  patientId: string,
  serviceId?: string,
) => ok(client(app, caller.token).post("/api/consultations", { businessId, patientId, serviceId }), "visit");

/** A date `days` from today, "yyyy-MM-dd" (UTC; tests keep clear of midnight by using whole years). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Gives a clinic one record of every clinic kind, with text only this business has (for the
 * route walks and the privacy tests): the price list, a medicine in a batch, a patient with an
 * allergy, a visit with vitals, notes and an ICD-10 diagnosis, a lab result, a dispensed and a
 * pending prescription, a payment, and the access log those reads wrote.
 */
export async function seedClinic(app: FastifyInstance, owner: Caller, businessId: string, tag: string) {
  const api = client(app, owner.token);
  const consultation = await addService(app, owner, businessId, "consultation", `${tag} General consultation`, 50_000);
  const malaria = await addService(app, owner, businessId, "lab", `${tag} Malaria test`, 30_000);
  const medicine = await addMedicine(app, owner, businessId, {
    name: `${tag} Paracetamol 500mg`,
    price: 500,
    batches: [{ batchNumber: `${tag}-B1`, expiryDate: inDays(400), quantity: 100 }],
  });
  const patient = await registerPatient(app, owner, businessId, {
    fullName: `${tag} Patient`,
    allergies: `Sulfa drugs, ${tag.toLowerCase()}-dust`,
  });
  const visit = await startVisit(app, owner, businessId, patient._id, consultation._id);
  await ok(
    api.put(`/api/consultations/${visit._id}`, {
      stage: "consultation",
      vitals: { temperature: 38.2, systolic: 120, diastolic: 80, pulse: 88, weight: 64.5, height: 165 },
      complaint: `${tag} secret complaint`,
      history: `${tag} secret history`,
      examination: `${tag} secret examination`,
      diagnosis: `${tag} secret diagnosis`,
      icd10Code: "B54",
      plan: `${tag} secret plan`,
    }),
    "consultation notes",
  );
  const withLab = await ok(
    api.post(`/api/consultations/${visit._id}/lab`, {
      tests: [{ serviceId: malaria._id, note: `${tag} secret lab note` }],
    }),
    "lab request",
  );
  const labRequestId = withLab.labRequests[0]._id as string;
  await ok(
    api.put(`/api/consultations/lab/${labRequestId}/result`, {
      value: `${tag} secret result`,
      unit: "",
      referenceRange: "Negative",
      flag: "abnormal",
      comment: `${tag} secret comment`,
    }),
    "lab result",
  );
  const withRx = await ok(
    api.post(`/api/consultations/${visit._id}/prescriptions`, {
      items: [
        { productId: medicine._id, dose: "1 tab", frequency: "3 times a day", durationDays: 3, quantity: 9 },
        { productId: medicine._id, dose: "2 tabs", frequency: `${tag} secret frequency`, quantity: 2 },
      ],
    }),
    "prescriptions",
  );
  const [rxDispensed, rxPending] = withRx.prescriptions.map((p: Json) => p._id as string);
  await ok(
    api.post(`/api/consultations/prescriptions/${rxDispensed}/dispense`, { acknowledgeAllergy: false }),
    "dispense",
  );
  await ok(
    api.post(`/api/consultations/${visit._id}/payments`, { method: "M-Pesa", amount: 10_000, reference: "QAB1234567" }),
    "payment",
  );
  await ok(api.get(`/api/patients/${patient._id}/record`), "record read");
  return {
    patient: patient._id as string,
    visit: visit._id as string,
    labRequest: labRequestId,
    prescriptions: { dispensed: rxDispensed as string, pending: rxPending as string },
    medicine: medicine._id as string,
    services: { consultation: consultation._id as string, lab: malaria._id as string },
    /** Text that only clinicians (or the lab, or the pharmacy) may read. */
    secrets: {
      notes: [
        `${tag} secret complaint`,
        `${tag} secret history`,
        `${tag} secret examination`,
        `${tag} secret diagnosis`,
        `${tag} secret plan`,
      ],
      results: [`${tag} secret result`, `${tag} secret comment`],
      labNote: `${tag} secret lab note`,
      prescriptions: [`${tag} secret frequency`],
      allergies: `${tag.toLowerCase()}-dust`,
    },
  };
}
