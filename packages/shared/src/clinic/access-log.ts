import { z } from "zod";
import { pageQueryFields, pageSchemaOf } from "../paging.ts";

/** Every read of a patient's record is logged: who, when, what they opened. The owner reads the log. */
export const ACCESS_KINDS = ["record", "visit", "lab", "prescriptions", "bill"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const accessLogEntrySchema = z.object({
  _id: z.uuid(),
  patientId: z.uuid(),
  patientName: z.string(),
  patientNumber: z.number().int(),
  userName: z.string(),
  occupation: z.string(),
  kind: z.enum(ACCESS_KINDS),
  at: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = z.object({
  businessId: z.uuid(),
  patientId: z.uuid().optional(),
  ...pageQueryFields({ size: 25, maxPage: 10_000 }),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessLogPageSchema = pageSchemaOf(accessLogEntrySchema);
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;
