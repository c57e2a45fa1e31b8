import { describe, expect, it } from "vitest";
import { addDays, daysBetween, daysFrom, nightsOf, weekdayOf } from "./days.ts";
import { isWeekendNight, nightlyRate, quoteStay, requoteStay } from "./rates.ts";
import { overlappingSeasons } from "./room.ts";

const type = {
  rate: 500_000,
  weekendRate: 650_000,
  seasons: [{ name: "Christmas", from: "2026-12-20", to: "2027-01-02", rate: 900_000, weekendRate: null }],
};

describe("days", () => {
  it("counts nights from check-in up to check-out, across months and years", () => {
    expect(nightsOf("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
    expect(nightsOf("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29"]);
    expect(nightsOf("2026-05-02", "2026-05-02")).toEqual([]);
    expect(nightsOf("2026-05-03", "2026-05-02")).toEqual([]);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysFrom("2026-01-30", "2026-02-01")).toEqual(["2026-01-30", "2026-01-31", "2026-02-01"]);
  });

  it("knows the day of the week, whatever the machine's time zone", () => {
    expect(weekdayOf("2026-06-05")).toBe(5); // a Friday
    expect(isWeekendNight("2026-06-05")).toBe(true);
    expect(isWeekendNight("2026-06-06")).toBe(true);
    expect(isWeekendNight("2026-06-07")).toBe(false);
  });
});

describe("nightly rates", () => {
  it("charges the weekend rate on Friday and Saturday nights, the rate otherwise", () => {
    expect(nightlyRate(type, "2026-06-04")).toBe(500_000);
    expect(nightlyRate(type, "2026-06-05")).toBe(650_000);
    expect(nightlyRate({ ...type, weekendRate: null }, "2026-06-05")).toBe(500_000);
  });

  it("a season's price wins over the weekend price, on both of its end days", () => {
    expect(nightlyRate(type, "2026-12-19")).toBe(650_000); // Saturday before the season
    expect(nightlyRate(type, "2026-12-20")).toBe(900_000);
    expect(nightlyRate(type, "2027-01-02")).toBe(900_000);
    expect(nightlyRate(type, "2027-01-03")).toBe(500_000);
    const withWeekend = { ...type, seasons: [{ ...type.seasons[0]!, weekendRate: 1_000_000 }] };
    expect(nightlyRate(withWeekend, "2026-12-25")).toBe(1_000_000); // a Friday in the season
  });

  it("quotes a stay night by night; an agreed rate replaces every night's", () => {
    const q = quoteStay(type, "2026-06-04", "2026-06-07"); // Thu, Fri, Sat nights
    expect(q).toEqual({ nights: 3, nightlyRates: [500_000, 650_000, 650_000], total: 1_800_000 });
    expect(quoteStay(type, "2026-06-04", "2026-06-06", 450_000)).toEqual({
      nights: 2,
      nightlyRates: [450_000, 450_000],
      total: 900_000,
    });
  });

  it("finds seasons that share a day", () => {
    expect(
      overlappingSeasons([
        { from: "2026-01-01", to: "2026-01-10" },
        { from: "2026-01-10", to: "2026-01-12" },
      ]),
    ).toBe(true);
    expect(
      overlappingSeasons([
        { from: "2026-01-11", to: "2026-01-12" },
        { from: "2026-01-01", to: "2026-01-10" },
      ]),
    ).toBe(false);
  });
});

describe("new dates for a booking", () => {
  const old = { checkIn: "2026-06-01", nightlyRates: [400_000, 400_000] }; // made when the rate was 4,000
  it("keeps the stored rate of nights it had, prices new nights at today's rates", () => {
    // Tue (kept), Wed, Thu, Fri (a weekend night)
    expect(requoteStay(old, type, "2026-06-02", "2026-06-06", null, true).nightlyRates).toEqual([
      400_000, 500_000, 500_000, 650_000,
    ]);
  });
  it("prices every night afresh for another room type or agreed rate", () => {
    expect(requoteStay(old, type, "2026-06-01", "2026-06-03", null, false).nightlyRates).toEqual([500_000, 500_000]);
    expect(requoteStay(old, type, "2026-06-01", "2026-06-03", 300_000, false).total).toBe(600_000);
  });
});
