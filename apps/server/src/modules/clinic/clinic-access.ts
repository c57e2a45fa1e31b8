import { sql } from "drizzle-orm";
import type { AccessKind } from "@app/shared/clinic/access-log";
import { clinicRightsOf, type ClinicRight } from "@app/shared/permissions/clinic";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { forbidden } from "../../platform/errors.ts";
import { patientAccessLog } from "./clinic.table.ts";

export type Rights = ReadonlySet<ClinicRight>;

/** The caller's clinic rights (permissions/clinic.ts): what every read is shaped by. */
export const rightsOf = (ctx: Ctx): Rights => clinicRightsOf({ isAdmin: ctx.user.isAdmin, details: ctx.user.details });

const NEED: Record<ClinicRight, string> = {
  "patients.read": "Only clinic staff can see patients",
  "patients.write": "Only reception and clinicians can register patients and start visits",
  "vitals.write": "Only clinicians and nurses can record vitals and allergies",
  "notes.read": "Only clinicians can read clinical notes",
  "notes.write": "Only clinicians can write consultations, lab requests and prescriptions",
  "lab.read": "Only the lab and clinicians can see lab requests",
  "lab.write": "Only the lab can enter results",
  "results.read": "Only clinicians and the lab can read results",
  "prescriptions.read": "Only clinicians and the pharmacy can see prescriptions",
  dispense: "Only the pharmacy can dispense",
  billing: "Only the cashier, reception and the pharmacy can take payment",
  reports: "Only the owner and managers can see clinic reports",
  accessLog: "Only the owner can see who read patient records",
};

/** Refuses (403) a caller without any of these rights; returns the caller's rights. */
export function requireRight(ctx: Ctx, ...anyOf: ClinicRight[]): Rights {
  const rights = rightsOf(ctx);
  if (!anyOf.some((r) => rights.has(r))) throw forbidden(NEED[anyOf[0]!]);
  return rights;
}

/**
 * Writes who read which patients' records (one row per patient), in the read's own statement
 * order: a read that fails after this rolls nothing back, as a refused read still was a look.
 */
export async function logAccess(
  db: DbOrTx | Tx,
  ctx: Ctx,
  patientIds: readonly string[],
  kind: AccessKind,
): Promise<void> {
  const ids = [...new Set(patientIds)];
  if (!ids.length) return;
  await db.insert(patientAccessLog).values(
    ids.map((patientId) => ({
      businessId: ctx.businessId,
      patientId,
      userKind: ctx.user.kind,
      userId: ctx.user.userId,
      userName: ctx.user.details.username,
      occupation: ctx.user.isAdmin ? "Owner" : ctx.user.details.occupation,
      kind,
    })),
  );
}

/** The next number of a per-business sequence (patients, visits), taken in the caller's transaction. */
export async function nextNumber(tx: DbOrTx, businessId: string, name: "patient" | "visit"): Promise<number> {
  const { rows } = await tx.execute<{ value: number }>(sql`
    INSERT INTO clinic_counters (business_id, name, value) VALUES (${businessId}, ${name}, 1)
    ON CONFLICT (business_id, name) DO UPDATE SET value = clinic_counters.value + 1
    RETURNING value`);
  return Number(rows[0]!.value);
}
