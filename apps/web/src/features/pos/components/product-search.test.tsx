import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatKES } from "@app/shared/money/money";
import { buildCatalog, type CatalogItem } from "@app/shared/pos/catalog";
import { ProductSearch } from "./product-search.tsx";

afterEach(cleanup);

const catalog = buildCatalog({
  version: "v1",
  full: true,
  ids: ["1", "2", "3", "4"],
  names: ["Bread 400g", "Brown bread", "Sugar 1kg", "White bread"],
  skus: ["BR-1", null, "SUG-1", null],
  barcodes: ["6161100000017", null, null, "6161100000024"],
  sellingprices: [6500, 7000, 16500, 6000],
  wholesalePrices: [6000, 0, 15000, 5500],
  quantities: [12, 0, 40, 3],
  units: ["pcs", "pcs", "kg", "pcs"],
  images: [null, null, null, null],
  removed: [],
});

function setup(channel: "retail" | "wholesale" = "retail") {
  const onPick = vi.fn<(item: CatalogItem, quantity: number) => void>();
  const onEmptyKey = vi.fn();
  render(<ProductSearch catalog={catalog} channel={channel} onPick={onPick} onEmptyKey={onEmptyKey} />);
  const input = screen.getByTestId("pos-search") as HTMLInputElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const rows = () => within(screen.getByTestId("pos-results")).queryAllByRole("option");
  const picked = () => onPick.mock.calls.map(([item, quantity]) => `${quantity} x ${item.name}`);
  return { input, type, rows, picked, onEmptyKey };
}

describe("ProductSearch", () => {
  it("lists names starting with the first word first, each with its codes, price and stock", () => {
    const { type, rows } = setup();
    type("bread");
    expect(rows().map((r) => r.textContent)).toEqual([
      `Bread 400gBR-1 · 6161100000017${formatKES(6500)}12 pcs in stock`,
      `Brown bread${formatKES(7000)}Out of stock`,
      `White bread6161100000024${formatKES(6000)}3 pcs in stock`,
    ]);
    expect(rows()[0]!.getAttribute("aria-selected")).toBe("true");
  });

  it("on the wholesale till, offers only the wholesale catalogue (a wholesale price), at the wholesale price", () => {
    const { input, type, rows, picked } = setup("wholesale");
    expect(input.placeholder).toContain("3 products");
    type("bread");
    // Brown bread has no wholesale price: not in the wholesale catalogue (issue 33).
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining(`Bread 400gBR-1 · 6161100000017${formatKES(6000)}`),
      expect.stringContaining(`White bread6161100000024${formatKES(5500)}`),
    ]);
    type("brown");
    expect(rows()).toEqual([]);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(picked()).toEqual([]);
  });

  it("adds the highlighted result with Enter; the arrows move the highlight", () => {
    const { input, type, rows, picked } = setup();
    type("bread");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" }); // stays on the last
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(rows()[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(picked()).toEqual(["1 x Brown bread"]);
    expect(input.value).toBe("");
    expect(rows()).toHaveLength(0);
  });

  it("adds a scanned code at once, with the quantity typed before it", () => {
    const { input, type, picked } = setup();
    type("6161100000024");
    fireEvent.keyDown(input, { key: "Enter" });
    type("3*sug-1");
    expect(screen.getByText("Adding 3 at a time")).toBeTruthy();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(picked()).toEqual(["1 x White bread", "3 x Sugar 1kg"]);
  });

  it("adds a result on click and highlights the one under the pointer", () => {
    const { type, rows, picked } = setup();
    type("bread");
    fireEvent.mouseEnter(rows()[2]!);
    fireEvent.mouseOver(rows()[2]!);
    expect(rows()[2]!.getAttribute("aria-selected")).toBe("true");
    expect(fireEvent.mouseDown(rows()[1]!)).toBe(false); // the search box keeps the focus
    fireEvent.click(within(rows()[1]!).getByText("Brown bread"));
    expect(picked()).toEqual(["1 x Brown bread"]);
  });

  it("says when nothing matches; Escape clears; keys on an empty box go to the till", () => {
    const { input, type, rows, onEmptyKey } = setup();
    type("rice");
    expect(screen.getByText("No product matches “rice”.")).toBeTruthy();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.value).toBe("");
    expect(rows()).toHaveLength(0);
    fireEvent.keyDown(input, { key: "+" });
    expect(onEmptyKey).toHaveBeenCalledTimes(1);
  });
});
