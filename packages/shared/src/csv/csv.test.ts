import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { neutraliseCsvCell, restoreCsvCell, toCsv } from "./csv.ts";

describe("CSV cells a spreadsheet would run as a formula", () => {
  it("neutralises every cell starting with = + - @ tab or CR, and leaves others alone", () => {
    for (const cell of ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1+1"])
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    for (const cell of ["Soda", "", "a=b", "1+1", "KES 10", "120.50"]) expect(neutraliseCsvCell(cell)).toBe(cell);
  });

  it("a plain number, negative ones included, stays a number", () => {
    for (const cell of ["-50.00", "-3", "1234.50", "0"]) expect(neutraliseCsvCell(cell)).toBe(cell);
    expect(neutraliseCsvCell("-50.00+1")).toBe("'-50.00+1");
  });

  it("restoring gives back the original text, an apostrophe that was there included", () => {
    for (const cell of ["=1+1", "'=1+1", "''@x", "plain", "'quoted", "-2+3", "-5"])
      expect(restoreCsvCell(neutraliseCsvCell(cell))).toBe(cell);
  });

  it("toCsv writes a header and rows, every cell neutralised, quoted as CSV needs", () => {
    const text = toCsv(
      ["name", "note"],
      [
        ['=HYPERLINK("http://x")', "a,b"],
        ["Milk", "@me"],
      ],
    );
    const parsed = Papa.parse<string[]>(text).data;
    expect(parsed).toEqual([
      ["name", "note"],
      ['\'=HYPERLINK("http://x")', "a,b"],
      ["Milk", "'@me"],
    ]);
  });
});
