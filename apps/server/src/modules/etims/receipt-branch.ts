import { eq } from "drizzle-orm";
import type { EtimsReceiptBranch } from "@app/shared/etims/receipt-proof";
import type { DbOrTx } from "../../db/client.ts";
import { environmentOf } from "./etims-deps.ts";
import { etimsDevices } from "./etims.table.ts";

/**
 * The business's connected eTIMS branch as its receipts print it (KRA PIN, branch id, production
 * or sandbox for KRA's verification link), or null when it has not connected a device. Never the
 * CMC key: any member of staff who prints a receipt may read it.
 */
export async function receiptBranchOf(db: DbOrTx, businessId: string): Promise<EtimsReceiptBranch | null> {
  const [row] = await db
    .select({ tin: etimsDevices.kraPin, bhfId: etimsDevices.bhfId, baseUrl: etimsDevices.baseUrl })
    .from(etimsDevices)
    .where(eq(etimsDevices.businessId, businessId));
  if (!row) return null;
  return { tin: row.tin, bhfId: row.bhfId, production: environmentOf(row.baseUrl) === "production" };
}
