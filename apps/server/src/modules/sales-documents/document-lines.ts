import { and, eq, inArray } from "drizzle-orm";
import type { DocumentLineInput } from "@app/shared/sales-documents/document";
import { effectiveTaxType, lineVat, vatBands, type TaxType, type VatBand } from "@app/shared/tax/vat";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { products } from "../inventory/inventory.public.ts";

export type LineRow = {
  lineNo: number;
  productId: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
  taxType: TaxType;
  taxable: number;
  tax: number;
  invoiceLineNo: number | null;
};
export type PricedDocument = { lines: LineRow[]; total: number; tax: number; vatBands: VatBand[] };

/** The per-band snapshot of a document's lines, and its total and tax. */
export function summarise(lines: LineRow[]): PricedDocument {
  const bands = vatBands(lines.map((l) => ({ taxType: l.taxType, total: l.total })));
  const total = lines.reduce((s, l) => s + l.total, 0);
  if (!Number.isSafeInteger(total))
    throw new AppError("VALIDATION_ERROR", "The total is too large", { lines: "The total is too large" });
  return { lines, total, tax: bands.reduce((s, b) => s + b.tax, 0), vatBands: bands };
}

/** A line's money: its total at the unit price (VAT included) and its band's split (tax/vat.ts). */
export function pricedLine(l: Omit<LineRow, "total" | "taxable" | "tax">): LineRow {
  const total = l.unitPrice * l.quantity;
  const { taxable, tax } = lineVat({ taxType: l.taxType, total });
  return { ...l, total, taxable, tax };
}

/**
 * The lines of an invoice or quotation from what was typed: a product of this business names the
 * line and gives its tax type unless the line says otherwise (404 for another business's
 * product); a line without a product needs a description. A business not registered for VAT
 * charges none: every line is band D.
 */
export async function buildLines(
  tx: Tx,
  business: { id: string; vatRegistered: boolean },
  inputs: readonly DocumentLineInput[],
): Promise<PricedDocument> {
  const ids = [...new Set(inputs.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const found = ids.length
    ? await tx
        .select({ id: products.id, name: products.name, taxType: products.taxType })
        .from(products)
        .where(and(eq(products.businessId, business.id), inArray(products.id, ids)))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = inputs.map((input, i) => {
    const product = input.productId ? byId.get(input.productId) : undefined;
    if (input.productId && !product)
      throw new AppError("NOT_FOUND", `Product not found: ${input.productId}`, {
        [`lines.${i}.productId`]: "No such product",
      });
    const description = input.description?.trim() || product?.name;
    if (!description)
      throw new AppError("VALIDATION_ERROR", `Invalid input: lines.${i}.description`, {
        [`lines.${i}.description`]: "Describe the line or choose a product",
      });
    return pricedLine({
      lineNo: i + 1,
      productId: product?.id ?? null,
      description,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      taxType: effectiveTaxType(input.taxType ?? product?.taxType ?? null, business.vatRegistered),
      invoiceLineNo: null,
    });
  });
  return summarise(lines);
}
