// The request tables of KRA's OSCU/VSCU specification 2.0, as the fake eTIMS checks them: each
// field's type (CHAR with its length, NUMBER with its digits), whether it is required, and the
// dates' forms. Written from the specification's tables; a field the table does not list passes.

type Rule =
  | { t: "char"; max: number; req?: boolean; exact?: boolean }
  | { t: "num"; int: number; frac: number; req?: boolean }
  | { t: "dt14"; req?: boolean }
  | { t: "dt8"; req?: boolean }
  | { t: "yn"; req?: boolean };
export type Rules = Record<string, Rule>;

const char = (max: number, req = false, exact = false): Rule => ({ t: "char", max, req, exact });
const num = (int: number, frac: number, req = false): Rule => ({ t: "num", int, frac, req });
const dt14 = (req = false): Rule => ({ t: "dt14", req });
const dt8 = (req = false): Rule => ({ t: "dt8", req });
const yn = (req = false): Rule => ({ t: "yn", req });

const validDate = (s: string) => {
  const [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const validTime = (s: string) =>
  Number(s.slice(8, 10)) < 24 && Number(s.slice(10, 12)) < 60 && Number(s.slice(12, 14)) < 60;

/** The first field of `body` that breaks `rules`, as "field: why", or null. */
export function breach(body: Record<string, unknown>, rules: Rules): string | null {
  for (const [field, rule] of Object.entries(rules)) {
    const v = body[field];
    if (v === undefined || v === null || v === "") {
      if (rule.req) return `${field}: required`;
      continue;
    }
    switch (rule.t) {
      case "char":
        if (typeof v !== "string") return `${field}: must be text`;
        if (v.length > rule.max || (rule.exact && v.length !== rule.max))
          return `${field}: ${rule.exact ? "exactly" : "at most"} ${rule.max} characters`;
        break;
      case "num": {
        if (typeof v !== "number" || !Number.isFinite(v)) return `${field}: must be a number`;
        const [i = "", f = ""] = Math.abs(v).toString().split(".");
        if (i.length > rule.int - rule.frac || f.length > rule.frac)
          return `${field}: NUMBER(${rule.int},${rule.frac})`;
        break;
      }
      case "dt14":
        if (typeof v !== "string" || !/^\d{14}$/.test(v) || !validDate(v) || !validTime(v))
          return `${field}: YYYYMMDDhhmmss`;
        break;
      case "dt8":
        if (typeof v !== "string" || !/^\d{8}$/.test(v) || !validDate(v)) return `${field}: YYYYMMDD`;
        break;
      case "yn":
        if (v !== "Y" && v !== "N") return `${field}: Y or N`;
        break;
    }
  }
  return null;
}

export const INIT_RULES: Rules = { tin: char(11, true, true), bhfId: char(2, true, true), dvcSrlNo: char(100, true) };
export const LAST_REQ_RULES: Rules = { lastReqDt: dt14(true) };

export const SAVE_ITEM_RULES: Rules = {
  itemCd: char(20, true),
  itemClsCd: char(10, true),
  itemTyCd: char(5, true),
  itemNm: char(200, true),
  itemStdNm: char(200),
  orgnNatCd: char(5, true),
  pkgUnitCd: char(5, true),
  qtyUnitCd: char(5, true),
  taxTyCd: char(5, true),
  btchNo: char(10),
  bcd: char(20),
  dftPrc: num(18, 2, true),
  grpPrcL1: num(18, 2),
  grpPrcL2: num(18, 2),
  grpPrcL3: num(18, 2),
  grpPrcL4: num(18, 2),
  grpPrcL5: num(18, 2),
  addInfo: char(7),
  sftyQty: num(13, 2),
  isrcAplcbYn: yn(true),
  useYn: yn(true),
  regrId: char(20, true),
  regrNm: char(60, true),
  modrId: char(20, true),
  modrNm: char(60, true),
};

const bandRules = Object.fromEntries(
  ["A", "B", "C", "D", "E"].flatMap((b) => [
    [`taxblAmt${b}`, num(18, 2, true)],
    [`taxRt${b}`, num(7, 2, true)],
    [`taxAmt${b}`, num(18, 2, true)],
  ]),
) as Rules;

export const SALE_RULES: Rules = {
  invcNo: num(38, 0, true),
  orgInvcNo: num(38, 0, true),
  trdInvcNo: char(50, true),
  custTin: char(11, false, true),
  custNm: char(60),
  rcptTyCd: char(5, true),
  pmtTyCd: char(5),
  salesSttsCd: char(5, true),
  cfmDt: dt14(true),
  salesDt: dt8(true),
  stockRlsDt: dt14(),
  cnclReqDt: dt14(),
  cnclDt: dt14(),
  rfdDt: dt14(),
  rfdRsnCd: char(5),
  totItemCnt: num(10, 0, true),
  ...bandRules,
  totTaxblAmt: num(18, 2, true),
  totTaxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
  prchrAcptcYn: yn(true),
  remark: char(400),
  regrId: char(20, true),
  regrNm: char(60, true),
  modrId: char(20, true),
  modrNm: char(60, true),
};
export const RECEIPT_RULES: Rules = {
  custTin: char(11, false, true),
  custMblNo: char(20),
  rcptPbctDt: dt14(true),
  trdeNm: char(20),
  adrs: char(200),
  topMsg: char(20),
  btmMsg: char(20),
  prchrAcptcYn: yn(true),
};
export const SALE_ITEM_RULES: Rules = {
  itemSeq: num(10, 0, true),
  itemClsCd: char(10),
  itemCd: char(20, true),
  itemNm: char(200, true),
  bcd: char(20),
  pkgUnitCd: char(5, true),
  pkg: num(13, 2, true),
  qtyUnitCd: char(5, true),
  qty: num(13, 2, true),
  prc: num(18, 2, true),
  splyAmt: num(18, 2, true),
  dcRt: num(5, 2, true),
  dcAmt: num(18, 2, true),
  isrccCd: char(10),
  isrccNm: char(100),
  isrcRt: num(3, 0),
  isrcAmt: num(18, 2),
  taxTyCd: char(5, true),
  taxblAmt: num(18, 2, true),
  taxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
};

export const STOCK_IO_RULES: Rules = {
  sarNo: num(38, 0, true),
  orgSarNo: num(38, 0, true),
  regTyCd: char(5, true),
  custTin: char(11, false, true),
  custNm: char(100),
  custBhfId: char(2),
  sarTyCd: char(5, true),
  ocrnDt: dt8(true),
  totItemCnt: num(10, 0, true),
  totTaxblAmt: num(18, 2, true),
  totTaxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
  remark: char(400),
  regrId: char(20, true),
  regrNm: char(60, true),
  modrId: char(20, true),
  modrNm: char(60, true),
};
export const STOCK_MASTER_RULES: Rules = {
  itemCd: char(20, true),
  rsdQty: num(13, 2, true),
  regrId: char(20, true),
  regrNm: char(60, true),
  modrId: char(20, true),
  modrNm: char(60, true),
};
export const PURCHASE_RULES: Rules = {
  invcNo: num(38, 0, true),
  orgInvcNo: num(38, 0, true),
  spplrTin: char(11, false, true),
  spplrBhfId: char(2),
  spplrNm: char(60),
  spplrInvcNo: num(38, 0),
  regTyCd: char(5, true),
  pchsTyCd: char(5, true),
  rcptTyCd: char(5, true),
  pmtTyCd: char(5, true),
  pchsSttsCd: char(5, true),
  cfmDt: dt14(),
  pchsDt: dt8(true),
  totItemCnt: num(10, 0, true),
  totTaxblAmt: num(18, 2, true),
  totTaxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
  regrId: char(20, true),
  regrNm: char(60, true),
  modrId: char(20, true),
  modrNm: char(60, true),
};

/** A line of a stock movement (insertStockIO itemList). */
export const STOCK_IO_ITEM_RULES: Rules = {
  itemSeq: num(10, 0, true),
  itemCd: char(20, true),
  itemClsCd: char(10, true),
  itemNm: char(200, true),
  bcd: char(20),
  pkgUnitCd: char(5, true),
  pkg: num(13, 2, true),
  qtyUnitCd: char(5, true),
  qty: num(13, 2, true),
  itemExprDt: dt8(),
  prc: num(18, 2, true),
  splyAmt: num(18, 2, true),
  totDcAmt: num(18, 2, true),
  taxblAmt: num(18, 2, true),
  taxTyCd: char(5, true),
  taxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
};

/**
 * A line of a confirmed purchase (insertTrnsPurchase itemList). The buyer's own item code is
 * optional (the specification's table: a line bought as an expense or a commodity is no item of
 * the buyer's); when given it must be an item KRA registered for the branch (itemListProblem).
 */
export const PURCHASE_ITEM_RULES: Rules = {
  itemSeq: num(10, 0, true),
  itemCd: char(20),
  itemClsCd: char(10, true),
  itemNm: char(200, true),
  bcd: char(20),
  spplrItemClsCd: char(10),
  spplrItemCd: char(20),
  spplrItemNm: char(200),
  pkgUnitCd: char(5, true),
  pkg: num(13, 2, true),
  qtyUnitCd: char(5, true),
  qty: num(13, 2, true),
  prc: num(18, 2, true),
  splyAmt: num(18, 2, true),
  dcRt: num(5, 2, true),
  dcAmt: num(18, 2, true),
  taxblAmt: num(18, 2, true),
  taxTyCd: char(5, true),
  taxAmt: num(18, 2, true),
  totAmt: num(18, 2, true),
  itemExprDt: dt8(),
};
