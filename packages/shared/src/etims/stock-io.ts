import type { StockReason } from "../inventory/stock.ts";
import { lineVat, type TaxType } from "../tax/vat.ts";
import { oscuDate } from "./oscu.ts";

/**
 * Stock movements as KRA's insertStockIO takes them (StockIOSaveReq, OSCU specification 2.0),
 * built from rows of our stock ledger (stock_movements). Pure, so every field can be checked.
 *
 * KRA's stock in/out types (code class 12): incoming 01 import, 02 purchase, 03 return,
 * 04 stock movement, 05 processing, 06 adjustment; outgoing 11 sale, 12 return, 13 stock
 * movement, 14 processing, 15 discarding, 16 adjustment. Quantities are sent positive: the
 * type says the direction.
 */

/** KRA's stock in/out type of a ledger movement: by its reason, in or out by the sign of its delta. */
export function oscuStockType(reason: StockReason, delta: number): string {
  const incoming = delta > 0;
  switch (reason) {
    case "sale":
    case "dispense":
    case "restore":
    case "void":
      // A sale (or a clinic's dispensing) takes stock out; voiding gives it back (a return in).
      return incoming ? "03" : "11";
    case "supply":
      // Received from a supplier; a supply corrected down goes back to the supplier.
      return incoming ? "02" : "12";
    case "transfer_in":
    case "transfer_out":
      return incoming ? "04" : "13";
    case "loss":
      return incoming ? "06" : "15";
    case "adjustment":
    case "clear":
    case "received":
      return incoming ? "06" : "16";
  }
}

export type EtimsStockLine = {
  itemCd: string;
  itemClsCd: string;
  name: string;
  barcode: string | null;
  pkgUnitCd: string;
  qtyUnitCd: string;
  /** The ledger's delta: positive in, negative out (sent as its size). */
  delta: number;
  /** Unit price in cents, VAT included (the product's selling price). */
  unitPrice: number;
  taxType: TaxType;
};

export type EtimsStockInput = {
  /** Our stored/released number: one per report, kept across retries. */
  sarNo: number;
  /** KRA's stock in/out type (oscuStockType), the same for every line. */
  sarTyCd: string;
  /** When the movements happened (the first's time; a report holds one day's). */
  at: Date;
  user: { id: string; name: string };
  lines: EtimsStockLine[];
};

const amount = (cents: number) => Math.round(cents) / 100;

/** One insertStockIO body for movements of one type and one day. */
export function stockToOscu(input: EtimsStockInput) {
  if (!input.lines.length) throw new RangeError("A stock report to KRA needs at least one line");
  const itemList = input.lines.map((line, i) => {
    const qty = Math.abs(line.delta);
    const total = line.unitPrice * qty;
    const vat = lineVat({ taxType: line.taxType, total });
    return {
      itemSeq: i + 1,
      itemCd: line.itemCd,
      itemClsCd: line.itemClsCd,
      itemNm: line.name.slice(0, 200),
      bcd: line.barcode ? line.barcode.slice(0, 20) : null,
      pkgUnitCd: line.pkgUnitCd,
      pkg: qty,
      qtyUnitCd: line.qtyUnitCd,
      qty,
      itemExprDt: null,
      prc: amount(line.unitPrice),
      splyAmt: amount(total),
      totDcAmt: 0,
      taxblAmt: amount(total),
      taxTyCd: line.taxType,
      taxAmt: amount(vat.tax),
      totAmt: amount(total),
    };
  });
  const cents = (f: (l: (typeof itemList)[number]) => number) =>
    amount(itemList.reduce((sum, l) => sum + Math.round(f(l) * 100), 0));
  return {
    sarNo: input.sarNo,
    // A new report, not a correction of an earlier one.
    orgSarNo: 0,
    // KRA's registration type: A (automatic) for what sales write, M (manual) for what staff enter.
    regTyCd: ["11", "03"].includes(input.sarTyCd) ? "A" : "M",
    custTin: null,
    custNm: null,
    custBhfId: null,
    sarTyCd: input.sarTyCd,
    ocrnDt: oscuDate(input.at),
    totItemCnt: itemList.length,
    totTaxblAmt: cents((l) => l.taxblAmt),
    totTaxAmt: cents((l) => l.taxAmt),
    totAmt: cents((l) => l.totAmt),
    remark: null,
    regrId: input.user.id.slice(0, 20),
    regrNm: input.user.name.slice(0, 60),
    modrId: input.user.id.slice(0, 20),
    modrNm: input.user.name.slice(0, 60),
    itemList,
  };
}
export type OscuStockRequest = ReturnType<typeof stockToOscu>;
