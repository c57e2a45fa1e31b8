import { describe, expect, it } from "vitest";
import { kitchenChanges, kitchenStateAfter, type KitchenLine } from "./kitchen.ts";

const chips = (quantity: number): KitchenLine => ({ productId: "chips", name: "Chips", quantity });
const soda = (quantity: number): KitchenLine => ({ productId: "soda", name: "Soda", quantity });
const tea = (quantity: number): KitchenLine => ({ productId: "tea", name: "Tea", quantity });

describe("captain order prints: only what changed since the last print", () => {
  it("the first print sends every line as new", () => {
    expect(kitchenChanges([], [chips(2), soda(1)])).toEqual([
      { ...chips(2), previousQuantity: 0, change: "new" },
      { ...soda(1), previousQuantity: 0, change: "new" },
    ]);
  });

  it("a second print sends new lines, changed quantities and cancelled lines, never an unchanged line", () => {
    const printed = kitchenStateAfter([chips(2), soda(1)]);
    expect(kitchenChanges(printed, [chips(3), tea(1)])).toEqual([
      { ...chips(3), previousQuantity: 2, change: "changed" },
      { ...tea(1), previousQuantity: 0, change: "new" },
      { ...soda(0), previousQuantity: 1, change: "cancelled" },
    ]);
  });

  it("nothing changed: nothing to print", () => {
    expect(kitchenChanges([chips(2)], [chips(2)])).toEqual([]);
  });

  it("a line set to zero counts as cancelled, and a cancelled line is not cancelled twice", () => {
    expect(kitchenChanges([chips(2)], [chips(0)])).toEqual([{ ...chips(0), previousQuantity: 2, change: "cancelled" }]);
    expect(kitchenChanges(kitchenStateAfter([chips(0)]), [chips(0)])).toEqual([]);
  });
});
