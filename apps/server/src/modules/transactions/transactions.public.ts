// What other modules may use of the transactions module: its public entry (modules/README.md).
// Every area that moves money records it here, inside its own database transaction, through
// recordMoneyMovement (and reconcileSourceMovements for edits, voids and deletes). The contract
// is written out in docs/architecture.md, "The money ledger".
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { moneyMovements } from "./transactions.table.ts";

export {
  recordMoneyMovement,
  reconcileSourceMovements,
  type MoneyMovementInput,
  type MovementActor,
  type MovementSource,
  type MovementTarget,
} from "./ledger.ts";
export { findReceipt, listReceipts } from "./receipts-read.ts";

/** The business a movement belongs to, for record routes on receipts. */
export async function businessIdOfMovement(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: moneyMovements.businessId })
    .from(moneyMovements)
    .where(eq(moneyMovements.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
