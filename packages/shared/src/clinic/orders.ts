import { z } from "zod";
import { LAB_FLAGS, LAB_STATUSES, PRESCRIPTION_STATUSES } from "./visit.ts";

/** What a clinician orders during a visit: lab tests and prescriptions, and what the lab and pharmacy do with them. */

/** POST /consultations/{id}/lab: tests from the price list, each with a note to the lab. */
export const createLabRequestsInputSchema = z.object({
  tests: z
    .array(
      z.object({
        serviceId: z.uuid(),
        note: z.string().trim().max(500).default(""),
      }),
    )
    .min(1, "Choose at least one test")
    .max(20),
});
export type CreateLabRequestsInput = z.infer<typeof createLabRequestsInputSchema>;

/** PUT /consultations/lab/{id}/result: the lab technician's result. */
export const labResultInputSchema = z.object({
  value: z.string().trim().min(1, "Enter the result").max(200),
  unit: z.string().trim().max(40).default(""),
  referenceRange: z.string().trim().max(80).default(""),
  flag: z.enum(LAB_FLAGS),
  comment: z.string().trim().max(1000).default(""),
});
export type LabResultInput = z.infer<typeof labResultInputSchema>;

export const listLabQuerySchema = z.object({
  businessId: z.uuid(),
  status: z.enum(LAB_STATUSES).default("requested"),
  visitId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ListLabQuery = z.infer<typeof listLabQuerySchema>;
export type ListLabParams = z.input<typeof listLabQuerySchema>;

/** POST /consultations/{id}/prescriptions: medicines (inventory products) with how to take them. */
export const createPrescriptionsInputSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.uuid(),
        dose: z.string().trim().min(1, "Enter the dose").max(80),
        frequency: z.string().trim().min(1, "Enter how often").max(80),
        durationDays: z.number().int().min(1, "At least 1 day").max(365).nullable().optional(),
        quantity: z.number().int("Whole units only").min(1, "At least 1").max(10_000),
        instructions: z.string().trim().max(500).default(""),
      }),
    )
    .min(1, "Add at least one medicine")
    .max(30),
});
export type CreatePrescriptionsInput = z.infer<typeof createPrescriptionsInputSchema>;

export const listPrescriptionsQuerySchema = z.object({
  businessId: z.uuid(),
  status: z.enum(PRESCRIPTION_STATUSES).default("pending"),
  visitId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ListPrescriptionsQuery = z.infer<typeof listPrescriptionsQuerySchema>;
export type ListPrescriptionsParams = z.input<typeof listPrescriptionsQuerySchema>;

/** POST /consultations/prescriptions/{id}/dispense. */
export const dispenseInputSchema = z.object({
  /** Dispense although the patient has a recorded allergy that matches this medicine (after a warning). Always sent. */
  acknowledgeAllergy: z.boolean(),
});
export type DispenseInput = z.infer<typeof dispenseInputSchema>;

/** A medicine the clinician can prescribe: an inventory product with stock in batches. */
export const medicineSchema = z.object({
  productId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  sellingprice: z.number().int(),
  /** Units in batches that have not expired (what can be dispensed). */
  available: z.number().int(),
  /** The earliest expiry among those batches. */
  nextExpiry: z.string().nullable(),
});
export type Medicine = z.infer<typeof medicineSchema>;

export const listMedicinesQuerySchema = z.object({
  businessId: z.uuid(),
  q: z.string().trim().max(100).optional(),
});
