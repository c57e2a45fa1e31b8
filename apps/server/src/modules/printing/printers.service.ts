import { and, asc, eq } from "drizzle-orm";
import { COLUMNS_BY_WIDTH, type CreatePrinterInput, type Printer } from "@app/shared/printing/printer";
import type { PrintLine } from "@app/shared/printing/receipt";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { encodeEscPos, PrinterError, sendToPrinter } from "./escpos.ts";
import { printers } from "./printing.table.ts";

type PrinterRow = typeof printers.$inferSelect;

export function toPrinter(r: PrinterRow): Printer {
  return {
    _id: r.id,
    businessId: r.businessId,
    name: r.name,
    kind: r.kind,
    role: r.role,
    host: r.host,
    port: r.port,
    paperWidth: r.paperWidth === 58 ? 58 : 80,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function businessIdOfPrinter(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: printers.businessId }).from(printers).where(eq(printers.id, id)).limit(1);
  return row?.businessId ?? null;
}

export async function listPrinters(ctx: Ctx): Promise<Printer[]> {
  const rows = await ctx.db
    .select()
    .from(printers)
    .where(eq(printers.businessId, ctx.businessId))
    .orderBy(asc(printers.role), asc(printers.name));
  return rows.map(toPrinter);
}

export async function createPrinter(ctx: Ctx, input: CreatePrinterInput): Promise<Printer> {
  const network = input.kind === "network";
  const [row] = await ctx.db
    .insert(printers)
    .values({
      businessId: ctx.businessId,
      name: input.name,
      kind: input.kind,
      role: input.role,
      host: network ? input.host! : null,
      port: network ? input.port : null,
      paperWidth: input.paperWidth,
    })
    .returning();
  return toPrinter(row!);
}

export async function deletePrinter(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const rows = await ctx.db
    .delete(printers)
    .where(and(eq(printers.businessId, ctx.businessId), eq(printers.id, id)))
    .returning({ id: printers.id });
  if (!rows.length) throw notFound("Printer");
  return { deleted: true };
}

/** The business's network printer for a role, if it has one. */
export async function networkPrinterFor(
  db: DbOrTx,
  businessId: string,
  role: Printer["role"],
): Promise<PrinterRow | null> {
  const [row] = await db
    .select()
    .from(printers)
    .where(and(eq(printers.businessId, businessId), eq(printers.role, role), eq(printers.kind, "network")))
    .orderBy(asc(printers.createdAt))
    .limit(1);
  return row ?? null;
}

export type PrintOutcome = { printStatus: "sent" | "failed" | "browser"; printerError: string | null };

/** Prints a document on a network printer; "browser" when there is none (the till prints it). */
export async function printOn(
  printer: PrinterRow | null,
  document: (columns: number) => PrintLine[],
): Promise<PrintOutcome> {
  if (!printer?.host || !printer.port) return { printStatus: "browser", printerError: null };
  const columns = COLUMNS_BY_WIDTH[printer.paperWidth === 58 ? 58 : 80];
  try {
    await sendToPrinter(printer.host, printer.port, encodeEscPos(document(columns), columns));
    return { printStatus: "sent", printerError: null };
  } catch (err) {
    if (err instanceof PrinterError) return { printStatus: "failed", printerError: err.message };
    throw err;
  }
}

/** POST /printers/{id}/test: a short test page on a network printer. */
export async function testPrinter(ctx: Ctx, id: string): Promise<PrintOutcome> {
  const [row] = await ctx.db
    .select()
    .from(printers)
    .where(and(eq(printers.businessId, ctx.businessId), eq(printers.id, id)));
  if (!row) throw notFound("Printer");
  return printOn(row, (columns) => [
    { kind: "text", text: ctx.business.name, align: "center", bold: true },
    { kind: "text", text: `Test page: ${row.name} (${row.role})`, align: "center" },
    { kind: "rule" },
    { kind: "text", text: `${columns} characters per line`.padEnd(columns, ".") },
    { kind: "feed" },
  ]);
}
