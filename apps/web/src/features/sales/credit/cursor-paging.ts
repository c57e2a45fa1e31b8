/** Which page a DataGrid shows, as MUI's GridPaginationModel has it. */
type PageModel = { page: number; pageSize: number };

/**
 * A DataGrid paged on the server by sale number: the page shown, and the cursor of every page
 * reached so far (the saleNumber of the last row of the page before it). A cursor never
 * skips or repeats a sale, as an offset would when rows are paid off or added meanwhile.
 */
export type CursorPaging = PageModel & { cursors: (number | undefined)[] };

export const firstPage = (pageSize: number): CursorPaging => ({ page: 0, pageSize, cursors: [undefined] });

/** The cursor of the page shown (undefined on the first). */
export const cursorOf = (paging: CursorPaging): number | undefined => paging.cursors[paging.page];

/**
 * The grid asks for another page: one forward (after the last row shown, when the page was
 * full), back to a page already reached, or a new page size (from the start). Anything else,
 * e.g. forward while the page is still loading, leaves the paging as it is.
 */
export function turnPage(
  paging: CursorPaging,
  next: PageModel,
  shown: readonly { saleNumber: number }[] | undefined,
): CursorPaging {
  if (next.pageSize !== paging.pageSize) return firstPage(next.pageSize);
  if (next.page < paging.page) return { ...paging, page: next.page };
  const last = shown?.at(-1);
  if (next.page === paging.page + 1 && last && shown!.length >= paging.pageSize) {
    return { ...paging, page: next.page, cursors: [...paging.cursors.slice(0, next.page), last.saleNumber] };
  }
  return paging;
}
