import { describe, expect, it } from "vitest";
import { DAILY_LOG_PAGE_SIZE, filterDailyStockLogs, NO_MATCHING_STOCK_LOGS, pageOfRows } from "./daily-log-view.ts";

const log = (name: string) => ({ product: { name, image: null, quantity: 1 } });

describe("daily stock report view", () => {
  it("has the spec's page size and empty text", () => {
    expect(DAILY_LOG_PAGE_SIZE).toBe(10);
    expect(NO_MATCHING_STOCK_LOGS).toBe("No stock logs found matching your search criteria.");
  });

  it("filters by product name, ignoring case and surrounding spaces", () => {
    const logs = [log("Sugar 1kg"), log("Brown sugar"), log("Salt")];
    expect(filterDailyStockLogs(logs, "  SUGAR ").map((l) => l.product.name)).toEqual(["Sugar 1kg", "Brown sugar"]);
    expect(filterDailyStockLogs(logs, "")).toHaveLength(3);
    expect(filterDailyStockLogs(logs, "flour")).toEqual([]);
  });

  it("pages 10 rows at a time with Previous and Next", () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOfRows(rows, 0)).toEqual({
      rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      page: 0,
      pageCount: 3,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageOfRows(rows, 1).rows[0]).toBe(10);
    expect(pageOfRows(rows, 2)).toMatchObject({ rows: [20, 21, 22], hasPrevious: true, hasNext: false });
  });

  it("falls back to the last page when the list shrank, and to one empty page when empty", () => {
    expect(pageOfRows([1, 2, 3], 5)).toMatchObject({
      rows: [1, 2, 3],
      page: 0,
      pageCount: 1,
      hasNext: false,
      hasPrevious: false,
    });
    expect(pageOfRows([], 0)).toEqual({ rows: [], page: 0, pageCount: 1, hasPrevious: false, hasNext: false });
    expect(pageOfRows([1, 2, 3], -2).page).toBe(0);
  });
});
