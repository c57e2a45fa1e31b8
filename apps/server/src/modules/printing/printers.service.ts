import { and, asc, eq } from "drizzle-orm";
import { COLUMNS_BY_WIDTH, type CreatePrinterInput, type Printer } from "@app/shared/printing/printer";
import type { PrintLine } from "@app/shared/printing/receipt";
import { ERROR_CODES } from "@app/shared/errors/errors";
import type { NetworkPrintingPolicy } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { encodeEscPos, PrinterError, sendToPrinter } from "./escpos.ts";
import { printerAddressProblem } from "./printer-address.ts";
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

/** Adds a printer; a network one only where this server prints, at an address it may print to. */
export async function createPrinter(
  ctx: Ctx,
  input: CreatePrinterInput,
  policy: NetworkPrintingPolicy,
): Promise<Printer> {
  const network = input.kind === "network";
  if (network) refuseNetworkPrinter(input.host!, input.port, policy);
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

function refuseNetworkPrinter(host: string, port: number, policy: NetworkPrintingPolicy): void {
  const fail = (field: string, message: string) =>
    new AppError(ERROR_CODES.VALIDATION, `Invalid input: ${field}`, { [field]: message });
  if (!policy.enabled)
    throw fail("kind", "This server does not print to network printers: print from the browser on the till");
  const problem = printerAddressProblem(host, port, policy);
  if (problem) throw fail(problem.field, problem.message);
}

export async function deletePrinter(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const rows = await ctx.db
    .delete(printers)
    .where(and(eq(printers.businessId, ctx.businessId), eq(printers.id, id)))
    .returning({ id: printers.id });
  if (!rows.length) throw notFound("Printer");
  return { deleted: true };
}

/** The business's network printer for a role, if it has one and this server prints to network printers. */
export async function networkPrinterFor(
  db: DbOrTx,
  businessId: string,
  role: Printer["role"],
  policy: NetworkPrintingPolicy,
): Promise<PrinterRow | null> {
  if (!policy.enabled) return null;
  const [row] = await db
    .select()
    .from(printers)
    .where(and(eq(printers.businessId, businessId), eq(printers.role, role), eq(printers.kind, "network")))
    .orderBy(asc(printers.createdAt))
    .limit(1);
  return row ?? null;
}

export type PrintOutcome = { printStatus: "sent" | "failed" | "browser"; printerError: string | null };

/**
 * Prints a document on a network printer; "browser" when there is none or this server does not
 * print to network printers (the till prints it).
 */
export async function printOn(
  printer: PrinterRow | null,
  document: (columns: number) => PrintLine[],
  policy: NetworkPrintingPolicy,
  options: { openDrawer?: boolean } = {},
): Promise<PrintOutcome> {
  if (!policy.enabled || !printer?.host || !printer.port) return { printStatus: "browser", printerError: null };
  const columns = COLUMNS_BY_WIDTH[printer.paperWidth === 58 ? 58 : 80];
  try {
    await sendToPrinter(printer.host, printer.port, encodeEscPos(document(columns), columns, options), policy);
    return { printStatus: "sent", printerError: null };
  } catch (err) {
    if (err instanceof PrinterError) return { printStatus: "failed", printerError: err.message };
    throw err;
  }
}

/** POST /printers/{id}/test: a short test page on a network printer. */
export async function testPrinter(ctx: Ctx, id: string, policy: NetworkPrintingPolicy): Promise<PrintOutcome> {
  const [row] = await ctx.db
    .select()
    .from(printers)
    .where(and(eq(printers.businessId, ctx.businessId), eq(printers.id, id)));
  if (!row) throw notFound("Printer");
  return printOn(
    row,
    (columns) => [
      { kind: "text", text: ctx.business.name, align: "center", bold: true },
      { kind: "text", text: `Test page: ${row.name} (${row.role})`, align: "center" },
      { kind: "rule" },
      { kind: "text", text: `${columns} characters per line`.padEnd(columns, ".") },
      { kind: "feed" },
    ],
    policy,
  );
}
