import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import {
  addMedicine,
  clinicStaff,
  inDays,
  registerPatient,
  startVisit,
  type ClinicStaff,
} from "../factories/clinic.ts";

/** Dispensing: the batch that expires first, never an expired one, never twice, never more than the shelf. */
let t: TestApp;
let owner: Owner;
let staff: ClinicStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "clinic" });
  staff = await clinicStaff(t.app, owner, owner.businessId);
}, 60_000);
afterAll(() => t.close());

const as = (who: { token: string }) => client(t.app, who.token);

/** A visit with one prescription per quantity of this medicine; returns the prescription ids. */
async function prescribe(productId: string, quantities: number[], patientOver: Record<string, unknown> = {}) {
  const patient = await registerPatient(t.app, owner, owner.businessId, {
    fullName: `Patient ${Math.random()}`,
    ...patientOver,
  });
  const visit = await startVisit(t.app, owner, owner.businessId, patient._id);
  const res = await as(staff.doctor).post(`/api/consultations/${visit._id}/prescriptions`, {
    items: quantities.map((quantity) => ({ productId, dose: "1", frequency: "daily", quantity })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { visit: visit._id as string, ids: res.json().prescriptions.map((p: { _id: string }) => p._id) as string[] };
}

const dispense = (id: string, body: object = { acknowledgeAllergy: false }, headers: Record<string, string> = {}) =>
  as(staff.pharmacist).post(`/api/consultations/prescriptions/${id}/dispense`, body, headers);
const stockOf = async (id: string) => (await as(owner).get(`/api/products/${id}`)).json().quantity as number;

describe("dispensing", () => {
  it("concurrent dispensing of the last units never oversells: one succeeds, the other is refused, stock and batches stay whole", async () => {
    const med = await addMedicine(t.app, owner, owner.businessId, {
      name: "Metformin 500mg",
      price: 200,
      batches: [{ batchNumber: "MET-1", expiryDate: inDays(300), quantity: 5 }],
    });
    for (let round = 0; round < 3; round++) {
      if (round > 0)
        await as(owner).post(`/api/products/${med._id}/batches`, {
          batchNumber: `MET-R${round}`,
          expiryDate: inDays(300),
          quantity: 5 - (await stockOf(med._id)),
        });
      expect(await stockOf(med._id)).toBe(5);
      const { ids } = await prescribe(med._id, [3, 3, 3]);
      const answers = await Promise.all(ids.map((id) => dispense(id)));
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, answers.map((r) => r.body).join("\n")).toEqual([200, 409, 409]);
      for (const r of answers.filter((x) => x.statusCode === 409))
        expect(r.json().error.code).toBe("INSUFFICIENT_STOCK");
      expect(await stockOf(med._id)).toBe(2);
      const batches = (await as(owner).get(`/api/products/${med._id}/batches`)).json();
      expect(batches.reduce((s: number, b: { quantity: number }) => s + b.quantity, 0)).toBe(2);
      const { rows } = await t.database.pool.query(
        `SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS d FROM stock_movements WHERE product_id = $1 AND reason = 'dispense'`,
        [med._id],
      );
      expect(rows[0]).toEqual({ n: round + 1, d: -3 * (round + 1) });
      // Only the dispensed prescription is on a bill.
      const { rows: charges } = await t.database.pool.query(
        `SELECT count(*)::int AS n FROM visit_charges WHERE ref_id = ANY($1::uuid[])`,
        [ids],
      );
      expect(charges[0].n).toBe(1);
      // Clear the rest for the next round.
      await as(owner).post(`/api/products/${med._id}/stock`, { quantity: 0, note: "reset" });
      await t.database.pool.query(`UPDATE product_batches SET quantity = 0 WHERE product_id = $1`, [med._id]);
    }
  });

  it("dispensing twice is refused (ALREADY_DISPENSED) and a retry with the same key answers the first result", async () => {
    const med = await addMedicine(t.app, owner, owner.businessId, {
      name: "Cetirizine 10mg",
      price: 300,
      batches: [{ batchNumber: "CET-1", expiryDate: inDays(200), quantity: 20 }],
    });
    const { ids } = await prescribe(med._id, [4]);
    const first = await dispense(ids[0]!, { acknowledgeAllergy: false }, { "idempotency-key": "dispense-once-key" });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await dispense(ids[0]!, { acknowledgeAllergy: false }, { "idempotency-key": "dispense-once-key" });
    expect(retry.json()).toEqual(first.json());
    const twice = await dispense(ids[0]!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("ALREADY_DISPENSED");
    expect(await stockOf(med._id)).toBe(16);
  });

  it("takes the batch that expires first, never an expired one (BATCH_EXPIRED), with nothing saved on refusal", async () => {
    const med = await addMedicine(t.app, owner, owner.businessId, {
      name: "ORS sachet",
      price: 100,
      batches: [
        { batchNumber: "ORS-NEW", expiryDate: inDays(500), quantity: 3 },
        { batchNumber: "ORS-MID", expiryDate: inDays(30), quantity: 2 },
      ],
    });
    // An expired batch (received earlier; expiry in the past now).
    await as(owner).post(`/api/products/${med._id}/batches`, {
      batchNumber: "ORS-OLD",
      expiryDate: inDays(40),
      quantity: 4,
    });
    await t.database.pool.query(
      `UPDATE product_batches SET expiry_date = $2 WHERE product_id = $1 AND batch_number = 'ORS-OLD'`,
      [med._id, inDays(-2)],
    );
    const { ids } = await prescribe(med._id, [4, 5]);
    const ok = await dispense(ids[0]!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().batches.map((b: { batchNumber: string; quantity: number }) => [b.batchNumber, b.quantity]),
    ).toEqual([
      ["ORS-MID", 2],
      ["ORS-NEW", 2],
    ]);
    const before = await databaseFingerprint(t.database);
    const expired = await dispense(ids[1]!);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.code).toBe("BATCH_EXPIRED");
    expect(expired.json().error.message).toMatch(/ORS-OLD/);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("more than is in stock, an unknown prescription, and an allergy without confirmation change nothing", async () => {
    const med = await addMedicine(t.app, owner, owner.businessId, {
      name: "Co-trimoxazole 960mg",
      price: 400,
      batches: [{ batchNumber: "CTX-1", expiryDate: inDays(200), quantity: 5 }],
    });
    const { ids } = await prescribe(med._id, [6]);
    const { ids: allergic } = await prescribe(med._id, [1], { allergies: "Sulfa drugs" });
    const before = await databaseFingerprint(t.database);
    const short = await dispense(ids[0]!);
    expect(short.statusCode).toBe(409);
    expect(short.json().error.code).toBe("INSUFFICIENT_STOCK");
    const unknown = await dispense(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    const warned = await dispense(allergic[0]!);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error.code).toBe("ALLERGY_WARNING");
    expect(warned.json().error.message).toMatch(/sulfa/);
    expect(await databaseFingerprint(t.database)).toEqual(before);
    // Only the pharmacy dispenses.
    expect(
      (
        await as(staff.doctor).post(`/api/consultations/prescriptions/${ids[0]}/dispense`, {
          acknowledgeAllergy: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await as(staff.receptionist).post(`/api/consultations/prescriptions/${ids[0]}/dispense`, {
          acknowledgeAllergy: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("the medicines a clinician can prescribe: products in batches, with the units in date and the next expiry", async () => {
    const med = await addMedicine(t.app, owner, owner.businessId, {
      name: "Zinc sulphate 20mg",
      price: 100,
      batches: [
        { batchNumber: "ZN-1", expiryDate: inDays(90), quantity: 10 },
        { batchNumber: "ZN-2", expiryDate: inDays(30), quantity: 5 },
      ],
    });
    await t.database.pool.query(
      `UPDATE product_batches SET expiry_date = $2 WHERE product_id = $1 AND batch_number = 'ZN-2'`,
      [med._id, inDays(-1)],
    );
    const res = await as(staff.doctor).get(`/api/clinic/medicines?businessId=${owner.businessId}&q=zinc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        productId: med._id,
        name: "Zinc sulphate 20mg",
        unit: "tabs",
        sellingprice: 100,
        available: 10,
        nextExpiry: inDays(90),
      },
    ]);
    expect((await as(staff.receptionist).get(`/api/clinic/medicines?businessId=${owner.businessId}`)).statusCode).toBe(
      403,
    );
  });

  it("a product never received in a batch cannot be dispensed", async () => {
    const product = (
      await as(owner).post("/api/products", {
        businessId: owner.businessId,
        name: "Loose item",
        sellingprice: 100,
        quantity: 10,
      })
    ).json();
    const { ids } = await prescribe(product._id, [1]);
    const res = await dispense(ids[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/No batch/);
  });
});
