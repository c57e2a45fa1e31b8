import { describe, expect, it } from "vitest";
import { tableNamesOf } from "./sections-api.ts";

describe("table names as typed", () => {
  it("splits on commas and lines, trims and drops blanks", () => {
    expect(tableNamesOf("T1, T2\n  Terrace 3 ,,\n")).toEqual(["T1", "T2", "Terrace 3"]);
    expect(tableNamesOf("   ")).toEqual([]);
  });
});
