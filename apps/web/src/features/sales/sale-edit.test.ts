import { describe, expect, it } from "vitest";
import {
  checkSaleEdit,
  editTotal,
  linesFromSale,
  paymentRowsFromSale,
  restFor,
  type EditLine,
  type PaymentRow,
} from "./sale-edit.ts";
import { saleOf } from "../../test/test-api.ts";

const P1 = "44444444-4444-4444-8444-444444444444";
const P2 = "55555555-5555-4555-8555-555555555555";
const lines: EditLine[] = [
  { productId: P1, name: "Sugar", unitPrice: 15000, quantity: 2 },
  { productId: P2, name: "Salt", unitPrice: 5050, quantity: 1 },
];
const noCustomer = { customerName: "", customerPhone: "" };
const cash = (amount: string, tendered = ""): PaymentRow => ({ method: "Cash", amount, tendered, reference: "" });

describe("editing a sale", () => {
  it("starts from the sale's lines and payments, amounts in shillings", () => {
    const sale = saleOf("11111111-1111-4111-8111-111111111111", {
      payments: [{ method: "Cash", amount: 30000, tendered: 50000, reference: null }],
    });
    expect(linesFromSale(sale)).toEqual([
      { productId: sale.products[0]!.productId, name: "Sugar 1kg", unitPrice: 15000, quantity: 2 },
    ]);
    expect(paymentRowsFromSale(sale)).toEqual([
      { method: "Cash", amount: "300.00", tendered: "500.00", reference: "" },
    ]);
  });

  it("builds the PUT body in cents with the expected total", () => {
    expect(editTotal(lines)).toBe(35050);
    const check = checkSaleEdit(lines, [cash("350.50", "400")], noCustomer);
    expect(check).toEqual({
      ok: true,
      total: 35050,
      body: {
        products: [
          { productId: P1, quantity: 2 },
          { productId: P2, quantity: 1 },
        ],
        payments: [{ method: "Cash", amount: 35050, tendered: 40000 }],
        expectedTotal: 35050,
      },
    });
  });

  it("names the payment field at fault, with checkout's messages", () => {
    expect(checkSaleEdit(lines, [cash("abc")], noCustomer)).toEqual({
      ok: false,
      fields: { "payments.0.amount": "Enter an amount in shillings" },
    });
    expect(checkSaleEdit(lines, [cash("300")], noCustomer)).toEqual({
      ok: false,
      fields: { payments: "The payments do not cover the total" },
    });
    expect(checkSaleEdit(lines, [cash("350.50", "100")], noCustomer)).toEqual({
      ok: false,
      fields: { "payments.0.tendered": "Cash tendered is less than the cash amount" },
    });
    const mpesa: PaymentRow = { method: "M-Pesa", amount: "350.50", tendered: "", reference: "" };
    expect(checkSaleEdit(lines, [mpesa], noCustomer)).toEqual({
      ok: false,
      fields: { "payments.0.reference": "Enter the M-Pesa confirmation code" },
    });
    const credit: PaymentRow = { method: "Credit", amount: "350.50", tendered: "", reference: "" };
    expect(checkSaleEdit(lines, [credit], { customerName: "Wanjiku", customerPhone: "07123" })).toEqual({
      ok: false,
      fields: { customerPhone: "A credit sale needs the customer's 10-digit phone number" },
    });
  });

  it("splits across methods and sends the M-Pesa code in capitals", () => {
    const check = checkSaleEdit(
      lines,
      [cash("50.50"), { method: "M-Pesa", amount: "300", tendered: "", reference: "qgh7xyz12a" }],
      noCustomer,
    );
    expect(check.ok && check.body.payments).toEqual([
      { method: "Cash", amount: 5050 },
      { method: "M-Pesa", amount: 30000, reference: "QGH7XYZ12A" },
    ]);
  });

  it("refuses an empty sale and bad quantities", () => {
    expect(checkSaleEdit([], [], noCustomer)).toEqual({
      ok: false,
      fields: { products: "The sale needs at least one product" },
    });
    const check = checkSaleEdit([{ ...lines[0]!, quantity: 0 }], [cash("0.01")], noCustomer);
    expect(check).toEqual({ ok: false, fields: { "products.0.quantity": "At least 1, whole units" } });
  });

  it("the rest of a payment is the total less the other rows", () => {
    expect(restFor(35050, [cash("50"), cash("")], 1)).toBe(30050);
    expect(restFor(35050, [cash("500"), cash("")], 1)).toBe(0);
  });
});

describe("editing a sale within the shared limits", () => {
  it("a line above 1,000,000 units or an amount above KES 1,000,000,000.00 is named on its field", () => {
    const big: EditLine[] = [{ productId: P1, name: "Sugar", unitPrice: 100, quantity: 1_000_001 }];
    expect(checkSaleEdit(big, [cash("1000001")], noCustomer)).toEqual({
      ok: false,
      fields: { "products.0.quantity": "At most 1,000,000 units" },
    });
    const dear: EditLine[] = [{ productId: P1, name: "Gold", unitPrice: 100_000_000_000, quantity: 2 }];
    expect(checkSaleEdit(dear, [cash("1000000000"), cash("1000000000")], noCustomer)).toEqual({
      ok: false,
      fields: { products: "The total is above KES 1,000,000,000.00" },
    });
    expect(checkSaleEdit(lines, [cash("350.50", "1000000000.01")], noCustomer)).toEqual({
      ok: false,
      fields: { "payments.0.tendered": "At most KES 1,000,000,000.00" },
    });
  });
});
