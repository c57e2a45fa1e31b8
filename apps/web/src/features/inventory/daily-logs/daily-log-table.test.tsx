import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { DailyStockLog } from "@app/shared/inventory/daily-stock";
import { DailyLogTable } from "./daily-log-table.tsx";

afterEach(cleanup);

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const log = (
  i: number,
  name: string,
  openingStock: number,
  closingStock: number,
  quantity = closingStock,
): DailyStockLog => ({
  _id: uuid(i),
  product: { name, image: null, quantity },
  openingStock,
  closingStock,
});
/** 23 products: "Item 01" ... "Item 23", and one sugar. */
const logs = [
  ...Array.from({ length: 23 }, (_, i) => log(i, `Item ${String(i + 1).padStart(2, "0")}`, 10, 10 + i)),
  log(99, "Brown Sugar", 12, 7, 9),
];

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Daily stock logs" }))
    .getAllByRole("row")
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("Daily Stock Report table", () => {
  it("shows product, opening, closing, current quantity and daily change (closing minus opening)", () => {
    render(<DailyLogTable logs={[log(1, "Brown Sugar", 12, 7, 9)]} />);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Product",
      "Opening stock",
      "Closing stock",
      "Current quantity",
      "Daily change",
    ]);
    expect(cells(bodyRows()[0]!)).toEqual(["Brown Sugar", "12", "7", "9", "-5"]);
  });

  it("pages 10 rows at a time with Previous and Next", () => {
    render(<DailyLogTable logs={logs} />);
    const previous = screen.getByRole("button", { name: "Previous" });
    const next = screen.getByRole("button", { name: "Next" });
    expect(bodyRows()).toHaveLength(10);
    expect(cells(bodyRows()[0]!)[0]).toBe("Item 01");
    expect(previous).toHaveProperty("disabled", true);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(bodyRows()).toHaveLength(4);
    expect(cells(bodyRows()[0]!)[0]).toBe("Item 21");
    expect(screen.getByText("Page 3 of 3")).toBeTruthy();
    expect(next).toHaveProperty("disabled", true);
    fireEvent.click(previous);
    expect(cells(bodyRows()[0]!)[0]).toBe("Item 11");
  });

  it("filters by the search box from the first page, and says exactly when nothing matches", () => {
    render(<DailyLogTable logs={logs} />);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    const search = screen.getByRole("textbox", { name: "Search stock logs" });
    fireEvent.change(search, { target: { value: "sugar" } });
    expect(bodyRows().map((r) => cells(r)[0])).toEqual(["Brown Sugar"]);
    expect(screen.getByText("Page 1 of 1")).toBeTruthy();
    fireEvent.change(search, { target: { value: "flour" } });
    expect(bodyRows().map(cells)).toEqual([["No stock logs found matching your search criteria."]]);
    expect(screen.getByRole("button", { name: "Next" })).toHaveProperty("disabled", true);
  });

  it("with no logs at all shows the same text", () => {
    render(<DailyLogTable logs={[]} />);
    expect(screen.getByText("No stock logs found matching your search criteria.")).toBeTruthy();
  });
});
