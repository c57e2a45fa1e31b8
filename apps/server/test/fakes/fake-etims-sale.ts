import { FAKE_CODE_CLASSES, hasCode } from "./fake-etims-codes.ts";
import { breach, RECEIPT_RULES, SALE_ITEM_RULES, SALE_RULES, type Rules } from "./fake-etims-rules.ts";

// The fake eTIMS's checks of a sale or credit note (saveTrnsSalesOsdc, TrnsSalesSaveWrReq), and
// of the item lists of stock movements and purchases: the fields of the specification's tables,
// KRA's codes, registered items, and the arithmetic of lines, bands and totals.

type Body = Record<string, unknown>;
const cents = (n: unknown) => Math.round(Number(n) * 100);

/**
 * The first line of `itemList` that breaks `rules` or names an item KRA has not registered, or
 * null. A line without an item code passes when the rules leave it optional (a purchase's).
 */
export function itemListProblem(items: Map<string, unknown>, body: Body, rules: Rules): string | null {
  const lines = Array.isArray(body.itemList) ? (body.itemList as Body[]) : [];
  if (!lines.length || lines.length !== body.totItemCnt) return "totItemCnt: must count itemList";
  for (const [i, line] of lines.entries()) {
    const bad = breach(line, rules);
    if (bad) return `itemList[${i}].${bad}`;
    if (line.itemSeq !== i + 1) return `itemList[${i}].itemSeq: 1, 2, 3...`;
    const code = line.itemCd;
    if ((code != null && code !== "") || rules.itemCd?.req) {
      if (!items.has(String(code))) return `itemList[${i}].itemCd: not registered (saveItem)`;
    }
    if (!hasCode("04", line.taxTyCd)) return `itemList[${i}].taxTyCd: not a KRA tax type`;
  }
  return null;
}

export function saleProblem(
  items: Map<string, unknown>,
  sales: Map<number, Body>,
  body: Body,
): [string, string] | null {
  const bad = breach(body, SALE_RULES) ?? breach((body.receipt ?? {}) as Body, RECEIPT_RULES);
  if (bad) return ["910", bad];
  if (!body.receipt) return ["910", "receipt: required"];
  if (!["S", "R"].includes(String(body.rcptTyCd))) return ["910", "rcptTyCd: S or R"];
  if (body.pmtTyCd != null && !hasCode("07", body.pmtTyCd)) return ["910", "pmtTyCd: not a KRA payment type"];
  if (!hasCode("11", body.salesSttsCd)) return ["910", "salesSttsCd: not a KRA sale status"];
  if (body.rcptTyCd === "R") {
    if (!hasCode("32", body.rfdRsnCd)) return ["910", "rfdRsnCd: required on a credit note (KRA refund reason)"];
    if (sales.get(Number(body.orgInvcNo))?.rcptTyCd !== "S") return ["910", "orgInvcNo: no such sale"];
  } else if (body.orgInvcNo !== 0) return ["910", "orgInvcNo: 0 on a sale"];
  const lines = Array.isArray(body.itemList) ? (body.itemList as Body[]) : [];
  if (!lines.length || lines.length !== body.totItemCnt) return ["910", "totItemCnt: must count itemList"];
  const sums: Record<string, { taxbl: number; tax: number }> = {};
  for (const [i, item] of lines.entries()) {
    const bad = breach(item, SALE_ITEM_RULES);
    if (bad) return ["910", `itemList[${i}].${bad}`];
    if (item.itemSeq !== i + 1) return ["910", `itemList[${i}].itemSeq: 1, 2, 3...`];
    if (!items.has(String(item.itemCd))) return ["910", `itemList[${i}].itemCd: not registered (saveItem)`];
    if (!hasCode("04", item.taxTyCd)) return ["910", `itemList[${i}].taxTyCd: not a KRA tax type`];
    if (cents(item.splyAmt) !== Math.round(Number(item.qty) * cents(item.prc)))
      return ["910", `itemList[${i}].splyAmt: qty x prc`];
    if (cents(item.totAmt) !== cents(item.splyAmt) - cents(item.dcAmt))
      return ["910", `itemList[${i}].totAmt: splyAmt - dcAmt`];
    const rate = Number(FAKE_CODE_CLASSES[0].codes.find(([cd]) => cd === item.taxTyCd)![2]);
    const expectTax = Math.round((cents(item.taxblAmt) * rate) / (100 + rate));
    if (Math.abs(cents(item.taxAmt) - expectTax) > 1) return ["910", `itemList[${i}].taxAmt: tax in taxblAmt`];
    const s = (sums[String(item.taxTyCd)] ??= { taxbl: 0, tax: 0 });
    s.taxbl += cents(item.taxblAmt);
    s.tax += cents(item.taxAmt);
  }
  for (const [cd, , rate] of FAKE_CODE_CLASSES[0].codes) {
    if (Number(body[`taxRt${cd}`]) !== Number(rate)) return ["910", `taxRt${cd}: KRA's rate is ${rate}`];
    if (cents(body[`taxblAmt${cd}`]) !== (sums[cd]?.taxbl ?? 0)) return ["910", `taxblAmt${cd}: sum of the lines`];
    if (cents(body[`taxAmt${cd}`]) !== (sums[cd]?.tax ?? 0)) return ["910", `taxAmt${cd}: sum of the lines`];
  }
  const all = Object.values(sums);
  if (cents(body.totTaxblAmt) !== all.reduce((s, x) => s + x.taxbl, 0)) return ["910", "totTaxblAmt: sum of bands"];
  if (cents(body.totTaxAmt) !== all.reduce((s, x) => s + x.tax, 0)) return ["910", "totTaxAmt: sum of bands"];
  if (cents(body.totAmt) !== cents(body.totTaxblAmt)) return ["910", "totAmt: equals totTaxblAmt"];
  if (sales.has(Number(body.invcNo))) return ["994", "invcNo already sent"];
  return null;
}

/**
 * A stock movement's checks beyond its fields (insertStockIO, StockIOSaveReq): quantities
 * positive (the type, sarTyCd, says in or out), each line's supply = price x quantity, taxable =
 * supply - discount, total = taxable, VAT no more than the taxable amount; the header's totals
 * add up the lines; orgSarNo 0 (a new movement), its own sarNo, or one already sent.
 */
export function stockIoProblem(sent: Map<number, unknown>, body: Body): string | null {
  const sarNo = Number(body.sarNo);
  if (!(sarNo > 0)) return "sarNo: 1, 2, 3...";
  const org = Number(body.orgSarNo);
  if (org !== 0 && org !== sarNo && !sent.has(org)) return "orgSarNo: 0, its own sarNo or one already sent";
  const lines = body.itemList as Body[];
  const sum = { taxbl: 0, tax: 0, tot: 0 };
  for (const [i, l] of lines.entries()) {
    if (!(Number(l.qty) > 0) || !(Number(l.pkg) > 0))
      return `itemList[${i}].qty: positive (sarTyCd gives the direction)`;
    if (cents(l.splyAmt) !== Math.round(cents(l.prc) * Number(l.qty))) return `itemList[${i}].splyAmt: prc x qty`;
    if (cents(l.taxblAmt) !== cents(l.splyAmt) - cents(l.totDcAmt))
      return `itemList[${i}].taxblAmt: splyAmt - totDcAmt`;
    if (cents(l.totAmt) !== cents(l.taxblAmt)) return `itemList[${i}].totAmt: taxblAmt (prices include VAT)`;
    if (cents(l.taxAmt) < 0 || cents(l.taxAmt) > cents(l.taxblAmt)) return `itemList[${i}].taxAmt: within taxblAmt`;
    sum.taxbl += cents(l.taxblAmt);
    sum.tax += cents(l.taxAmt);
    sum.tot += cents(l.totAmt);
  }
  if (cents(body.totTaxblAmt) !== sum.taxbl) return "totTaxblAmt: the lines' taxblAmt";
  if (cents(body.totTaxAmt) !== sum.tax) return "totTaxAmt: the lines' taxAmt";
  if (cents(body.totAmt) !== sum.tot) return "totAmt: the lines' totAmt";
  return null;
}
