import { z } from "zod";
import { calendarDateSchema } from "./patient.ts";

/** /clinicreports: visits per day, top diagnoses, lab workload, revenue by service and by payer. */
export const clinicReportQuerySchema = z
  .object({
    businessId: z.uuid(),
    from: calendarDateSchema,
    to: calendarDateSchema,
  })
  .refine((q) => q.from <= q.to, { message: "The start must not be after the end", path: ["to"] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: "At most a year at a time",
    path: ["to"],
  });
export type ClinicReportQuery = z.infer<typeof clinicReportQuerySchema>;

/** The label of the one row of diagnoses written without an ICD-10 code (the web translates it). */
export const UNCODED_DIAGNOSIS = "Uncoded";

export const clinicReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  visitsPerDay: z.array(z.object({ day: z.string(), visits: z.number().int() })),
  /**
   * By ICD-10 code (label: the list's title); diagnoses written without a code are one row,
   * `code: null`, label "Uncoded": a report never carries a clinician's words.
   */
  topDiagnoses: z.array(z.object({ code: z.string().nullable(), label: z.string(), visits: z.number().int() })),
  labWorkload: z.array(z.object({ testName: z.string(), requested: z.number().int(), completed: z.number().int() })),
  /** Charges by kind (consultation, lab, medicine), in cents. */
  revenueByService: z.array(z.object({ kind: z.string(), amount: z.number().int() })),
  /** Payments by payer: Cash, M-Pesa, Bank, or the insurer's name for claims. */
  revenueByPayer: z.array(z.object({ payer: z.string(), insurance: z.boolean(), amount: z.number().int() })),
  totals: z.object({
    visits: z.number().int(),
    patients: z.number().int(),
    billed: z.number().int(),
    paid: z.number().int(),
  }),
});
export type ClinicReport = z.infer<typeof clinicReportSchema>;
