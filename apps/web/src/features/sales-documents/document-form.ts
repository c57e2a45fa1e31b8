import { parseKES, formatCentsPlain } from "@app/shared/money/money";
import { MAX_CENTS } from "@app/shared/money/limit-values";
import {
  invoiceInputSchema,
  quotationInputSchema,
  type SalesDocument,
  type UpdateInvoiceInput,
  type UpdateQuotationInput,
} from "@app/shared/sales-documents/document";
import { effectiveTaxType, lineVat, vatBands, type TaxType, type VatBand } from "@app/shared/tax/vat";

/** One line as typed: a product (or none), a description, the quantity and the VAT-inclusive unit price in shillings. */
export type LineForm = {
  key: string;
  productId: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** "" follows the product (or the business's default band). */
  taxType: TaxType | "";
  /** The product's own band, to preview a line that follows it. */
  productTaxType?: TaxType | null;
};
export type DocumentForm = {
  clientId: string;
  customerName: string;
  /** The due date (invoice) or the last valid day (quotation), yyyy-MM-dd. */
  day: string;
  notes: string;
  lines: LineForm[];
};

let keys = 0;
export const newLine = (over: Partial<LineForm> = {}): LineForm => ({
  key: `line-${++keys}`,
  productId: "",
  description: "",
  quantity: "1",
  unitPrice: "",
  taxType: "",
  ...over,
});

export const emptyDocumentForm = (day: string): DocumentForm => ({
  clientId: "",
  customerName: "",
  day,
  notes: "",
  lines: [newLine()],
});

export const documentToForm = (d: SalesDocument): DocumentForm => ({
  clientId: d.clientId ?? "",
  customerName: d.clientId ? "" : d.party.name,
  day: (d.type === "invoice" ? d.dueDate : d.validUntil) ?? "",
  notes: d.notes,
  lines: d.lines.map((l) =>
    newLine({
      productId: l.productId ?? "",
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: formatCentsPlain(l.unitPrice),
      taxType: l.taxType,
    }),
  ),
});

const cents = (text: string) => parseKES(text.trim());
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** What the lines come to as typed, with the VAT per band the server will compute (the same shared rule). */
export function previewOf(
  form: DocumentForm,
  vatRegistered: boolean,
): { total: number; tax: number; bands: VatBand[] } {
  const lines = form.lines.flatMap((l) => {
    const price = cents(l.unitPrice);
    const quantity = whole(l.quantity);
    // A line above the money limit is left out (the form names it), never computed into a RangeError.
    if (price === null || !Number.isSafeInteger(quantity) || price * quantity > MAX_CENTS) return [];
    const taxType = effectiveTaxType(l.taxType || l.productTaxType || null, vatRegistered);
    return [lineVat({ taxType, total: price * quantity })];
  });
  const bands = vatBands(lines);
  return { total: bands.reduce((s, b) => s + b.total, 0), tax: bands.reduce((s, b) => s + b.tax, 0), bands };
}

export type DocumentFormErrors = Record<string, string>;

/** The form checked by the API's own schema; errors keyed as the API names them ("lines.0.unitPrice"). */
export function readDocumentForm(
  form: DocumentForm,
  type: "invoice" | "quotation",
): { ok: true; input: UpdateInvoiceInput | UpdateQuotationInput } | { ok: false; errors: DocumentFormErrors } {
  const values = {
    ...(form.clientId ? { clientId: form.clientId } : { customerName: form.customerName.trim() || undefined }),
    notes: form.notes,
    ...(form.day ? (type === "invoice" ? { dueDate: form.day } : { validUntil: form.day }) : {}),
    lines: form.lines.map((l) => ({
      ...(l.productId ? { productId: l.productId } : {}),
      ...(l.description.trim() ? { description: l.description.trim() } : {}),
      quantity: whole(l.quantity),
      unitPrice: cents(l.unitPrice) ?? -1,
      ...(l.taxType ? { taxType: l.taxType } : {}),
    })),
  };
  const errors: DocumentFormErrors = {};
  if (!form.clientId && !form.customerName.trim()) errors.clientId = "Choose a client or name the walk-in customer";
  form.lines.forEach((l, i) => {
    if (!l.productId && !l.description.trim())
      errors[`lines.${i}.description`] = "Describe the line or choose a product";
  });
  const parsed = (type === "invoice" ? invoiceInputSchema : quotationInputSchema).safeParse(values);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      errors[path === "unitPrice" ? path : path || "form"] ??=
        // A bad price reads as "enter a price"; a line above the money limit keeps the schema's words.
        issue.path.at(-1) === "unitPrice" && issue.code !== "custom"
          ? "Enter a price in shillings, e.g. 120.50"
          : issue.message;
    }
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
