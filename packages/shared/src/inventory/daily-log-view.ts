import type { DailyStockLog } from "./daily-stock.ts";

/** Spec section 2, Daily Stock Report: 10 rows a page, and this exact text when nothing matches. */
export const DAILY_LOG_PAGE_SIZE = 10;
export const NO_MATCHING_STOCK_LOGS = "No stock logs found matching your search criteria.";

/** The logs whose product name contains the search term (any case; blank keeps all). */
export function filterDailyStockLogs<T extends Pick<DailyStockLog, "product">>(logs: readonly T[], term: string): T[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [...logs];
  return logs.filter((l) => l.product.name.toLowerCase().includes(needle));
}

export type RowPage<T> = { rows: T[]; page: number; pageCount: number; hasPrevious: boolean; hasNext: boolean };

/**
 * One page (0-based) of a list, for Previous/Next paging. A page past the end (after the list
 * shrank, e.g. a narrower search) falls back to the last page; an empty list has one empty page.
 */
export function pageOfRows<T>(rows: readonly T[], page: number, size = DAILY_LOG_PAGE_SIZE): RowPage<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  return {
    rows: rows.slice(current * size, current * size + size),
    page: current,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
}
