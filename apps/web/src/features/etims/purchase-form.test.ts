import { describe, expect, it } from "vitest";
import type { EtimsPurchase } from "@app/shared/etims/purchases";
import { methodOfPaymentType, readSupplyForm, supplyFormOf, supplyFormTotal } from "./purchase-form.ts";

const BUSINESS = "11111111-1111-4111-8111-111111111111";
const FLOUR = "22222222-2222-4222-8222-222222222222";

const line = (seq: number, name: string, quantity: number, total: number) => ({
  seq,
  itemCode: null,
  itemClass: null,
  name,
  barcode: null,
  packagingUnit: null,
  packages: quantity,
  quantityUnit: "U",
  quantity,
  unitPrice: Math.round(total / quantity),
  supplyAmount: total,
  discountRate: 0,
  discount: 0,
  taxType: "B",
  taxable: total,
  tax: 0,
  total,
});
const purchase: EtimsPurchase = {
  _id: "33333333-3333-4333-8333-333333333333",
  supplierPin: "P051111111A",
  supplierName: "Unga Millers",
  supplierBranch: "00",
  supplierInvoiceNo: 88,
  receiptType: "S",
  paymentType: "01",
  saleDate: "2025-03-02",
  totalTaxable: 232_000,
  totalTax: 32_000,
  total: 232_000,
  bands: [],
  remark: null,
  lines: [line(1, "Maize flour 2kg", 10, 180_000), line(2, "Delivery", 1, 52_000)],
  state: "new",
  confirmedAs: null,
  supplyId: null,
  supplyNumber: null,
  expenseId: null,
  decidedBy: null,
  decidedAt: null,
  fetchedAt: "2025-03-02T10:00:00.000Z",
};

describe("the Confirm as supply form", () => {
  it("opens with each line's quantity and unit cost from the invoice, no product, paid as the supplier says", () => {
    const f = supplyFormOf(purchase);
    expect(f.lines).toEqual([
      { seq: 1, name: "Maize flour 2kg", productId: null, productName: "", quantity: "10", unitCost: "180.00" },
      { seq: 2, name: "Delivery", productId: null, productName: "", quantity: "1", unitCost: "520.00" },
    ]);
    expect([f.amountPaid, f.paymentMethod]).toEqual(["2320.00", "Cash"]);
    expect(supplyFormTotal(f)).toBe(232_000);
    // Bought on credit: nothing paid, no method.
    expect(supplyFormOf({ ...purchase, paymentType: "02" })).toMatchObject({ amountPaid: "0.00", paymentMethod: "" });
  });

  it("reads into the request: a product for line 1, line 2 a commodity", () => {
    const f = supplyFormOf(purchase);
    f.lines[0] = { ...f.lines[0]!, productId: FLOUR, productName: "Flour", quantity: "20", unitCost: "90" };
    expect(readSupplyForm(f, BUSINESS)).toEqual({
      ok: true,
      input: {
        businessId: BUSINESS,
        lines: [
          { seq: 1, productId: FLOUR, quantity: 20, unitCost: 9_000 },
          { seq: 2, productId: null, quantity: 1, unitCost: 52_000 },
        ],
        amountPaid: 232_000,
        paymentMethod: "Cash",
      },
    });
  });

  it("names what cannot be read: a part unit, an amount, a payment without its method", () => {
    const f = supplyFormOf({ ...purchase, paymentType: "02" });
    f.lines[0] = { ...f.lines[0]!, quantity: "2.5" };
    f.lines[1] = { ...f.lines[1]!, unitCost: "abc" };
    f.amountPaid = "100";
    const read = readSupplyForm(f, BUSINESS);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(["lines.0.quantity", "lines.1.unitCost"]);
    expect(supplyFormTotal(f)).toBeNull();
    // Once the lines read, the payment is checked too.
    const lines = supplyFormOf(purchase).lines;
    const unpaid = readSupplyForm({ lines, amountPaid: "100", paymentMethod: "" }, BUSINESS);
    expect(unpaid.ok ? null : Object.keys(unpaid.errors)).toEqual(["paymentMethod"]);
  });

  it("KRA's payment types as our methods", () => {
    expect(["01", "06", "07", "02", "03", null].map(methodOfPaymentType)).toEqual([
      "Cash",
      "M-Pesa",
      "Bank Transfer",
      null,
      null,
      null,
    ]);
  });
});
