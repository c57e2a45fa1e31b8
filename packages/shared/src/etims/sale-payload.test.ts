import { describe, expect, it } from "vitest";
import { vatBands } from "../tax/vat.ts";
import { oscuDateTime, oscuResultMessage, parseOscuDateTime } from "./oscu.ts";
import {
  oscuItemCode,
  oscuPaymentType,
  oscuReceiptLink,
  saleToOscu,
  type EtimsSaleInput,
  type EtimsSaleLine,
} from "./sale-payload.ts";

// 2026-12-31 23:55 in Nairobi (UTC+3): the sale's day is Nairobi's, not UTC's.
const at = new Date("2026-12-31T20:55:07Z");
const soda: EtimsSaleLine = {
  itemCd: "KE2BONT0000001",
  itemClsCd: "5020230100",
  name: "Soda 500ml",
  barcode: "5449000000996",
  pkgUnitCd: "BO",
  qtyUnitCd: "U",
  quantity: 3,
  unitPrice: 6_000,
  total: 18_000,
  taxType: "B",
};
const flour: EtimsSaleLine = {
  itemCd: "KE2BGKG0000002",
  itemClsCd: "5010150100",
  name: "Maize flour 2kg",
  pkgUnitCd: "BG",
  qtyUnitCd: "KG",
  quantity: 2,
  unitPrice: 21_000,
  total: 40_000,
  taxType: "A",
};
const sale = (over: Partial<EtimsSaleInput> = {}): EtimsSaleInput => ({
  invcNo: 17,
  traderInvoiceNo: "S-1042",
  receiptType: "S",
  originalInvcNo: 0,
  refundReasonCd: null,
  paymentTypeCd: "06",
  at,
  buyerPin: "P051234567Q",
  buyerName: "Wanjiku Stores",
  buyerPhone: "0712345678",
  user: { id: "user-1", name: "Amina" },
  lines: [soda, flour],
  ...over,
});

describe("saleToOscu: a sale as saveTrnsSalesOsdc takes it (TrnsSalesSaveWrReq)", () => {
  it("fills the header field by field: numbers, types, status, dates in Nairobi time, people", () => {
    const p = saleToOscu(sale());
    expect(p).toMatchObject({
      invcNo: 17,
      orgInvcNo: 0,
      trdInvcNo: "S-1042",
      custTin: "P051234567Q",
      custNm: "Wanjiku Stores",
      salesTyCd: "N",
      rcptTyCd: "S",
      pmtTyCd: "06",
      salesSttsCd: "02",
      cfmDt: "20261231235507",
      salesDt: "20261231",
      stockRlsDt: "20261231235507",
      cnclReqDt: null,
      cnclDt: null,
      rfdDt: null,
      rfdRsnCd: null,
      totItemCnt: 2,
      prchrAcptcYn: "N",
      regrId: "user-1",
      regrNm: "Amina",
      modrId: "user-1",
      modrNm: "Amina",
    });
    expect(p.receipt).toEqual({
      custTin: "P051234567Q",
      custMblNo: "0712345678",
      rcptPbctDt: "20261231235507",
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: "N",
    });
  });

  it("sends all five bands A-E with KRA's rates, VAT-inclusive taxable amounts and the VAT the sale's snapshot holds", () => {
    const p = saleToOscu(sale());
    // 180.00 at 16% holds 24.83 VAT (18000 x 16/116 = 2482.76 -> 2483 cents); flour is exempt.
    expect(p).toMatchObject({
      taxblAmtA: 400,
      taxRtA: 0,
      taxAmtA: 0,
      taxblAmtB: 180,
      taxRtB: 16,
      taxAmtB: 24.83,
      taxblAmtC: 0,
      taxRtC: 0,
      taxAmtC: 0,
      taxblAmtD: 0,
      taxRtD: 0,
      taxAmtD: 0,
      taxblAmtE: 0,
      taxRtE: 8,
      taxAmtE: 0,
      totTaxblAmt: 580,
      totTaxAmt: 24.83,
      totAmt: 580,
    });
    // The same figures as the per-band snapshot every sale keeps (tax/vat.ts).
    const bands = vatBands([soda, flour]);
    for (const b of bands) {
      expect(p[`taxblAmt${b.taxType}`]).toBe(b.total / 100);
      expect(p[`taxAmt${b.taxType}`]).toBe(b.tax / 100);
    }
  });

  it("fills each line field by field, with its sequence, codes, amounts and band", () => {
    const [first, second] = saleToOscu(sale()).itemList;
    expect(first).toEqual({
      itemSeq: 1,
      itemCd: "KE2BONT0000001",
      itemClsCd: "5020230100",
      itemNm: "Soda 500ml",
      bcd: "5449000000996",
      pkgUnitCd: "BO",
      pkg: 3,
      qtyUnitCd: "U",
      qty: 3,
      prc: 60,
      splyAmt: 180,
      dcRt: 0,
      dcAmt: 0,
      isrccCd: null,
      isrccNm: null,
      isrcRt: null,
      isrcAmt: null,
      taxTyCd: "B",
      taxblAmt: 180,
      taxAmt: 24.83,
      totAmt: 180,
    });
    expect(second).toMatchObject({ itemSeq: 2, bcd: null, taxTyCd: "A", taxblAmt: 400, taxAmt: 0, totAmt: 400 });
  });

  it("a line sold below its price shows the discount (amount and rate) and supply = qty x price", () => {
    const [line] = saleToOscu(sale({ lines: [{ ...soda, total: 16_200 }] })).itemList;
    expect(line).toMatchObject({ splyAmt: 180, dcAmt: 18, dcRt: 10, totAmt: 162, taxblAmt: 162, taxAmt: 22.34 });
  });

  it("a credit note is R with the original invoice number, KRA's reason code and its date", () => {
    const p = saleToOscu(sale({ receiptType: "R", originalInvcNo: 17, invcNo: 18, refundReasonCd: "06" }));
    expect(p).toMatchObject({ rcptTyCd: "R", orgInvcNo: 17, invcNo: 18, rfdRsnCd: "06", rfdDt: "20261231235507" });
    expect(() => saleToOscu(sale({ receiptType: "R", originalInvcNo: 17 }))).toThrow(/refund reason/);
    expect(() => saleToOscu(sale({ lines: [] }))).toThrow(/at least one line/);
    expect(() => saleToOscu(sale({ lines: [{ ...soda, total: -100 }] }))).toThrow(/positive/);
  });

  it("a walk-in sale sends no buyer; long texts are cut to the specification's lengths", () => {
    const p = saleToOscu(
      sale({ buyerPin: null, buyerName: "N".repeat(80), buyerPhone: null, traderInvoiceNo: "T".repeat(60) }),
    );
    expect(p.custTin).toBeNull();
    expect(p.receipt.custTin).toBeNull();
    expect(p.custNm).toHaveLength(60);
    expect(p.trdInvcNo).toHaveLength(50);
  });
});

describe("codes and links", () => {
  it("maps our payment methods to KRA's payment types (code class 07)", () => {
    expect(oscuPaymentType("Cash")).toBe("01");
    expect(oscuPaymentType("Credit")).toBe("02");
    expect(oscuPaymentType("Room")).toBe("02");
    expect(oscuPaymentType("M-Pesa")).toBe("06");
    expect(oscuPaymentType("Bank Transfer")).toBe("07");
    expect(oscuPaymentType("Split", [{ method: "Cash", amount: 100 }], 500)).toBe("03");
    expect(
      oscuPaymentType(
        "Split",
        [
          { method: "Cash", amount: 100 },
          { method: "M-Pesa", amount: 900 },
        ],
        0,
      ),
    ).toBe("06");
  });

  it("derives KRA's item code: country, type, packaging, quantity unit, 7-digit sequence", () => {
    expect(oscuItemCode({ country: "KE", itemType: "2", pkgUnitCd: "NT", qtyUnitCd: "BA", sequence: 12 })).toBe(
      "KE2NTBA0000012",
    );
    expect(() =>
      oscuItemCode({ country: "KE", itemType: "2", pkgUnitCd: "NT", qtyUnitCd: "U", sequence: 0 }),
    ).toThrow();
  });

  it("builds KRA's receipt verification link from the PIN, branch and signature", () => {
    expect(oscuReceiptLink({ production: true, tin: "P051234567Q", bhfId: "00", rcptSign: "QUII27MATATSHFRB" })).toBe(
      "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567Q00QUII27MATATSHFRB",
    );
    expect(oscuReceiptLink({ production: false, tin: "P051234567Q", bhfId: "01", rcptSign: "X" })).toMatch(
      /^https:\/\/etims-sbx\.kra\.go\.ke\/.*Data=P051234567Q01X$/,
    );
  });

  it("reads and writes the specification's date-times in Nairobi time", () => {
    expect(oscuDateTime(at)).toBe("20261231235507");
    expect(parseOscuDateTime("20261231235507")).toEqual(at);
    expect(parseOscuDateTime("20260231120000")).toBeNull();
    expect(parseOscuDateTime("2026123123550")).toBeNull();
  });

  it("puts KRA's result codes in plain words, KRA's own message kept", () => {
    expect(oscuResultMessage("901", "It is not valid device")).toMatch(/does not recognise this device.*KRA 901/);
    expect(oscuResultMessage("123")).toBe("KRA refused the request (code 123). (KRA 123)");
  });
});
