// What other modules may use of the businesses module: its public entry (modules/README.md).
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { businesses } from "./businesses.table.ts";

/**
 * The tenant table, for reading only: every area's rows hang off a business, and lists join it
 * for the business's name. Other modules never write it; they call the functions below.
 */
export { businesses };

/** Switches a business's account on (a payment arrived) or off (its subscription lapsed). */
export async function setAccountActive(tx: DbOrTx, businessId: string, active: boolean): Promise<void> {
  await tx.update(businesses).set({ accountActive: active }).where(eq(businesses.id, businessId));
}
