import { and, asc, eq } from "drizzle-orm";
import type { ClinicService, CreateClinicServiceInput, UpdateClinicServiceInput } from "@app/shared/clinic/services";
import { CLINIC_RIGHTS } from "@app/shared/permissions/clinic";
import type { Db } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { requireRight } from "./clinic-access.ts";
import { clinicServices, labRequests } from "./clinic.table.ts";
import { transact } from "../../platform/retry.ts";

type Row = typeof clinicServices.$inferSelect;
const toService = (r: Row): ClinicService => ({
  _id: r.id,
  kind: r.kind,
  name: r.name,
  price: r.price,
  active: r.active,
});

const duplicate = (err: unknown, name: string) =>
  isUniqueViolation(err)
    ? conflict(`${name} is already on the price list`, { name: "Already on the price list" })
    : err;

/** GET /clinic/services: the price list (consultation services and lab tests), for anyone of the clinic. */
export async function listClinicServices(ctx: Ctx): Promise<ClinicService[]> {
  requireRight(ctx, ...CLINIC_RIGHTS.filter((r) => r !== "reports"));
  const rows = await ctx.db
    .select()
    .from(clinicServices)
    .where(eq(clinicServices.businessId, ctx.businessId))
    .orderBy(asc(clinicServices.kind), asc(clinicServices.name));
  return rows.map(toService);
}

/** POST /clinic/services (owner). */
export async function createClinicService(ctx: Ctx, input: CreateClinicServiceInput): Promise<ClinicService> {
  try {
    const [row] = await ctx.db
      .insert(clinicServices)
      .values({ businessId: ctx.businessId, kind: input.kind, name: input.name, price: input.price })
      .returning();
    return toService(row!);
  } catch (err) {
    throw duplicate(err, input.name);
  }
}

/** PUT /clinic/services/{id} (owner): a new price applies to what is charged from now on. */
export async function updateClinicService(
  ctx: Ctx,
  id: string,
  input: UpdateClinicServiceInput,
): Promise<ClinicService> {
  try {
    const [row] = await ctx.db
      .update(clinicServices)
      .set(input)
      .where(and(eq(clinicServices.businessId, ctx.businessId), eq(clinicServices.id, id)))
      .returning();
    if (!row) throw notFound("Service");
    return toService(row);
  } catch (err) {
    throw duplicate(err, input.name ?? "This name");
  }
}

/** DELETE /clinic/services/{id} (owner): a test already requested is kept, switched off; an unused one is erased. */
export async function deleteClinicService(ctx: Ctx, id: string): Promise<{ outcome: "deactivated" | "deleted" }> {
  return transact(ctx.db, async (tx) => {
    const [used] = await tx
      .select({ id: labRequests.id })
      .from(labRequests)
      .where(and(eq(labRequests.businessId, ctx.businessId), eq(labRequests.serviceId, id)))
      .limit(1);
    if (used) {
      const [row] = await tx
        .update(clinicServices)
        .set({ active: false })
        .where(and(eq(clinicServices.businessId, ctx.businessId), eq(clinicServices.id, id)))
        .returning();
      if (!row) throw notFound("Service");
      return { outcome: "deactivated" as const };
    }
    const deleted = await tx
      .delete(clinicServices)
      .where(and(eq(clinicServices.businessId, ctx.businessId), eq(clinicServices.id, id)))
      .returning();
    if (!deleted.length) throw notFound("Service");
    return { outcome: "deleted" as const };
  });
}

/** The business that owns a service, for the tenancy guard. */
export async function businessIdOfService(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ b: clinicServices.businessId })
    .from(clinicServices)
    .where(eq(clinicServices.id, id))
    .limit(1);
  return row?.b ?? null;
}
