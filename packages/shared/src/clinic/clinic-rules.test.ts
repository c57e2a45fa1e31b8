import { describe, expect, it } from "vitest";
import { allergyMatches } from "./allergy.ts";
import { billTotals, visitPaymentInputSchema, visitPaymentProblem } from "./bill.ts";
import { icd10Entry, ICD10, searchIcd10 } from "./icd10.ts";
import { ageOn } from "./patient.ts";
import { stageAfterDispense, stageAfterLabResult, stageAfterPayment } from "./stages.ts";
import { vitalsSchema } from "./visit.ts";
import { pickBatches } from "../inventory/batch.ts";
import { clinicRightsOf } from "../permissions/clinic.ts";
import { allFlags } from "../accounts/auth.ts";

const staff = (occupation: string, isSupportUser = false) => ({
  isAdmin: isSupportUser,
  details: { username: "x", occupation, isSupportUser, ...allFlags(false) },
});

describe("clinic rules", () => {
  it("vitals a person cannot have are refused on their field", () => {
    const fail = (v: object) => {
      const r = vitalsSchema.safeParse(v);
      return r.success ? null : r.error.issues[0]!.path.join(".");
    };
    expect(fail({ temperature: 80 })).toBe("temperature");
    expect(fail({ weight: -3 })).toBe("weight");
    expect(fail({ systolic: 90, diastolic: 120 })).toBe("diastolic");
    expect(fail({ temperature: 37.2, systolic: 120, diastolic: 80, pulse: 72, weight: 70, height: 170 })).toBeNull();
  });

  it("allergies warn for the named drug and for drugs of a named class", () => {
    expect(allergyMatches("Penicillin", "Amoxicillin 500mg")).toEqual(["penicillin"]);
    expect(allergyMatches("sulfa drugs; aspirin", "Co-trimoxazole 960mg")).toEqual(["sulfa"]);
    expect(allergyMatches("Ibuprofen", "Ibuprofen 400mg")).toEqual(["ibuprofen"]);
    expect(allergyMatches("Penicillin", "Paracetamol 500mg")).toEqual([]);
    expect(allergyMatches("None", "Amoxicillin")).toEqual([]);
    expect(allergyMatches(null, "Amoxicillin")).toEqual([]);
  });

  it("batches: the first to expire goes first, expired ones never", () => {
    const b = (id: string, expiryDate: string, quantity: number) => ({ id, batchNumber: id, expiryDate, quantity });
    const batches = [b("LATE", "2027-01-01", 5), b("SOON", "2026-06-01", 2), b("OLD", "2026-01-01", 9)];
    const pick = pickBatches(batches, 4, "2026-03-01");
    expect(pick.ok && pick.taken.map((x) => [x.id, x.take])).toEqual([
      ["SOON", 2],
      ["LATE", 2],
    ]);
    expect(pickBatches(batches, 8, "2026-03-01")).toMatchObject({ ok: false, reason: "expired", usable: 7 });
    expect(pickBatches(batches, 20, "2026-03-01")).toMatchObject({ ok: false, reason: "short" });
    // On its expiry date a batch may still be used.
    expect(pickBatches([b("D", "2026-03-01", 1)], 1, "2026-03-01").ok).toBe(true);
  });

  it("ICD-10: codes are unique, found by code or words", () => {
    expect(new Set(ICD10.map((e) => e.code)).size).toBe(ICD10.length);
    expect(searchIcd10("b54")[0]).toEqual({ code: "B54", title: "Unspecified malaria" });
    expect(searchIcd10("upper resp").map((e) => e.code)).toContain("J06.9");
    expect(icd10Entry("i10")?.title).toBe("Essential (primary) hypertension");
    expect(icd10Entry("Q99.9")).toBeUndefined();
  });

  it("stages move by themselves only from the stage the work belongs to", () => {
    expect(stageAfterLabResult("lab", 0)).toBe("consultation");
    expect(stageAfterLabResult("lab", 1)).toBe("lab");
    expect(stageAfterLabResult("pharmacy", 0)).toBe("pharmacy");
    expect(stageAfterDispense("pharmacy", 0)).toBe("billing");
    expect(stageAfterPayment("billing", 0)).toBe("done");
    expect(stageAfterPayment("consultation", 0)).toBe("consultation");
  });

  it("bills: totals, overpayment, and what each payment method needs", () => {
    expect(billTotals([{ amount: 500 }, { amount: 300 }], [{ amount: 200 }])).toEqual({
      total: 800,
      paid: 200,
      balance: 600,
    });
    expect(visitPaymentProblem(600, 700)).toMatch(/more than the balance/);
    expect(visitPaymentProblem(0, 1)).toMatch(/fully paid/);
    expect(visitPaymentProblem(600, 600)).toBeNull();
    const paths = (v: object) => {
      const r = visitPaymentInputSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join(".")).sort();
    };
    expect(paths({ method: "M-Pesa", amount: 100 })).toEqual(["reference"]);
    expect(paths({ method: "Insurance", amount: 100 })).toEqual(["insurer", "memberNumber", "preauthReference"]);
    expect(paths({ method: "Cash", amount: 100 })).toEqual([]);
  });

  it("rights: reception and the pharmacy never read notes; support reads no patient", () => {
    expect(clinicRightsOf(staff("Receptionist")).has("notes.read")).toBe(false);
    expect(clinicRightsOf(staff("Pharmacist")).has("notes.read")).toBe(false);
    expect(clinicRightsOf(staff("Pharmacist")).has("prescriptions.read")).toBe(true);
    expect(clinicRightsOf(staff("Lab Technician")).has("results.read")).toBe(true);
    expect(clinicRightsOf(staff("Doctor")).has("notes.write")).toBe(true);
    expect([...clinicRightsOf(staff("Support", true))]).toEqual(["reports"]);
  });

  it("age in whole years on a day", () => {
    expect(ageOn("1990-04-12", "2026-04-11")).toBe(35);
    expect(ageOn("1990-04-12", "2026-04-12")).toBe(36);
    expect(ageOn(null, "2026-01-01")).toBeNull();
  });
});
