import { describe, expect, it } from "vitest";
import { STOCK_REASONS } from "../inventory/stock.ts";
import { oscuStockType, stockToOscu } from "./stock-io.ts";

const line = {
  itemCd: "KE2BOU0000001",
  itemClsCd: "5020230100",
  name: "Soda 500ml",
  barcode: null,
  pkgUnitCd: "BO",
  qtyUnitCd: "U",
  unitPrice: 5000,
  taxType: "B" as const,
};

describe("oscuStockType", () => {
  it("gives every ledger reason an incoming (01-06) and an outgoing (11-16) KRA type", () => {
    for (const reason of STOCK_REASONS) {
      expect(["01", "02", "03", "04", "05", "06"]).toContain(oscuStockType(reason, 1));
      expect(["11", "12", "13", "14", "15", "16"]).toContain(oscuStockType(reason, -1));
    }
    expect([oscuStockType("sale", -2), oscuStockType("void", 2), oscuStockType("supply", 5)]).toEqual([
      "11",
      "03",
      "02",
    ]);
    expect([oscuStockType("transfer_out", -1), oscuStockType("transfer_in", 1)]).toEqual(["13", "04"]);
    expect([oscuStockType("adjustment", -1), oscuStockType("adjustment", 1), oscuStockType("loss", -1)]).toEqual([
      "16",
      "06",
      "15",
    ]);
  });
});

describe("stockToOscu", () => {
  it("sends quantities positive, VAT inside the price, and the header as the lines' sums", () => {
    const body = stockToOscu({
      sarNo: 7,
      sarTyCd: "11",
      at: new Date("2026-01-05T22:30:00Z"), // 01:30 on the 6th in Nairobi
      user: { id: "duka-pos", name: "Amina" },
      lines: [
        { ...line, delta: -3 },
        { ...line, itemCd: "KE2BOU0000002", delta: -1, unitPrice: 12_050, taxType: "A" },
      ],
    });
    expect(body).toMatchObject({
      sarNo: 7,
      orgSarNo: 0,
      regTyCd: "A",
      ocrnDt: "20260106",
      totItemCnt: 2,
      totTaxblAmt: 270.5,
      totTaxAmt: 20.69,
      totAmt: 270.5,
      regrNm: "Amina",
    });
    expect(body.itemList[0]).toMatchObject({ itemSeq: 1, qty: 3, pkg: 3, prc: 50, splyAmt: 150, taxAmt: 20.69 });
    expect(body.itemList[1]).toMatchObject({ itemSeq: 2, qty: 1, prc: 120.5, taxAmt: 0, taxTyCd: "A" });
    expect(
      stockToOscu({
        sarNo: 1,
        sarTyCd: "06",
        at: new Date(),
        user: { id: "u", name: "U" },
        lines: [{ ...line, delta: 1 }],
      }),
    ).toMatchObject({ regTyCd: "M" });
  });
});
