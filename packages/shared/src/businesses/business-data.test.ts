import { describe, expect, it } from "vitest";
import { confirmsName, erasesAt, exportFileName } from "./business-data.ts";

describe("business data rules", () => {
  it("erasure is 30 days after deletion, to the millisecond, across a year's end", () => {
    expect(erasesAt(new Date("2026-12-31T20:55:00.000Z")).toISOString()).toBe("2027-01-30T20:55:00.000Z");
  });
  it("the typed confirmation must be the business's name", () => {
    expect(confirmsName("  mama mboga shop ", "Mama Mboga Shop")).toBe(true);
    expect(confirmsName("Mama Mboga", "Mama Mboga Shop")).toBe(false);
    expect(confirmsName("", "Mama Mboga Shop")).toBe(false);
  });
  it("the export's file name is safe", () => {
    expect(exportFileName("Duka la Mama / Nairobi", "2026-11-28")).toBe("Duka-la-Mama-Nairobi-2026-11-28.zip");
    expect(exportFileName("***", "2026-11-28")).toBe("business-2026-11-28.zip");
  });
});
