import { describe, expect, it } from "vitest";
import { readTransferLines } from "./transfer-lines.ts";

describe("transfer form lines", () => {
  it("reads whole quantities within the stock on hand", () => {
    expect(
      readTransferLines([
        { productId: "a", available: 10, quantity: " 4 " },
        { productId: "b", available: 2, quantity: "2" },
      ]),
    ).toEqual({
      products: [
        { productId: "a", quantity: 4 },
        { productId: "b", quantity: 2 },
      ],
      problems: {},
    });
  });

  it("names each bad line: zero, not a whole number, more than in stock", () => {
    const read = readTransferLines([
      { productId: "a", available: 10, quantity: "0" },
      { productId: "b", available: 10, quantity: "1.5" },
      { productId: "c", available: 3, quantity: "4" },
      { productId: "d", available: 3, quantity: "" },
    ]);
    expect(read.products).toEqual([]);
    expect(read.problems).toEqual({
      a: "Enter a whole number of at least 1",
      b: "Enter a whole number of at least 1",
      c: "Only 3 in stock",
      d: "Enter a whole number of at least 1",
    });
  });
});
