import { and, desc, eq } from "drizzle-orm";
import type { DrawerOpening, DrawerReason } from "@app/shared/printing/printer";
import type { NetworkPrintingPolicy } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ActorCtx, Ctx } from "../../platform/context.ts";
import { encodeDrawerPulse, PrinterError, sendToPrinter } from "./escpos.ts";
import { networkPrinterFor, type PrintOutcome } from "./printers.service.ts";
import { drawerOpenings } from "./printing.table.ts";

// The cash drawer (issue 31 item 6): it hangs on the receipt printer's kick-out port and opens
// with an ESC/POS pulse, on a cash sale's receipt and on "No sale". Every opening is logged.

/** Logs an opening of the drawer: why, the sale (a cash sale), who. */
export async function logDrawerOpening(
  db: DbOrTx,
  ctx: ActorCtx,
  reason: DrawerReason,
  saleId: string | null = null,
): Promise<void> {
  await db.insert(drawerOpenings).values({
    businessId: ctx.businessId,
    reason,
    saleId,
    openedBy: ctx.user.details.username,
    openedById: ctx.user.userId,
  });
}

/**
 * "No sale" at the till: logged with who and when, then the pulse goes to the receipt printer.
 * Without a network receipt printer the answer is "browser" (a drawer on a USB printer opens
 * through its driver's setting); the opening is logged all the same.
 */
export async function openDrawerNoSale(ctx: Ctx, policy: NetworkPrintingPolicy): Promise<PrintOutcome> {
  await logDrawerOpening(ctx.db, ctx, "no_sale");
  const printer = await networkPrinterFor(ctx.db, ctx.businessId, "receipt", policy);
  if (!printer?.host || !printer.port) return { printStatus: "browser", printerError: null };
  try {
    await sendToPrinter(printer.host, printer.port, encodeDrawerPulse(), policy);
    return { printStatus: "sent", printerError: null };
  } catch (err) {
    if (err instanceof PrinterError) return { printStatus: "failed", printerError: err.message };
    throw err;
  }
}

/** GET /api/drawer/log: the newest openings first (the owner's). */
export async function listDrawerLog(ctx: Ctx, limit: number): Promise<DrawerOpening[]> {
  const rows = await ctx.db
    .select()
    .from(drawerOpenings)
    .where(and(eq(drawerOpenings.businessId, ctx.businessId)))
    .orderBy(desc(drawerOpenings.createdAt), desc(drawerOpenings.id))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    reason: r.reason,
    saleId: r.saleId,
    openedBy: r.openedBy,
    createdAt: r.createdAt.toISOString(),
  }));
}
