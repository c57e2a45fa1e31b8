import { describe, expect, it } from "vitest";
import { tileOrder } from "./tile-order.ts";

const items = ["a", "b", "c", "d", "e"].map((_id) => ({ _id }));
const ids = (list: { _id: string }[]) => list.map((i) => i._id);

describe("tileOrder", () => {
  it("puts the best sellers first in their order, then the rest of the catalog in its order", () => {
    expect(ids(tileOrder(items, ["d", "b"], true))).toEqual(["d", "b", "a", "c", "e"]);
  });
  it("shows only the listed products for a category, skipping those the catalog no longer holds", () => {
    expect(ids(tileOrder(items, ["e", "gone", "a"], false))).toEqual(["e", "a"]);
  });
  it("shows a product once when it is listed twice", () => {
    expect(ids(tileOrder(items, ["c", "c"], true))).toEqual(["c", "a", "b", "d", "e"]);
  });
});
