import { describe, expect, it } from "vitest";
import { pathTo } from "./paths.ts";

describe("pathTo", () => {
  it("fills the parameters of a route, encoded", () => {
    expect(pathTo("/products/:productId", { productId: "a b/c" })).toBe("/products/a%20b%2Fc");
    expect(pathTo("/settingEmployee/:employeeId", { employeeId: "42" })).toBe("/settingEmployee/42");
  });
  it("returns a route without parameters as it is", () => {
    expect(pathTo("/pos")).toBe("/pos");
    expect(pathTo("/sales/creditSales")).toBe("/sales/creditSales");
  });
});
