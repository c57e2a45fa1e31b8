import { describe, expect, it } from "vitest";
import { cursorOf, firstPage, turnPage } from "./cursor-paging.ts";

const rows = (...numbers: number[]) => numbers.map((saleNumber) => ({ saleNumber }));

describe("paging a credit table by sale number", () => {
  it("goes forward after the last row shown, back to pages already reached, and starts again on a new page size", () => {
    let p = firstPage(3);
    expect(cursorOf(p)).toBeUndefined();
    p = turnPage(p, { page: 1, pageSize: 3 }, rows(90, 80, 70));
    expect(p.page).toBe(1);
    expect(cursorOf(p)).toBe(70);
    p = turnPage(p, { page: 2, pageSize: 3 }, rows(60, 50, 40));
    expect(cursorOf(p)).toBe(40);
    p = turnPage(p, { page: 1, pageSize: 3 }, rows(30));
    expect(cursorOf(p)).toBe(70);
    // Forward again from fresh rows (one was paid off meanwhile): the next cursor follows them.
    p = turnPage(p, { page: 2, pageSize: 3 }, rows(60, 50, 30));
    expect(p.cursors).toEqual([undefined, 70, 30]);
    expect(turnPage(p, { page: 0, pageSize: 10 }, rows(1))).toEqual(firstPage(10));
  });

  it("stays put when the page is still loading, not full, or the grid jumps ahead", () => {
    const p = firstPage(3);
    expect(turnPage(p, { page: 1, pageSize: 3 }, undefined)).toBe(p);
    expect(turnPage(p, { page: 1, pageSize: 3 }, rows(5, 4))).toBe(p);
    expect(turnPage(p, { page: 2, pageSize: 3 }, rows(9, 8, 7))).toBe(p);
  });
});
