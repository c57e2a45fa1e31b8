import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { kitchenTicketLines } from "@app/shared/printing/receipt";
import {
  kitchenChanges,
  kitchenStateAfter,
  type CaptainOrderPrint,
  type CaptainOrderPrintInput,
} from "@app/shared/restaurant/kitchen";
import type { NetworkPrintingPolicy } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { products } from "../inventory/inventory.public.ts";
import { placeOf } from "./place.ts";
import { networkPrinterFor, printOn } from "../printing/printing.public.ts";
import { captainOrderPrints } from "./kitchen.table.ts";

type PrintRow = typeof captainOrderPrints.$inferSelect;

function toPrint(r: PrintRow): CaptainOrderPrint {
  return {
    _id: r.id,
    businessId: r.businessId,
    ticketId: r.ticketId,
    saleId: r.saleId,
    printNumber: r.printNumber,
    sectionName: r.sectionName,
    tableName: r.tableName,
    changes: r.changes,
    note: r.note,
    printedBy: r.printedBy,
    printStatus: r.printStatus,
    printerError: r.printerError,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function businessIdOfPrint(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: captainOrderPrints.businessId })
    .from(captainOrderPrints)
    .where(eq(captainOrderPrints.id, id))
    .limit(1);
  return row?.businessId ?? null;
}

/** Sends a print to the kitchen printer (after its transaction) and records how it went. */
async function sendToKitchen(ctx: Ctx, row: PrintRow, printing: NetworkPrintingPolicy): Promise<CaptainOrderPrint> {
  const printer = await networkPrinterFor(ctx.db, ctx.businessId, "kitchen", printing);
  const outcome = await printOn(
    printer,
    (columns) => kitchenTicketLines(toPrint(row), ctx.business.timeZone, columns),
    printing,
  );
  const [updated] = await ctx.db
    .update(captainOrderPrints)
    .set(outcome)
    .where(and(eq(captainOrderPrints.businessId, ctx.businessId), eq(captainOrderPrints.id, row.id)))
    .returning();
  return toPrint(updated!);
}

/**
 * POST /captainOrderPrint: prints for the kitchen only what changed on the ticket since its
 * last print (new lines, changed quantities, cancelled lines). Prints of one ticket take turns
 * (an advisory lock), so two taps at once never print a line twice. Nothing changed: null.
 */
export async function printCaptainOrder(
  ctx: Ctx,
  input: CaptainOrderPrintInput,
  printing: NetworkPrintingPolicy,
): Promise<CaptainOrderPrint | null> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`kitchen:${ctx.businessId}:${input.ticketId}`}, 0))`,
    );
    const [last] = await tx
      .select({ state: captainOrderPrints.state, printNumber: captainOrderPrints.printNumber })
      .from(captainOrderPrints)
      .where(and(eq(captainOrderPrints.businessId, ctx.businessId), eq(captainOrderPrints.ticketId, input.ticketId)))
      .orderBy(desc(captainOrderPrints.printNumber))
      .limit(1);
    const ids = input.products.map((l) => l.productId);
    const names = ids.length
      ? new Map(
          (
            await tx
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(and(eq(products.businessId, ctx.businessId), inArray(products.id, ids)))
          ).map((p) => [p.id, p.name]),
        )
      : new Map<string, string>();
    const unknown = ids.filter((id) => !names.has(id));
    if (unknown.length) throw new AppError("NOT_FOUND", `Product not found: ${unknown.join(", ")}`);
    const current = input.products.map((l) => ({
      productId: l.productId,
      name: names.get(l.productId)!,
      quantity: l.quantity,
    }));
    const changes = kitchenChanges(last?.state ?? [], current);
    if (!changes.length) return null;
    const place = await placeOf(tx, ctx.businessId, input.sectionId, input.tableId);
    const printer = await networkPrinterFor(tx, ctx.businessId, "kitchen", printing);
    const [created] = await tx
      .insert(captainOrderPrints)
      .values({
        businessId: ctx.businessId,
        ticketId: input.ticketId,
        printNumber: (last?.printNumber ?? 0) + 1,
        ...place,
        changes,
        state: kitchenStateAfter(current),
        note: input.note,
        printedBy: ctx.user.details.username,
        printStatus: printer ? "queued" : "browser",
      })
      .returning();
    return created!;
  });
  if (!row) return null;
  return row.printStatus === "queued" ? sendToKitchen(ctx, row, printing) : toPrint(row);
}

/** POST /captainOrderPrint/{id}/reprint: the same print again (paper jam, lost ticket). */
export async function reprintCaptainOrder(
  ctx: Ctx,
  id: string,
  printing: NetworkPrintingPolicy,
): Promise<CaptainOrderPrint> {
  const [row] = await ctx.db
    .select()
    .from(captainOrderPrints)
    .where(and(eq(captainOrderPrints.businessId, ctx.businessId), eq(captainOrderPrints.id, id)));
  if (!row) throw notFound("Captain order print");
  return sendToKitchen(ctx, row, printing);
}

/** GET /captainOrderPrint: a sale's (or a ticket's) prints in order, else the latest of the business. */
export async function listCaptainOrders(
  ctx: Ctx,
  q: { saleId?: string; ticketId?: string },
): Promise<CaptainOrderPrint[]> {
  const where = and(
    eq(captainOrderPrints.businessId, ctx.businessId),
    q.saleId ? eq(captainOrderPrints.saleId, q.saleId) : undefined,
    q.ticketId ? eq(captainOrderPrints.ticketId, q.ticketId) : undefined,
  );
  const scoped = Boolean(q.saleId || q.ticketId);
  const rows = await ctx.db
    .select()
    .from(captainOrderPrints)
    .where(where)
    .orderBy(scoped ? asc(captainOrderPrints.printNumber) : desc(captainOrderPrints.createdAt))
    .limit(scoped ? 1000 : 100);
  return rows.map(toPrint);
}

/** A sale made from a kitchen ticket: its prints now point at the sale (the sale's drawer lists them). */
export async function linkTicketToSale(tx: DbOrTx, businessId: string, ticketId: string, saleId: string) {
  await tx
    .update(captainOrderPrints)
    .set({ saleId })
    .where(and(eq(captainOrderPrints.businessId, businessId), eq(captainOrderPrints.ticketId, ticketId)));
}
