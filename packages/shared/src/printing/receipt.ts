import {
  AWAITING_KRA_MARK,
  AWAITING_KRA_MARK_SW,
  etimsPrintOf,
  type EtimsReceiptBranch,
} from "../etims/receipt-proof.ts";
import { formatAmount, formatKES } from "../money/money.ts";
import type { CaptainOrderPrint } from "../restaurant/kitchen.ts";
import { lineName } from "../sales/line-name.ts";
import type { Sale } from "../sales/sale.ts";
import { RECEIPT_TEXT, type DocumentLanguage, type ReceiptText } from "./receipt-text.ts";

/** A printed document as lines, for an ESC/POS printer (server) and the browser alike. */
export type PrintLine =
  | { kind: "text"; text: string; align?: "left" | "center" | "right"; bold?: boolean; large?: boolean }
  | { kind: "rule" }
  | { kind: "feed" }
  /** A QR code holding `data` (KRA's verification link), centred: an image in the browser, the printer's own QR command on ESC/POS. */
  | { kind: "qr"; data: string };

/** Left and right text on one line of `width` characters; the left side is cut when both do not fit. */
export function twoColumns(left: string, right: string, width: number): string {
  const room = Math.max(width - right.length - 1, 1);
  const l = left.length > room ? left.slice(0, room) : left;
  return l + " ".repeat(Math.max(width - l.length - right.length, 1)) + right;
}

const money = (cents: number) => formatAmount(cents);
const when = (iso: string, timeZone: string, locale = "en-GB") =>
  new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone }).format(new Date(iso));

/** What a receipt prints of the business: its name, and for tax its KRA PIN and VAT registration. */
export type ReceiptBusiness = {
  name: string;
  timeZone: string;
  kraPin?: string | null;
  vatRegistered?: boolean;
  /** The business's connected eTIMS device (for KRA's QR link), null or absent when not connected. */
  etims?: EtimsReceiptBranch | null;
};

const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : `-${money(-cents)}`);

/**
 * A sale line's quantity and price; a discounted or overridden line (issue 31) shows its list
 * total, then the discount (or "Price override", or the promotion by name) with its reason, taken off.
 */
function saleLineLines(l: Sale["products"][number], width: number, tx: ReceiptText): PrintLine[] {
  if (!l.discount)
    return [
      {
        kind: "text",
        text: twoColumns(`  ${l.productQuantity} x ${money(l.productPrice)}`, money(l.totalPrice), width),
      },
    ];
  // A promoted line names its promotion (the reason kept on the line says the same in English).
  const label = l.promotionName
    ? `${tx.promotion}: ${l.promotionName}`
    : l.productPrice !== l.listPrice
      ? tx.priceOverride
      : tx.discount;
  const reason = l.promotionName ? null : l.discountReason;
  return [
    {
      kind: "text",
      text: twoColumns(`  ${l.productQuantity} x ${money(l.listPrice)}`, money(l.listPrice * l.productQuantity), width),
    },
    {
      kind: "text",
      text: twoColumns(`  ${label}${reason ? `: ${reason}` : ""}`, signed(-l.discount), width),
    },
  ];
}

/** A label and two amounts right-aligned in columns of their own (the VAT table's rows). */
function threeColumns(label: string, a: string, b: string, width: number): string {
  const col = Math.min(12, Math.floor((width - 10) / 2));
  return twoColumns(label, `${a.padStart(col)} ${b.padStart(col)}`, width);
}

/**
 * The VAT table of a VAT-registered business's receipt (or of any sale that charged VAT): each
 * band of the sale's own snapshot (as it was sold) with its amount before tax and its tax, then
 * the VAT total. The bands' amounts add up to the sale's total: tax/vat.ts's rounding rule.
 */
function vatLines(sale: Sale, business: ReceiptBusiness, width: number, tx: ReceiptText): PrintLine[] {
  const charged = sale.vatBands.some((b) => b.tax !== 0);
  // A receipt KRA signed carries its per-band tax table whatever the business's VAT registration.
  if (!sale.vatBands.length || (!business.vatRegistered && !charged && !sale.etimsProof)) return [];
  const lines: PrintLine[] = [
    { kind: "rule" },
    { kind: "text", text: threeColumns(tx.vatBand, tx.exclVat, tx.vat, width), bold: true },
  ];
  for (const b of sale.vatBands)
    lines.push({
      kind: "text",
      text: threeColumns(`${b.taxType} ${tx.bands[b.taxType]}`, money(b.taxable), money(b.tax), width),
    });
  const tax = sale.vatBands.reduce((sum, b) => sum + b.tax, 0);
  lines.push({ kind: "text", text: twoColumns(tx.totalVat, money(tax), width), bold: true });
  return lines;
}

/** What a receipt printed offline says, in both languages: the sale is kept on the till until it syncs. */
export const NOT_SYNCED_MARK = "NOT YET SYNCED / BADO HAIJATUMWA";

/**
 * The customer's receipt of a sale (80 mm: 48 columns; 58 mm: 32). A sale made offline
 * (`notSynced`) has no number yet: the receipt names it by the start of its device id and is
 * marked NOT YET SYNCED. Its words are in `options.language` (English by default): receipt-text.ts.
 */
export function receiptLines(
  sale: Sale,
  business: ReceiptBusiness,
  width: number,
  options: { notSynced?: boolean; language?: DocumentLanguage } = {},
): PrintLine[] {
  const tx = RECEIPT_TEXT[options.language ?? "en"];
  const noun = sale.channel === "wholesale" ? tx.wholesaleOrder : tx.receipt;
  const lines: PrintLine[] = [
    { kind: "text", text: business.name, align: "center", bold: true, large: true },
    ...(business.kraPin ? [{ kind: "text", text: `KRA PIN: ${business.kraPin}`, align: "center" } as const] : []),
    {
      kind: "text",
      text: options.notSynced ? `${noun} ${sale._id.slice(0, 8).toUpperCase()}` : `${noun} #${sale.saleNumber}`,
      align: "center",
    },
    ...(options.notSynced
      ? [{ kind: "text", text: `*** ${NOT_SYNCED_MARK} ***`.slice(0, width), align: "center", bold: true } as const]
      : []),
    { kind: "text", text: when(sale.createdAt, business.timeZone, tx.locale), align: "center" },
    {
      kind: "text",
      text: `${tx.servedBy(sale.servedBy)}${sale.tableName ? ` - ${sale.sectionName ?? ""} ${sale.tableName}`.trimEnd() : ""}`,
    },
    { kind: "rule" },
  ];
  for (const l of sale.products) {
    lines.push({ kind: "text", text: lineName(l).slice(0, width) });
    lines.push(...saleLineLines(l, width, tx));
  }
  lines.push({ kind: "rule" }, { kind: "text", text: twoColumns(tx.total, formatKES(sale.amount), width), bold: true });
  // A cash sale's rounding (issue 31): paid beside the total, never part of it or its VAT.
  if (sale.cashRounding)
    lines.push(
      { kind: "text", text: twoColumns(tx.cashRounding, signed(sale.cashRounding), width) },
      { kind: "text", text: twoColumns(tx.cashToPay, formatKES(sale.amount + sale.cashRounding), width), bold: true },
    );
  for (const p of sale.payments) {
    lines.push({
      kind: "text",
      text: twoColumns(
        p.reference ? `${tx.method(p.method)} ${p.reference}` : tx.method(p.method),
        money(p.amount),
        width,
      ),
    });
    if (p.tendered !== null && p.tendered > p.amount)
      lines.push({ kind: "text", text: twoColumns(`  ${tx.cashTendered}`, money(p.tendered), width) });
  }
  if (sale.change > 0) lines.push({ kind: "text", text: twoColumns(tx.change, money(sale.change), width), bold: true });
  if (sale.balance > 0) {
    lines.push({ kind: "text", text: twoColumns(tx.balanceOwing, money(sale.balance), width), bold: true });
    lines.push({
      kind: "text",
      text: `${tx.customer}: ${sale.customerName ?? ""} ${sale.customerPhone ?? ""}`.trimEnd(),
    });
  }
  if (sale.discount > 0) lines.push({ kind: "text", text: twoColumns(tx.youSaved, money(sale.discount), width) });
  lines.push(...vatLines(sale, business, width, tx));
  if (sale.status === "voided") lines.push({ kind: "text", text: `*** ${tx.voided} ***`, align: "center", bold: true });
  // Where the sale stands with KRA eTIMS; a sale still on the till has not reached the server yet.
  if (!options.notSynced) lines.push(...etimsLines(sale, business, width, tx));
  lines.push({ kind: "rule" }, { kind: "text", text: tx.thanks, align: "center" }, { kind: "feed" });
  return lines;
}

/**
 * The eTIMS part of a receipt: KRA's control unit information and its QR code once signed;
 * "Awaiting KRA signature" (English and Swahili) while a connected business's sale waits for KRA;
 * else the state's label ("eTIMS: not connected" for a business that has not connected, never
 * "not required").
 */
export function etimsLines(
  sale: Sale,
  business: ReceiptBusiness,
  width: number,
  tx: ReceiptText = RECEIPT_TEXT.en,
): PrintLine[] {
  const print = etimsPrintOf(sale, business.etims);
  if (print.kind === "label") return [{ kind: "text", text: tx.etims[sale.etimsState], align: "center" }];
  if (print.kind === "awaiting")
    return [
      { kind: "text", text: AWAITING_KRA_MARK, align: "center", bold: true },
      { kind: "text", text: AWAITING_KRA_MARK_SW, align: "center" },
    ];
  const lines: PrintLine[] = [
    { kind: "rule" },
    { kind: "text", text: width >= 36 ? tx.cuInformation : tx.cuInformationShort, align: "center", bold: true },
  ];
  for (const r of print.rows) {
    // A value too long to share the line with its label (the internal data on 58 mm) goes under it.
    if (r.label.length + r.value.length + 1 <= width)
      lines.push({ kind: "text", text: twoColumns(r.label, r.value, width) });
    else lines.push({ kind: "text", text: `${r.label}:` }, { kind: "text", text: r.value, align: "right" });
  }
  if (print.link) lines.push({ kind: "qr", data: print.link });
  return lines;
}

/** A kitchen ticket: only the changes of this captain order print, large for the kitchen. */
export function kitchenTicketLines(
  print: CaptainOrderPrint,
  timeZone: string,
  width: number,
  language: DocumentLanguage = "en",
): PrintLine[] {
  const tx = RECEIPT_TEXT[language];
  const changeLabel = { new: "", changed: `${tx.changed} `, cancelled: `${tx.cancel} ` } as const;
  const where = [print.sectionName, print.tableName].filter(Boolean).join(" / ");
  const lines: PrintLine[] = [
    { kind: "text", text: `${tx.kitchenOrder} #${print.printNumber}`, align: "center", bold: true, large: true },
    { kind: "text", text: where || tx.counter, align: "center", bold: true },
    { kind: "text", text: twoColumns(print.printedBy, when(print.createdAt, timeZone, tx.locale), width) },
    { kind: "rule" },
  ];
  for (const c of print.changes) {
    const qty =
      c.change === "cancelled"
        ? `${c.previousQuantity}`
        : c.change === "changed"
          ? `${c.quantity} (${tx.was(c.previousQuantity)})`
          : `${c.quantity}`;
    // Never cut: a long dish name wraps, so the kitchen always knows what to make or stop.
    lines.push({
      kind: "text",
      text: `${changeLabel[c.change]}${qty} x ${c.name}`,
      bold: c.change !== "new",
      large: true,
    });
  }
  if (print.note) lines.push({ kind: "rule" }, { kind: "text", text: `${tx.note}: ${print.note}` });
  lines.push({ kind: "feed" });
  return lines;
}
