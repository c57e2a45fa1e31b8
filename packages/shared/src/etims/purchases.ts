import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { MAX_STOCK_QUANTITY } from "../inventory/stock.ts";
import { CREDIT_PAYMENT_METHODS } from "../sales/credit.ts";
import { MONEY_METHODS } from "../transactions/transaction.ts";
import { TAX_TYPES } from "../tax/vat.ts";
import { oscuDate, oscuDateTime } from "./oscu.ts";

/**
 * Purchases from KRA (issue 30 item 8): the invoices suppliers issued to this business, as KRA's
 * selectTrnsPurchaseSalesList gives them, and the owner's answer to each, insertTrnsPurchase
 * (TrnsPurchaseSaveReq, OSCU specification 2.0): confirmed (pchsSttsCd 02 "Approved", KRA's
 * "transaction progress" codes, class 11) into a supply or an expense, or rejected (04
 * "Canceled"). Pure, so every field sent to KRA can be checked.
 */

export const ETIMS_PURCHASE_STATES = ["new", "confirmed", "rejected"] as const;
export type EtimsPurchaseState = (typeof ETIMS_PURCHASE_STATES)[number];
export const ETIMS_PURCHASE_OUTCOMES = ["supply", "expense"] as const;

/** KRA's transaction progress (code class 11) of a purchase the owner confirmed or rejected. */
export const PURCHASE_APPROVED = "02";
export const PURCHASE_REJECTED = "04";

// ---- What KRA sends (selectTrnsPurchaseSalesList saleList): tolerant, numbers as KRA writes them.

const num = z.coerce.number().finite();
const text = z.string().nullish();

export const oscuSupplierSaleLineSchema = z.object({
  itemSeq: num.nullish(),
  itemCd: text,
  itemClsCd: text,
  itemNm: z.string().min(1),
  bcd: text,
  pkgUnitCd: text,
  pkg: num.nullish(),
  qtyUnitCd: text,
  qty: num,
  prc: num,
  splyAmt: num.nullish(),
  dcRt: num.nullish(),
  dcAmt: num.nullish(),
  taxTyCd: z.string().min(1),
  taxblAmt: num.nullish(),
  taxAmt: num.nullish(),
  totAmt: num,
});

export const oscuSupplierSaleSchema = z
  .object({
    spplrTin: z.string().min(1),
    spplrNm: text,
    spplrBhfId: text,
    spplrInvcNo: z.coerce.number().int().nonnegative(),
    rcptTyCd: text,
    pmtTyCd: text,
    cfmDt: text,
    salesDt: text,
    totItemCnt: num.nullish(),
    totTaxblAmt: num.nullish(),
    totTaxAmt: num.nullish(),
    totAmt: num,
    remark: text,
    itemList: z.array(oscuSupplierSaleLineSchema).nullish(),
  })
  .catchall(z.unknown());
export type OscuSupplierSale = z.infer<typeof oscuSupplierSaleSchema>;

// ---- What we keep and show.

export const etimsPurchaseBandSchema = z.object({
  taxType: z.enum(TAX_TYPES),
  /** KRA's rate, in percent (16, 8, 0). */
  rate: z.number(),
  taxable: z.number().int(),
  tax: z.number().int(),
});
export type EtimsPurchaseBand = z.infer<typeof etimsPurchaseBandSchema>;

export const etimsPurchaseLineSchema = z.object({
  /** The line's place on the supplier's invoice, 1, 2, 3... */
  seq: z.number().int(),
  /** The supplier's KRA item code and classification. */
  itemCode: z.string().nullable(),
  itemClass: z.string().nullable(),
  name: z.string(),
  barcode: z.string().nullable(),
  packagingUnit: z.string().nullable(),
  packages: z.number(),
  quantityUnit: z.string().nullable(),
  quantity: z.number(),
  /** Cents, VAT included, as on the supplier's invoice. */
  unitPrice: z.number().int(),
  supplyAmount: z.number().int(),
  discountRate: z.number(),
  discount: z.number().int(),
  taxType: z.string(),
  taxable: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type EtimsPurchaseLine = z.infer<typeof etimsPurchaseLineSchema>;

/** A supplier's invoice as kept: who issued it, when, its totals, tax bands and lines. */
export type EtimsPurchaseFields = {
  supplierPin: string;
  supplierName: string;
  supplierBranch: string;
  supplierInvoiceNo: number;
  /** S a sale (an invoice), R a credit note. */
  receiptType: string;
  /** The supplier's payment type (code class 07), as KRA holds it. */
  paymentType: string | null;
  /** The supplier's sale date, YYYY-MM-DD. */
  saleDate: string | null;
  totalTaxable: number;
  totalTax: number;
  total: number;
  bands: EtimsPurchaseBand[];
  remark: string | null;
  lines: EtimsPurchaseLine[];
};

export const etimsPurchaseSchema = z.object({
  _id: z.uuid(),
  supplierPin: z.string(),
  supplierName: z.string(),
  supplierBranch: z.string(),
  supplierInvoiceNo: z.number().int(),
  receiptType: z.string(),
  paymentType: z.string().nullable(),
  saleDate: z.string().nullable(),
  totalTaxable: z.number().int(),
  totalTax: z.number().int(),
  total: z.number().int(),
  bands: z.array(etimsPurchaseBandSchema),
  remark: z.string().nullable(),
  lines: z.array(etimsPurchaseLineSchema),
  state: z.enum(ETIMS_PURCHASE_STATES),
  confirmedAs: z.enum(ETIMS_PURCHASE_OUTCOMES).nullable(),
  supplyId: z.uuid().nullable(),
  supplyNumber: z.number().int().nullable(),
  expenseId: z.uuid().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  fetchedAt: z.string(),
});
export type EtimsPurchase = z.infer<typeof etimsPurchaseSchema>;

export const listEtimsPurchasesQuerySchema = z.object({
  businessId: z.uuid(),
  state: z.enum(ETIMS_PURCHASE_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type ListEtimsPurchasesQuery = z.infer<typeof listEtimsPurchasesQuerySchema>;

export const etimsPurchasesSchema = z.object({
  connected: z.boolean(),
  /** When the invoices were last fetched from KRA (null: never). */
  fetchedAt: z.string().nullable(),
  /** How many wait for the owner's answer. */
  waiting: z.number().int(),
  items: z.array(etimsPurchaseSchema),
});
export type EtimsPurchases = z.infer<typeof etimsPurchasesSchema>;

export const etimsPurchasesFetchedSchema = z.object({
  /** Invoices new to us in this fetch. */
  added: z.number().int(),
  fetchedAt: z.string(),
});
export type EtimsPurchasesFetched = z.infer<typeof etimsPurchasesFetchedSchema>;

// ---- The owner's answer.

const quantity = z.number().int("Whole units only").min(1, "At least 1").max(MAX_STOCK_QUANTITY);

/** One line of the supplier's invoice as received: into a product of ours, or kept as a commodity (null). */
export const purchaseLineChoiceSchema = z.object({
  seq: z.number().int().min(1),
  productId: z.uuid().nullable(),
  quantity,
  unitCost: centsSchema,
});
export type PurchaseLineChoice = z.infer<typeof purchaseLineChoiceSchema>;

export const confirmPurchaseAsSupplyInputSchema = z
  .object({
    businessId: z.uuid(),
    lines: z.array(purchaseLineChoiceSchema).min(1, "Choose what each line is").max(200),
    /** Paid on delivery; the rest is owed to the supplier. */
    amountPaid: centsSchema.default(0),
    paymentMethod: z.enum(CREDIT_PAYMENT_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }).optional(),
  })
  .superRefine((v, ctx) => {
    const seqs = v.lines.map((l) => l.seq);
    if (new Set(seqs).size !== seqs.length)
      ctx.addIssue({ code: "custom", path: ["lines"], message: "List each line once" });
    if (v.amountPaid > 0 && !v.paymentMethod)
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: "Choose how it was paid" });
  });
export type ConfirmPurchaseAsSupplyInput = z.infer<typeof confirmPurchaseAsSupplyInputSchema>;

export const confirmPurchaseAsExpenseInputSchema = z.object({
  businessId: z.uuid(),
  categoryId: z.uuid({ error: "Choose a category" }),
  method: z.enum(MONEY_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }),
});
export type ConfirmPurchaseAsExpenseInput = z.infer<typeof confirmPurchaseAsExpenseInputSchema>;

// ---- Rules.

const cents = (n: number | null | undefined) => Math.round((n ?? 0) * 100);

/** YYYYMMDD as YYYY-MM-DD, or null when it is not a date. */
function isoDate(yyyymmdd: string | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd ?? "");
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** A supplier's sale as KRA sent it, in our terms: cents, the five bands, lines numbered 1, 2, 3. */
export function supplierSaleToPurchase(sale: OscuSupplierSale): EtimsPurchaseFields {
  const raw = sale as Record<string, unknown>;
  const bands: EtimsPurchaseBand[] = TAX_TYPES.map((taxType) => ({
    taxType,
    rate: Number(raw[`taxRt${taxType}`] ?? 0) || 0,
    taxable: cents(Number(raw[`taxblAmt${taxType}`] ?? 0) || 0),
    tax: cents(Number(raw[`taxAmt${taxType}`] ?? 0) || 0),
  }));
  const lines = (sale.itemList ?? [])
    .slice()
    .sort((a, b) => (a.itemSeq ?? 0) - (b.itemSeq ?? 0))
    .map((l, i): EtimsPurchaseLine => ({
      seq: i + 1,
      itemCode: l.itemCd ?? null,
      itemClass: l.itemClsCd ?? null,
      name: l.itemNm.slice(0, 200),
      barcode: l.bcd ?? null,
      packagingUnit: l.pkgUnitCd ?? null,
      packages: l.pkg ?? l.qty,
      quantityUnit: l.qtyUnitCd ?? null,
      quantity: l.qty,
      unitPrice: cents(l.prc),
      supplyAmount: cents(l.splyAmt ?? l.qty * l.prc),
      discountRate: l.dcRt ?? 0,
      discount: cents(l.dcAmt),
      taxType: l.taxTyCd,
      taxable: cents(l.taxblAmt ?? l.totAmt),
      tax: cents(l.taxAmt),
      total: cents(l.totAmt),
    }));
  const total = cents(sale.totAmt);
  return {
    supplierPin: sale.spplrTin.trim().toUpperCase(),
    supplierName: (sale.spplrNm ?? "").trim() || sale.spplrTin,
    supplierBranch: sale.spplrBhfId ?? "",
    supplierInvoiceNo: sale.spplrInvcNo,
    receiptType: sale.rcptTyCd ?? "S",
    paymentType: sale.pmtTyCd ?? null,
    saleDate: isoDate(sale.salesDt),
    totalTaxable: sale.totTaxblAmt == null ? total : cents(sale.totTaxblAmt),
    totalTax: sale.totTaxAmt == null ? bands.reduce((s, b) => s + b.tax, 0) : cents(sale.totTaxAmt),
    total,
    bands,
    remark: sale.remark ?? null,
    lines,
  };
}

/** What the invoice's lines become in a supply: products (one line per product) and commodities. */
export type PurchaseSupplyLines = {
  products: { productId: string; quantity: number; unitCost: number }[];
  commodities: { name: string; unit: string; quantity: number; unitCost: number }[];
};

/**
 * The supply a confirmed invoice becomes, from the owner's choice for each of its lines: every
 * line answered once (else the problem, for a 400 naming the field); lines of the same product
 * join into one (a supply lists a product once), their unit cost the average, rounded to the cent.
 */
export function purchaseToSupplyLines(
  lines: readonly Pick<EtimsPurchaseLine, "seq" | "name" | "quantityUnit">[],
  choices: readonly PurchaseLineChoice[],
): { ok: true; value: PurchaseSupplyLines } | { ok: false; problem: string } {
  const bySeq = new Map(choices.map((c) => [c.seq, c]));
  const unknown = choices.filter((c) => !lines.some((l) => l.seq === c.seq));
  if (unknown.length) return { ok: false, problem: `The invoice has no line ${unknown[0]!.seq}` };
  const missing = lines.filter((l) => !bySeq.has(l.seq));
  if (missing.length) return { ok: false, problem: `Say what line ${missing[0]!.seq} (${missing[0]!.name}) is` };
  const products = new Map<string, { quantity: number; cost: number }>();
  const commodities: PurchaseSupplyLines["commodities"] = [];
  for (const line of lines) {
    const c = bySeq.get(line.seq)!;
    if (c.productId) {
      const p = products.get(c.productId) ?? { quantity: 0, cost: 0 };
      products.set(c.productId, { quantity: p.quantity + c.quantity, cost: p.cost + c.quantity * c.unitCost });
    } else
      commodities.push({
        name: line.name.slice(0, 120),
        unit: (line.quantityUnit || "pcs").slice(0, 20),
        quantity: c.quantity,
        unitCost: c.unitCost,
      });
  }
  return {
    ok: true,
    value: {
      products: [...products].map(([productId, p]) => ({
        productId,
        quantity: p.quantity,
        unitCost: Math.round(p.cost / p.quantity),
      })),
      commodities,
    },
  };
}

/**
 * The owner's starting point for a line: its quantity in whole units (at least 1) and the unit
 * cost that makes the line's total, VAT included, in cents.
 */
export function suggestedLineChoice(line: Pick<EtimsPurchaseLine, "quantity" | "total">): {
  quantity: number;
  unitCost: number;
} {
  const quantity = Math.max(1, Math.round(line.quantity));
  return { quantity, unitCost: Math.max(0, Math.round(line.total / quantity)) };
}

/** KRA's payment type (class 07) of what was paid: all in one method, nothing (02 credit), or part (03). */
export function purchasePaymentType(total: number, amountPaid: number, method: string | undefined): string {
  if (amountPaid <= 0) return "02";
  if (amountPaid < total) return "03";
  return method === "Cash" ? "01" : method === "M-Pesa" ? "06" : "07";
}

/** A payment type KRA's list has (class 07: 01-07), or cash. */
const knownPaymentType = (code: string | null) => (code && /^0[1-7]$/.test(code) ? code : "01");

/** A product of ours registered with KRA, as a purchase line names it. */
export type PurchaseLineItem = {
  itemCd: string;
  itemClsCd: string;
  name: string;
  barcode: string | null;
  pkgUnitCd?: string;
  qtyUnitCd?: string;
};

export type PurchaseDecision = {
  /** Our purchase number for KRA (invcNo), one per invoice, kept if it is sent again. */
  invcNo: number;
  status: typeof PURCHASE_APPROVED | typeof PURCHASE_REJECTED;
  /** KRA's payment type; a rejection keeps the supplier's. */
  paymentType?: string;
  /**
   * The item each line became, when it is a product of ours registered with KRA, with its
   * packaging and quantity units (KRA's codes; our item code is built from them).
   */
  items?: ReadonlyMap<number, PurchaseLineItem>;
  /** The quantity of each line the owner confirmed (a supply: 10 bags may be 120 pieces), by line. */
  quantities?: ReadonlyMap<number, number>;
  /** Received into stock now (wrhsDt). */
  received: boolean;
  at: Date;
  user: { id: string; name: string };
};

const amount = (c: number) => Math.round(c) / 100;

/**
 * The insertTrnsPurchase body confirming (02) or rejecting (04) a supplier's invoice. The amounts
 * are the supplier's, as KRA holds them; the quantity of each line is the one the owner confirmed
 * (the supplier's when none: an expense, a rejection), its unit price the line's amount over that
 * quantity. A line received into a product of ours names our item code (itemCd) beside the
 * supplier's (spplrItemCd), with our packaging and quantity units (the quantity counts our item);
 * a line that is not one of our registered items (a commodity, an expense) has no itemCd (the
 * specification leaves it optional) and the supplier's units. Registration type A: the invoice
 * came from KRA's list, not typed in.
 */
export function purchaseToOscu(p: EtimsPurchaseFields & { saleDate: string | null }, d: PurchaseDecision) {
  const bands = Object.fromEntries(
    TAX_TYPES.flatMap((t) => {
      const b = p.bands.find((x) => x.taxType === t);
      return [
        [`taxblAmt${t}`, amount(b?.taxable ?? 0)],
        [`taxRt${t}`, b?.rate ?? 0],
        [`taxAmt${t}`, amount(b?.tax ?? 0)],
      ];
    }),
  );
  const at = oscuDateTime(d.at);
  const itemList = p.lines.map((l, i) => {
    const ours = d.items?.get(l.seq);
    const qty = d.quantities?.get(l.seq) ?? l.quantity;
    // The supplier's price when the quantity is theirs; else what makes the same amount.
    const prc = qty === l.quantity || qty <= 0 ? l.unitPrice : Math.round(l.supplyAmount / qty);
    return {
      itemSeq: i + 1,
      itemCd: ours?.itemCd ?? null,
      itemClsCd: ours?.itemClsCd ?? l.itemClass,
      itemNm: (ours?.name ?? l.name).slice(0, 200),
      bcd: ours?.barcode ? ours.barcode.slice(0, 20) : null,
      spplrItemClsCd: l.itemClass,
      spplrItemCd: l.itemCode,
      spplrItemNm: l.name.slice(0, 200),
      pkgUnitCd: ours?.pkgUnitCd ?? l.packagingUnit,
      pkg: ours?.pkgUnitCd ? qty : l.packages,
      qtyUnitCd: ours?.qtyUnitCd ?? l.quantityUnit ?? "U",
      qty,
      prc: amount(prc),
      splyAmt: amount(l.supplyAmount),
      dcRt: l.discountRate,
      dcAmt: amount(l.discount),
      taxblAmt: amount(l.taxable),
      taxTyCd: l.taxType,
      taxAmt: amount(l.tax),
      totAmt: amount(l.total),
      itemExprDt: null,
    };
  });
  const rejected = d.status === PURCHASE_REJECTED;
  return {
    invcNo: d.invcNo,
    orgInvcNo: 0,
    spplrTin: p.supplierPin,
    spplrBhfId: p.supplierBranch || null,
    spplrNm: p.supplierName.slice(0, 60),
    spplrInvcNo: p.supplierInvoiceNo,
    regTyCd: "A",
    pchsTyCd: "N",
    rcptTyCd: "P",
    pmtTyCd: d.paymentType ?? knownPaymentType(p.paymentType),
    pchsSttsCd: d.status,
    cfmDt: at,
    pchsDt: p.saleDate ? p.saleDate.replace(/-/g, "") : oscuDate(d.at),
    wrhsDt: d.received ? at : null,
    cnclReqDt: rejected ? at : null,
    cnclDt: rejected ? at : null,
    rfdDt: null,
    totItemCnt: itemList.length,
    ...bands,
    totTaxblAmt: amount(p.totalTaxable),
    totTaxAmt: amount(p.totalTax),
    totAmt: amount(p.total),
    remark: null,
    regrId: d.user.id.slice(0, 20),
    regrNm: d.user.name.slice(0, 60),
    modrId: d.user.id.slice(0, 20),
    modrNm: d.user.name.slice(0, 60),
    itemList,
  };
}
export type OscuPurchaseRequest = ReturnType<typeof purchaseToOscu>;
