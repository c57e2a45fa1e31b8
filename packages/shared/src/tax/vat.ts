import { z } from "zod";

/**
 * KRA eTIMS tax types (research/kenya-and-anchors.md §2.1, the OSCU code table): A exempt,
 * B the standard 16% VAT, C zero-rated (0%), D non-VAT, E the reduced 8% (petroleum products).
 * Exempt, zero-rated and non-VAT all carry no tax but are reported in different bands.
 */
export const TAX_TYPES = ["A", "B", "C", "D", "E"] as const;
export type TaxType = (typeof TAX_TYPES)[number];

/** Each band's rate in basis points (1600 = 16%). */
export const TAX_RATES_BP: Record<TaxType, number> = { A: 0, B: 1600, C: 0, D: 0, E: 800 };

export const TAX_TYPE_NAMES: Record<TaxType, string> = {
  A: "Exempt",
  B: "VAT 16%",
  C: "Zero-rated 0%",
  D: "Non-VAT",
  E: "VAT 8%",
};

/** "B (VAT 16%)": how a band is named on screens and documents. */
export const taxTypeLabel = (t: TaxType) => `${t} (${TAX_TYPE_NAMES[t]})`;

export const taxTypeSchema = z.enum(TAX_TYPES, { error: "Choose a tax type A, B, C, D or E" });

/**
 * The band a line is taxed in. A business not registered for VAT charges none, so every line is
 * D (non-VAT) whatever the product says; a registered one uses the product's type, B (16%)
 * when the product names none. The product's own type is kept, and applies once the business registers.
 */
export function effectiveTaxType(productTaxType: TaxType | null | undefined, vatRegistered: boolean): TaxType {
  if (!vatRegistered) return "D";
  return productTaxType ?? "B";
}

/** The default a new product shows: B for a VAT-registered business, D otherwise. */
export const defaultTaxType = (vatRegistered: boolean): TaxType => (vatRegistered ? "B" : "D");

/**
 * The tax inside a VAT-inclusive amount, in integer cents. THE ROUNDING RULE: per line,
 * tax = total x rate / (1 + rate), rounded half up to the cent (half away from zero for a
 * negative amount, so a credit note mirrors its invoice), and taxable = total - tax. Computed
 * with integers only (no floating point), so the taxable amount and the tax always add up to
 * the line's total exactly.
 */
export function taxIncluded(total: number, rateBp: number): number {
  if (!Number.isSafeInteger(total)) throw new RangeError(`Not an integer amount of cents: ${total}`);
  if (rateBp === 0 || total === 0) return 0;
  const abs = BigInt(Math.abs(total));
  const r = BigInt(rateBp);
  const d = 10_000n + r;
  // round(abs * r / d) half up = floor((2 * abs * r + d) / (2 * d))
  const tax = Number((2n * abs * r + d) / (2n * d));
  return total < 0 ? -tax : tax;
}

export const vatBandSchema = z.object({
  taxType: z.enum(TAX_TYPES),
  rateBp: z.number().int(),
  /** The band's amount before tax (cents). */
  taxable: z.number().int(),
  tax: z.number().int(),
  /** taxable + tax: what the band's lines came to, VAT included. */
  total: z.number().int(),
});
export type VatBand = z.infer<typeof vatBandSchema>;

export type TaxedLine = { taxType: TaxType; total: number };

/** One line's split: its band, rate, taxable amount and tax (the rule of taxIncluded). */
export function lineVat(line: TaxedLine): VatBand {
  const rateBp = TAX_RATES_BP[line.taxType];
  const tax = taxIncluded(line.total, rateBp);
  return { taxType: line.taxType, rateBp, taxable: line.total - tax, tax, total: line.total };
}

/**
 * The per-band snapshot of a sale, invoice or credit note: each line is split by the rounding
 * rule (taxIncluded), then the lines of a band are added up. Only the bands that occur are
 * listed, in the order A..E. The bands' totals add up to the document's total exactly.
 */
export function vatBands(lines: readonly TaxedLine[]): VatBand[] {
  const bands = new Map<TaxType, VatBand>();
  for (const line of lines) {
    const v = lineVat(line);
    const band = bands.get(v.taxType);
    if (!band) bands.set(v.taxType, v);
    else {
      band.taxable += v.taxable;
      band.tax += v.tax;
      band.total += v.total;
    }
  }
  return TAX_TYPES.filter((t) => bands.has(t)).map((t) => bands.get(t)!);
}

/** The tax of a whole document (sum over its bands). */
export const totalTax = (bands: readonly VatBand[]) => bands.reduce((sum, b) => sum + b.tax, 0);

/**
 * All five bands A..E with zeros where a document has none: the shape eTIMS asks for
 * (taxblAmtA..E, taxRtA..E, taxAmtA..E), so nothing has to be migrated when it is connected.
 */
export function allFiveBands(bands: readonly VatBand[]): VatBand[] {
  return TAX_TYPES.map(
    (t) => bands.find((b) => b.taxType === t) ?? { taxType: t, rateBp: TAX_RATES_BP[t], taxable: 0, tax: 0, total: 0 },
  );
}

/** A KRA PIN: a letter, nine digits and a letter (A123456789B). */
export const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;
export const KRA_PIN_MESSAGE = "A KRA PIN is a letter, nine digits and a letter (A123456789B)";
export const kraPinSchema = z.string().trim().toUpperCase().regex(KRA_PIN, KRA_PIN_MESSAGE);

/**
 * Where a document stands with KRA's eTIMS: not_required (a quotation, which is no tax document;
 * a sale or invoice of a business that has not connected eTIMS), pending (waiting to be sent),
 * signed (KRA accepted it), failed (KRA refused it; shown with the reason).
 */
export const ETIMS_STATES = ["not_required", "pending", "signed", "failed"] as const;
export type EtimsState = (typeof ETIMS_STATES)[number];
export const ETIMS_STATE_LABELS: Record<EtimsState, string> = {
  // Every person in business must issue eTIMS invoices (VAT-registered or not): a business that
  // has not connected is "not connected", never "not required" (issue 30, item 9).
  not_required: "eTIMS: not connected",
  pending: "eTIMS: pending",
  signed: "eTIMS: signed",
  failed: "eTIMS: failed",
};

/** The eTIMS line a document prints: a quotation is no tax document, so eTIMS is not required for it. */
export const etimsLabelOf = (state: EtimsState, documentType?: string): string =>
  state === "not_required" && documentType === "quotation" ? "eTIMS: not required" : ETIMS_STATE_LABELS[state];

/** The state a new tax document starts in: pending when the business has a KRA PIN to send under. */
export const initialEtimsState = (kraPin: string | null | undefined): EtimsState =>
  kraPin ? "pending" : "not_required";
