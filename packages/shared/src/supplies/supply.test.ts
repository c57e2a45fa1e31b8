import { describe, expect, it } from "vitest";
import { createSupplyInputSchema, supplyTotal, transferToStockInputSchema } from "./supply.ts";

const P1 = "00000000-0000-4000-8000-000000000001";
const P2 = "00000000-0000-4000-8000-000000000002";
const base = { businessId: P1, supplierId: P2 };
const issues = (v: unknown) =>
  createSupplyInputSchema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];

describe("supply records", () => {
  it("totals quantity times unit cost", () => {
    expect(supplyTotal([])).toBe(0);
    expect(
      supplyTotal([
        { quantity: 3, unitCost: 1250 },
        { quantity: 2, unitCost: 99 },
      ]),
    ).toBe(3948);
  });
  it("takes a delivery of products and commodities, half paid", () => {
    const r = createSupplyInputSchema.parse({
      ...base,
      products: [{ productId: P1, quantity: 10, unitCost: 5000 }],
      commodities: [{ name: "Fuel", unit: "litres", quantity: 20, unitCost: 2000 }],
      amountPaid: 45000,
      paymentMethod: "M-Pesa",
    });
    expect(r.commodities[0]!.unit).toBe("litres");
    expect(supplyTotal([...r.products, ...r.commodities])).toBe(90000);
  });
  it("refuses an empty delivery, repeated products, negative figures and overpayment", () => {
    expect(issues(base)).toContain("products: Add at least one product or commodity");
    expect(
      issues({
        ...base,
        products: [
          { productId: P1, quantity: 1, unitCost: 1 },
          { productId: P1, quantity: 1, unitCost: 1 },
        ],
      }),
    ).toContain("products: List each product once");
    expect(issues({ ...base, products: [{ productId: P1, quantity: -1, unitCost: 1 }] })).toContain(
      "products.0.quantity: At least 1",
    );
    expect(issues({ ...base, products: [{ productId: P1, quantity: 1, unitCost: -5 }] })).toContain(
      "products.0.unitCost: Cannot be negative",
    );
    expect(
      issues({
        ...base,
        products: [{ productId: P1, quantity: 1, unitCost: 100 }],
        amountPaid: 101,
        paymentMethod: "Cash",
      }),
    ).toContain("amountPaid: The amount paid is more than the supply's total");
    expect(issues({ ...base, products: [{ productId: P1, quantity: 1, unitCost: 100 }], amountPaid: 50 })).toContain(
      "paymentMethod: Choose how it was paid",
    );
  });
  it("moves each product once, at least one unit", () => {
    expect(transferToStockInputSchema.safeParse({ products: [] }).success).toBe(false);
    expect(transferToStockInputSchema.safeParse({ products: [{ productId: P1, quantity: 0 }] }).success).toBe(false);
    expect(
      transferToStockInputSchema.safeParse({
        products: [
          { productId: P1, quantity: 1 },
          { productId: P1, quantity: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(transferToStockInputSchema.safeParse({ products: [{ productId: P1, quantity: 2 }] }).success).toBe(true);
  });
});
