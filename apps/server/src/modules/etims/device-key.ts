import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { EtimsDeps } from "./etims-deps.ts";
import { etimsDevices } from "./etims.table.ts";
import type { OscuDevice } from "./oscu-client.ts";

/** The associated data a business's sealed CMC key is bound to. */
export const sealContext = (businessId: string) => `etims-cmc-key:${businessId}`;

/** The business's device with its CMC key opened, or null when it has none (or the key cannot be opened). */
export async function deviceOf(db: DbOrTx, deps: EtimsDeps, businessId: string): Promise<OscuDevice | null> {
  const [row] = await db.select().from(etimsDevices).where(eq(etimsDevices.businessId, businessId));
  if (!row) return null;
  try {
    return { tin: row.kraPin, bhfId: row.bhfId, cmcKey: deps.box.open(row.sealedCmcKey, sealContext(businessId)) };
  } catch {
    deps.log.error({ businessId }, "eTIMS CMC key could not be opened (wrong CREDENTIALS_KEY?)");
    return null;
  }
}

/** The control unit and machine that sign for the business (printed in KRA's proof), or null. */
export async function deviceInfoOf(db: DbOrTx, businessId: string): Promise<{ sdcId: string; mrcNo: string } | null> {
  const [row] = await db
    .select({ sdcId: etimsDevices.sdcId, mrcNo: etimsDevices.mrcNo })
    .from(etimsDevices)
    .where(eq(etimsDevices.businessId, businessId));
  return row ?? null;
}
