import { lineVat, TAX_RATES_BP, TAX_TYPES, type TaxType } from "../tax/vat.ts";
import { oscuDate, oscuDateTime } from "./oscu.ts";

/**
 * A sale or credit note as KRA's saveTrnsSalesOsdc takes it (TrnsSalesSaveWrReq, OSCU
 * specification 2.0), built from what the sale already holds: its lines with their tax band
 * (A-E), prices VAT included, in cents. A pure function, so every field can be checked.
 *
 * How amounts read (the specification's own example: splyAmt 7000, taxblAmt 7000, taxAmt 1068
 * at 18%): prices include VAT, `taxblAmt` is a line's amount VAT included and `taxAmt` the VAT
 * inside it; the header's taxblAmtA..E and taxAmtA..E add the lines of each band, and
 * totTaxblAmt = totAmt. The VAT of a line follows the product's one rounding rule
 * (tax/vat.ts taxIncluded), so the bands sent equal the per-band snapshot the sale keeps.
 */

export type EtimsSaleLine = {
  /** KRA's item code (itemCd) the product was registered under with saveItem. */
  itemCd: string;
  itemClsCd: string;
  name: string;
  barcode?: string | null;
  pkgUnitCd: string;
  qtyUnitCd: string;
  quantity: number;
  /** Unit price in cents, VAT included. */
  unitPrice: number;
  /** What the line came to in cents, VAT included (after any discount); positive on a credit note too. */
  total: number;
  taxType: TaxType;
};

export type EtimsSaleInput = {
  /** The trader's invoice number sent to KRA: gapless per branch, separate from our sale number. */
  invcNo: number;
  /** Our own number of the sale or credit note (trdInvcNo), e.g. "S-1042". */
  traderInvoiceNo: string;
  /** S: a sale; R: a credit note after a sale. */
  receiptType: "S" | "R";
  /** The credit note's sale: the invcNo it was sent under; 0 for a sale. */
  originalInvcNo: number;
  /** KRA's credit-note reason code (code class 32); required for R. */
  refundReasonCd: string | null;
  /** KRA's payment type code (code class 07). */
  paymentTypeCd: string;
  /** When the sale was made (confirmed), and when the receipt is published. */
  at: Date;
  buyerPin: string | null;
  buyerName: string | null;
  buyerPhone: string | null;
  /** Who recorded it (regrId/modrId, regrNm/modrNm). */
  user: { id: string; name: string };
  lines: EtimsSaleLine[];
};

/** Cents to the specification's NUMBER(18,2). */
const amount = (cents: number) => Math.round(cents) / 100;
const cut = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

export function saleToOscu(input: EtimsSaleInput) {
  if (!input.lines.length) throw new RangeError("A sale sent to KRA needs at least one line");
  if (input.receiptType === "R" && (!input.originalInvcNo || !input.refundReasonCd))
    throw new RangeError("A credit note needs the original invoice number and a KRA refund reason");
  const itemList = input.lines.map((line, i) => {
    if (line.total < 0 || line.unitPrice < 0) throw new RangeError("Line amounts are sent positive (R marks a credit)");
    const supply = line.unitPrice * line.quantity;
    const discount = Math.max(0, supply - line.total);
    const vat = lineVat({ taxType: line.taxType, total: line.total });
    return {
      itemSeq: i + 1,
      itemCd: line.itemCd,
      itemClsCd: line.itemClsCd,
      itemNm: line.name.slice(0, 200),
      bcd: cut(line.barcode, 20),
      pkgUnitCd: line.pkgUnitCd,
      pkg: line.quantity,
      qtyUnitCd: line.qtyUnitCd,
      qty: line.quantity,
      prc: amount(line.unitPrice),
      splyAmt: amount(supply),
      dcRt: supply ? Math.round((discount / supply) * 10_000) / 100 : 0,
      dcAmt: amount(discount),
      isrccCd: null,
      isrccNm: null,
      isrcRt: null,
      isrcAmt: null,
      taxTyCd: line.taxType,
      taxblAmt: amount(vat.total),
      taxAmt: amount(vat.tax),
      totAmt: amount(vat.total),
      cents: vat,
    };
  });
  const bandSum = (t: TaxType, key: "total" | "tax") =>
    itemList.filter((l) => l.taxTyCd === t).reduce((s, l) => s + l.cents[key], 0);
  const bands = Object.fromEntries(
    TAX_TYPES.flatMap((t) => [
      [`taxblAmt${t}`, amount(bandSum(t, "total"))],
      [`taxRt${t}`, TAX_RATES_BP[t] / 100],
      [`taxAmt${t}`, amount(bandSum(t, "tax"))],
    ]),
  ) as Record<`taxblAmt${TaxType}` | `taxRt${TaxType}` | `taxAmt${TaxType}`, number>;
  const totalCents = itemList.reduce((s, l) => s + l.cents.total, 0);
  const taxCents = itemList.reduce((s, l) => s + l.cents.tax, 0);
  const at = oscuDateTime(input.at);
  const credit = input.receiptType === "R";
  return {
    invcNo: input.invcNo,
    orgInvcNo: credit ? input.originalInvcNo : 0,
    trdInvcNo: input.traderInvoiceNo.slice(0, 50),
    custTin: input.buyerPin,
    custNm: cut(input.buyerName, 60),
    salesTyCd: "N",
    rcptTyCd: input.receiptType,
    pmtTyCd: input.paymentTypeCd,
    salesSttsCd: "02",
    cfmDt: at,
    salesDt: oscuDate(input.at),
    stockRlsDt: at,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: credit ? at : null,
    rfdRsnCd: credit ? input.refundReasonCd : null,
    totItemCnt: itemList.length,
    ...bands,
    totTaxblAmt: amount(totalCents),
    totTaxAmt: amount(taxCents),
    totAmt: amount(totalCents),
    prchrAcptcYn: "N",
    remark: null,
    regrId: input.user.id.slice(0, 20),
    regrNm: input.user.name.slice(0, 60),
    modrId: input.user.id.slice(0, 20),
    modrNm: input.user.name.slice(0, 60),
    receipt: {
      custTin: input.buyerPin,
      custMblNo: input.buyerPhone,
      rcptPbctDt: at,
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: "N",
    },
    itemList: itemList.map(({ cents: _cents, ...line }) => line),
  };
}
export type OscuSaleRequest = ReturnType<typeof saleToOscu>;

/**
 * KRA's payment type (code class 07: 01 cash, 02 credit, 03 cash/credit, 04 bank cheque, 05 card,
 * 06 mobile money, 07 other) of a sale's payment method; a split sale that leaves credit owing is
 * 03, one fully paid takes the code of the method that paid the most.
 */
export function oscuPaymentType(
  method: string,
  payments: readonly { method: string; amount: number }[] = [],
  balance = 0,
): string {
  const code = (m: string) =>
    m === "Cash"
      ? "01"
      : m === "Credit" || m === "Room"
        ? "02"
        : m === "M-Pesa"
          ? "06"
          : m === "Card"
            ? "05"
            : m === "Cheque"
              ? "04"
              : "07";
  if (method !== "Split") return code(method);
  if (balance > 0) return "03";
  const largest = [...payments].sort((a, b) => b.amount - a.amount)[0];
  return largest ? code(largest.method) : "07";
}

/**
 * KRA's item code (the specification's "item code" definition): origin country (2), item type
 * (1), packaging unit (2), quantity unit (2), then a 7-digit sequence, e.g. KE2NTBA0000012.
 */
export function oscuItemCode(p: {
  country: string;
  itemType: string;
  pkgUnitCd: string;
  qtyUnitCd: string;
  sequence: number;
}): string {
  if (!Number.isInteger(p.sequence) || p.sequence < 1 || p.sequence > 9_999_999)
    throw new RangeError(`An item sequence runs from 1 to 9999999 (got ${p.sequence})`);
  return `${p.country}${p.itemType}${p.pkgUnitCd}${p.qtyUnitCd}${String(p.sequence).padStart(7, "0")}`;
}

/**
 * The link a signed receipt's QR code holds: KRA's receipt verification page with the PIN (11),
 * the branch (2) and the receipt signature, one after the other, as the `Data` parameter.
 */
export function oscuReceiptLink(p: { production: boolean; tin: string; bhfId: string; rcptSign: string }): string {
  const host = p.production ? "https://etims.kra.go.ke" : "https://etims-sbx.kra.go.ke";
  return `${host}/common/link/etims/receipt/indexEtimsReceiptData?Data=${p.tin}${p.bhfId}${p.rcptSign}`;
}
