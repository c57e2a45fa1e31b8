import { describe, expect, it } from "vitest";
import {
  oscuSupplierSaleSchema,
  PURCHASE_APPROVED,
  PURCHASE_REJECTED,
  purchasePaymentType,
  purchaseToOscu,
  purchaseToSupplyLines,
  suggestedLineChoice,
  supplierSaleToPurchase,
} from "./purchases.ts";

const sale = oscuSupplierSaleSchema.parse({
  spplrTin: "p051111111a",
  spplrNm: " Unga Millers ",
  spplrBhfId: "00",
  spplrInvcNo: "88",
  rcptTyCd: "S",
  pmtTyCd: "02",
  salesDt: "20250302",
  taxblAmtB: 2320,
  taxRtB: 16,
  taxAmtB: 320,
  taxRtE: 8,
  totTaxblAmt: 2320,
  totTaxAmt: 320,
  totAmt: 2320,
  itemList: [
    {
      itemSeq: 2,
      itemCd: "KE3NTU0000003",
      itemClsCd: "9999999999",
      itemNm: "Delivery",
      pkgUnitCd: "NT",
      qtyUnitCd: "U",
      qty: 1,
      prc: 520,
      taxTyCd: "B",
      taxblAmt: 520,
      taxAmt: 71.72,
      totAmt: 520,
    },
    {
      itemSeq: 1,
      itemCd: "KE2BGKG0000007",
      itemClsCd: "5010150100",
      itemNm: "Maize flour 2kg",
      pkgUnitCd: "BG",
      pkg: 10,
      qtyUnitCd: "KG",
      qty: 2.5,
      prc: 720,
      splyAmt: 1800,
      dcRt: 0,
      dcAmt: 0,
      taxTyCd: "B",
      taxblAmt: 1800,
      taxAmt: 248.28,
      totAmt: 1800,
    },
  ],
});

describe("a supplier's invoice from KRA, in our terms", () => {
  const p = supplierSaleToPurchase(sale);

  it("cents, the five bands, the supplier's PIN upper-cased, lines in KRA's order numbered 1, 2", () => {
    expect(p).toMatchObject({
      supplierPin: "P051111111A",
      supplierName: "Unga Millers",
      supplierBranch: "00",
      supplierInvoiceNo: 88,
      receiptType: "S",
      paymentType: "02",
      saleDate: "2025-03-02",
      totalTaxable: 232_000,
      totalTax: 32_000,
      total: 232_000,
    });
    expect(p.bands).toEqual([
      { taxType: "A", rate: 0, taxable: 0, tax: 0 },
      { taxType: "B", rate: 16, taxable: 232_000, tax: 32_000 },
      { taxType: "C", rate: 0, taxable: 0, tax: 0 },
      { taxType: "D", rate: 0, taxable: 0, tax: 0 },
      { taxType: "E", rate: 8, taxable: 0, tax: 0 },
    ]);
    expect(p.lines.map((l) => [l.seq, l.name, l.quantity, l.unitPrice, l.tax, l.total])).toEqual([
      [1, "Maize flour 2kg", 2.5, 72_000, 24_828, 180_000],
      [2, "Delivery", 1, 52_000, 7_172, 52_000],
    ]);
    // What KRA left out: packages as the quantity, the supply amount as quantity x price, no discount.
    expect(p.lines[1]).toMatchObject({ packages: 1, supplyAmount: 52_000, discount: 0, discountRate: 0 });
  });

  it("a sale without a name, date or lines still reads", () => {
    const bare = supplierSaleToPurchase(oscuSupplierSaleSchema.parse({ spplrTin: "P1", spplrInvcNo: 3, totAmt: 5 }));
    expect(bare).toMatchObject({ supplierName: "P1", saleDate: null, total: 500, totalTaxable: 500, lines: [] });
  });

  it("the owner's starting point for a line: whole units, the unit cost that makes the line's total", () => {
    expect(suggestedLineChoice(p.lines[0]!)).toEqual({ quantity: 3, unitCost: 60_000 });
    expect(suggestedLineChoice({ quantity: 0.4, total: 1_000 })).toEqual({ quantity: 1, unitCost: 1_000 });
  });
});

describe("the supply an invoice becomes", () => {
  const lines = [
    { seq: 1, name: "Flour 2kg", quantityUnit: "BG" },
    { seq: 2, name: "Flour 2kg (promo)", quantityUnit: "BG" },
    { seq: 3, name: "Delivery", quantityUnit: null },
  ];
  const flour = "11111111-1111-4111-8111-111111111111";

  it("lines of one product join (the average unit cost), a line without a product is a commodity", () => {
    const r = purchaseToSupplyLines(lines, [
      { seq: 1, productId: flour, quantity: 10, unitCost: 18_000 },
      { seq: 2, productId: flour, quantity: 5, unitCost: 15_001 },
      { seq: 3, productId: null, quantity: 1, unitCost: 52_000 },
    ]);
    expect(r).toEqual({
      ok: true,
      value: {
        products: [{ productId: flour, quantity: 15, unitCost: 17_000 }],
        commodities: [{ name: "Delivery", unit: "pcs", quantity: 1, unitCost: 52_000 }],
      },
    });
  });

  it("every line answered, and only the invoice's", () => {
    expect(purchaseToSupplyLines(lines, [{ seq: 1, productId: null, quantity: 1, unitCost: 1 }])).toEqual({
      ok: false,
      problem: "Say what line 2 (Flour 2kg (promo)) is",
    });
    expect(
      purchaseToSupplyLines(lines.slice(0, 1), [
        { seq: 1, productId: null, quantity: 1, unitCost: 1 },
        { seq: 9, productId: null, quantity: 1, unitCost: 1 },
      ]),
    ).toEqual({ ok: false, problem: "The invoice has no line 9" });
  });
});

describe("insertTrnsPurchase", () => {
  const p = supplierSaleToPurchase(sale);
  const at = new Date("2025-03-05T07:30:00Z");
  const user = { id: "owner_with_a_long_username_here", name: "Owner" };

  it("confirmed: 02, the supplier's figures, our item code beside the supplier's on a line received into a product", () => {
    const body = purchaseToOscu(p, {
      invcNo: 7,
      status: PURCHASE_APPROVED,
      paymentType: "02",
      items: new Map([[1, { itemCd: "KE2BOU0000004", itemClsCd: "5020230100", name: "Flour", barcode: "600123" }]]),
      received: true,
      at,
      user,
    });
    expect(body).toMatchObject({
      invcNo: 7,
      orgInvcNo: 0,
      spplrTin: "P051111111A",
      spplrBhfId: "00",
      spplrNm: "Unga Millers",
      spplrInvcNo: 88,
      regTyCd: "A",
      pchsTyCd: "N",
      rcptTyCd: "P",
      pmtTyCd: "02",
      pchsSttsCd: "02",
      cfmDt: "20250305103000",
      pchsDt: "20250302",
      wrhsDt: "20250305103000",
      cnclReqDt: null,
      cnclDt: null,
      totItemCnt: 2,
      taxblAmtB: 2320,
      taxRtB: 16,
      taxAmtB: 320,
      taxblAmtA: 0,
      taxRtE: 8,
      totTaxblAmt: 2320,
      totTaxAmt: 320,
      totAmt: 2320,
      regrId: "owner_with_a_long_us",
      modrNm: "Owner",
    });
    expect(body.itemList[0]).toEqual({
      itemSeq: 1,
      itemCd: "KE2BOU0000004",
      itemClsCd: "5020230100",
      itemNm: "Flour",
      bcd: "600123",
      spplrItemClsCd: "5010150100",
      spplrItemCd: "KE2BGKG0000007",
      spplrItemNm: "Maize flour 2kg",
      pkgUnitCd: "BG",
      pkg: 10,
      qtyUnitCd: "KG",
      qty: 2.5,
      prc: 720,
      splyAmt: 1800,
      dcRt: 0,
      dcAmt: 0,
      taxblAmt: 1800,
      taxTyCd: "B",
      taxAmt: 248.28,
      totAmt: 1800,
      itemExprDt: null,
    });
    // A line that is no item of ours keeps the supplier's codes only.
    expect(body.itemList[1]).toMatchObject({
      itemCd: null,
      itemClsCd: "9999999999",
      itemNm: "Delivery",
      spplrItemCd: "KE3NTU0000003",
    });
  });

  it("confirmed with the owner's quantities: a line of ours counts in our units at the same amount; a commodity keeps the supplier's units", () => {
    const body = purchaseToOscu(p, {
      invcNo: 9,
      status: PURCHASE_APPROVED,
      paymentType: "02",
      items: new Map([
        [
          1,
          {
            itemCd: "KE2BOU0000004",
            itemClsCd: "5020230100",
            name: "Flour",
            barcode: null,
            pkgUnitCd: "BO",
            qtyUnitCd: "U",
          },
        ],
      ]),
      // 2.5 bags of the supplier's counted as 120 pieces; the delivery (1) confirmed as 2.
      quantities: new Map([
        [1, 120],
        [2, 2],
      ]),
      received: true,
      at,
      user,
    });
    expect(body.itemList[0]).toMatchObject({
      itemCd: "KE2BOU0000004",
      spplrItemCd: "KE2BGKG0000007",
      pkgUnitCd: "BO",
      pkg: 120,
      qtyUnitCd: "U",
      qty: 120,
      prc: 15,
      splyAmt: 1800,
      taxblAmt: 1800,
      totAmt: 1800,
    });
    expect(body.itemList[1]).toMatchObject({
      itemCd: null,
      pkgUnitCd: "NT",
      qtyUnitCd: "U",
      qty: 2,
      prc: 260,
      splyAmt: 520,
      totAmt: 520,
    });
    // The invoice's amounts are the supplier's whatever the quantities.
    expect(body).toMatchObject({ totAmt: 2320, totTaxblAmt: 2320, taxblAmtB: 2320 });
  });

  it("rejected: 04, cancelled now, the supplier's payment type, nothing received", () => {
    const body = purchaseToOscu(p, { invcNo: 8, status: PURCHASE_REJECTED, received: false, at, user });
    expect(body).toMatchObject({
      pchsSttsCd: "04",
      pmtTyCd: "02",
      wrhsDt: null,
      cnclReqDt: "20250305103000",
      cnclDt: "20250305103000",
    });
    expect(body.itemList.map((l) => l.itemCd)).toEqual([null, null]);
  });

  it("KRA's payment type of what was paid: nothing is credit, part is cash/credit, all takes the method's code", () => {
    expect(purchasePaymentType(1000, 0, undefined)).toBe("02");
    expect(purchasePaymentType(1000, 400, "Cash")).toBe("03");
    expect(purchasePaymentType(1000, 1000, "Cash")).toBe("01");
    expect(purchasePaymentType(1000, 1000, "M-Pesa")).toBe("06");
    expect(purchasePaymentType(1000, 1000, "Bank Transfer")).toBe("07");
  });
});
