import { z } from "zod";
import { patientSchema } from "./patient.ts";
import { consultationSchema } from "./visit.ts";

/** GET /patients/{id}/record: a patient's history, each visit shown as the caller may see it. */
export const patientRecordSchema = z.object({
  patient: patientSchema,
  visits: z.array(consultationSchema),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;
