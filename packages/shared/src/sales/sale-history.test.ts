import { describe, expect, it } from "vitest";
import { saleChanges, snapshotOf, type SaleSnapshot } from "./sale-history.ts";
import type { Sale } from "./sale.ts";

const before: SaleSnapshot = {
  status: "completed",
  amount: 100_000,
  balance: 0,
  creditStatus: null,
  paymentMethod: "Cash",
  payments: [{ method: "Cash", amount: 100_000, tendered: null, reference: null }],
  customerName: null,
  customerPhone: null,
  products: [{ productId: "00000000-0000-4000-8000-000000000001", name: "Rice", quantity: 2, price: 50_000 }],
  voidReason: null,
};

describe("what a history row shows changed", () => {
  it("a cash sale turned into a credit sale for a customer: the old payments stay readable", () => {
    const after: SaleSnapshot = {
      ...before,
      amount: 150_000,
      balance: 150_000,
      creditStatus: "Pending",
      paymentMethod: "Credit",
      payments: [{ method: "Credit", amount: 150_000, tendered: null, reference: null }],
      customerName: "Otieno",
      customerPhone: "0733000222",
      products: [{ ...before.products[0]!, quantity: 3 }],
    };
    expect(saleChanges(before, after)).toEqual([
      { field: "lines", before: "2 × Rice", after: "3 × Rice" },
      { field: "total", before: "KES 1,000.00", after: "KES 1,500.00" },
      { field: "payments", before: "Cash KES 1,000.00", after: "Credit KES 1,500.00" },
      { field: "customer", before: "-", after: "Otieno 0733000222" },
      { field: "balance", before: "KES 0.00", after: "KES 1,500.00" },
      { field: "creditStatus", before: "-", after: "Pending" },
    ]);
  });

  it("a void and a payment show only what moved; nothing changed is an empty list", () => {
    expect(saleChanges(before, { ...before, status: "voided", voidReason: "Rang twice" })).toEqual([
      { field: "status", before: "completed", after: "voided" },
      { field: "voidReason", before: "-", after: "Rang twice" },
    ]);
    expect(saleChanges(before, before)).toEqual([]);
    expect(saleChanges(null, before)).toEqual([]);
    expect(
      saleChanges(before, {
        ...before,
        payments: [{ method: "M-Pesa", amount: 100_000, tendered: null, reference: "QWE123RTY" }],
      }),
    ).toEqual([{ field: "payments", before: "Cash KES 1,000.00", after: "M-Pesa (QWE123RTY) KES 1,000.00" }]);
  });

  it("a snapshot keeps what an audit needs of a sale", () => {
    const sale = {
      status: "completed",
      amount: 100_000,
      balance: 0,
      creditStatus: null,
      paymentMethod: "Cash",
      payments: before.payments,
      customerName: null,
      customerPhone: null,
      voidReason: null,
      products: [
        {
          productId: before.products[0]!.productId,
          name: "Rice",
          image: null,
          productQuantity: 2,
          productPrice: 50_000,
          totalPrice: 100_000,
        },
      ],
    } as unknown as Sale;
    expect(snapshotOf(sale)).toEqual(before);
  });
});
