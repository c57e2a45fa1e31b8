import { describe, expect, it } from "vitest";
import { lineName, listSalesQuerySchema, UNKNOWN_PRODUCT } from "./sale.ts";

describe("lineName", () => {
  it("is the name the line was sold under, or Unknown Product when that is blank", () => {
    expect(lineName({ name: "Sugar 1kg" })).toBe("Sugar 1kg");
    expect(lineName({ name: "" })).toBe(UNKNOWN_PRODUCT);
    expect(lineName({ name: "   " })).toBe("Unknown Product");
  });
});

describe("listSalesQuerySchema", () => {
  it("reads open=true|false and refuses anything else", () => {
    const businessId = "11111111-1111-4111-8111-111111111111";
    expect(listSalesQuerySchema.parse({ businessId, open: "true" }).open).toBe(true);
    expect(listSalesQuerySchema.parse({ businessId, open: "false" }).open).toBe(false);
    expect(listSalesQuerySchema.parse({ businessId }).open).toBeUndefined();
    expect(listSalesQuerySchema.safeParse({ businessId, open: "yes" }).success).toBe(false);
  });
});
