// What other modules may use of the businesses module: its public entry (modules/README.md).
import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { TenantBusiness } from "../../platform/context.ts";
import { businesses } from "./businesses.table.ts";

/**
 * The tenant table, for reading only: every area's rows hang off a business, and lists join it
 * for the business's name. Other modules never write it; they call the functions below.
 */
export { businesses };

/** The fields of a business the tenancy guard needs. */
export const tenantBusinessColumns = {
  id: businesses.id,
  ownerId: businesses.ownerId,
  name: businesses.name,
  businessType: businesses.businessType,
  accountActive: businesses.accountActive,
  timeZone: businesses.timeZone,
  kraPin: businesses.kraPin,
  vatRegistered: businesses.vatRegistered,
  cashRounding: businesses.cashRounding,
};

/** Not deleted by its owner: a deleted business is hidden everywhere until it is erased or restored. */
export const notDeleted = isNull(businesses.deletedAt);

/** The business a tenant route acts for, as the access guard reads it (app.ts passes it in); none when deleted. */
export async function loadTenantBusiness(db: Db, id: string): Promise<TenantBusiness | null> {
  const [b] = await db
    .select(tenantBusinessColumns)
    .from(businesses)
    .where(and(eq(businesses.id, id), notDeleted));
  return b ?? null;
}

/**
 * Switches an active account off because its subscription lapsed. An account support suspended
 * stays suspended (the reason support gave is the one that counts).
 */
export async function lapseAccount(tx: DbOrTx, businessId: string): Promise<void> {
  await tx
    .update(businesses)
    .set({ accountActive: false, inactiveReason: "lapsed" })
    .where(and(eq(businesses.id, businessId), eq(businesses.accountActive, true)));
}

/** A payment arrived: lifts a lapse, and only a lapse; a suspension by support stays until support lifts it. */
export async function liftLapse(tx: DbOrTx, businessId: string): Promise<void> {
  await tx
    .update(businesses)
    .set({ accountActive: true, inactiveReason: null })
    .where(and(eq(businesses.id, businessId), eq(businesses.inactiveReason, "lapsed")));
}

/**
 * A business connected to KRA eTIMS with a PIN gets that PIN in its tax details when it had none
 * (printed on its documents); a PIN already set is never replaced here.
 */
export async function setKraPinIfUnset(tx: DbOrTx, businessId: string, kraPin: string): Promise<void> {
  await tx
    .update(businesses)
    .set({ kraPin })
    .where(and(eq(businesses.id, businessId), isNull(businesses.kraPin)));
}

/** The access guard's loaders for support access (app.ts passes them in). */
export { loadSupportGrant, recordSupportAction } from "./support-access.service.ts";

export { deleteBusiness, listDeletedBusinesses, restoreBusiness } from "./business-deletion.service.ts";
export { businessIdOfBusiness } from "./businesses.service.ts";
