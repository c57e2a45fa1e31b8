import { describe, expect, it } from "vitest";
import { backupIsDue, backupIsStale, backupsToKeep, lastScheduledTime, parseLocalMoment } from "./rotation.ts";

const NAIROBI = "Africa/Nairobi";
/** One backup a night at 02:00 Nairobi (23:00 UTC the day before), for `days` days up to 2026-11-28. */
const nightly = (days: number) => Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 10, 27 - i, 23, 0)));
const iso = (ds: Date[]) => ds.map((d) => d.toISOString());

describe("backupsToKeep", () => {
  it("keeps 7 daily, 4 weekly and 12 monthly out of a year of nightly backups", () => {
    const kept = backupsToKeep(nightly(400), { daily: 7, weekly: 4, monthly: 12 }, NAIROBI);
    const all = nightly(400);
    // The 7 newest nights (2026-11-22 .. 11-28 Nairobi).
    expect(iso(kept.slice(0, 7))).toEqual(iso(all.slice(0, 7)));
    // Weekly: the newest of the ISO weeks 48 (Nov 23-29), 47, 46, 45: Nov 28 and Sundays Nov 22, 15, 8
    // (the first two are among the daily ones).
    for (const day of ["2026-11-21T23:00:00.000Z", "2026-11-14T23:00:00.000Z", "2026-11-07T23:00:00.000Z"])
      expect(iso(kept)).toContain(day);
    // Monthly: the last night of each of the 12 newest months (Nov 2026 back to Dec 2025).
    for (const day of ["2026-10-30T23:00:00.000Z", "2026-01-30T23:00:00.000Z", "2025-12-30T23:00:00.000Z"])
      expect(iso(kept)).toContain(day);
    expect(iso(kept)).not.toContain("2025-11-29T23:00:00.000Z");
    // 7 daily + 2 older weekly + 11 older monthly (November's is the newest daily).
    expect(kept).toHaveLength(7 + 2 + 11);
  });

  it("keeps the newest of several backups on one day, counted in the business's time zone", () => {
    // 23:30 UTC on Nov 27 is 02:30 on Nov 28 in Nairobi: the same Nairobi day as 10:00 UTC Nov 28.
    const times = [
      new Date("2026-11-27T23:30:00Z"),
      new Date("2026-11-28T10:00:00Z"),
      new Date("2026-11-27T20:00:00Z"),
    ];
    const kept = backupsToKeep(times, { daily: 2, weekly: 0, monthly: 0 }, NAIROBI);
    expect(iso(kept)).toEqual(["2026-11-28T10:00:00.000Z", "2026-11-27T20:00:00.000Z"]);
    expect(iso(backupsToKeep(times, { daily: 2, weekly: 0, monthly: 0 }, "UTC"))).toEqual([
      "2026-11-28T10:00:00.000Z",
      "2026-11-27T23:30:00.000Z",
    ]);
  });

  it("keeps everything when there are fewer backups than the policy allows, and nothing of none", () => {
    expect(backupsToKeep(nightly(3), { daily: 7, weekly: 4, monthly: 12 }, NAIROBI)).toHaveLength(3);
    expect(backupsToKeep([], { daily: 7, weekly: 4, monthly: 12 }, NAIROBI)).toEqual([]);
  });
});

describe("the nightly schedule", () => {
  it("is due after the scheduled time until a backup succeeds after it", () => {
    const now = new Date("2026-11-28T00:30:00Z"); // 03:30 Nairobi
    expect(lastScheduledTime(now, "02:00", NAIROBI).toISOString()).toBe("2026-11-27T23:00:00.000Z");
    expect(backupIsDue(now, new Date("2026-11-27T22:59:00Z"), "02:00", NAIROBI)).toBe(true);
    expect(backupIsDue(now, new Date("2026-11-27T23:05:00Z"), "02:00", NAIROBI)).toBe(false);
    expect(backupIsDue(now, null, "02:00", NAIROBI)).toBe(true);
  });

  it("looks back to yesterday's time before today's has come, across a year's end", () => {
    const now = new Date("2026-12-31T20:55:00Z"); // 23:55 Nairobi on Dec 31
    expect(lastScheduledTime(now, "23:59", NAIROBI).toISOString()).toBe("2026-12-30T20:59:00.000Z");
    expect(lastScheduledTime(new Date("2027-01-01T00:10:00Z"), "02:00", NAIROBI).toISOString()).toBe(
      "2026-12-31T23:00:00.000Z",
    );
  });

  it("warns when none succeeded for 48 hours", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(backupIsStale(now, new Date("2026-11-26T12:30:00Z"))).toBe(false);
    expect(backupIsStale(now, new Date("2026-11-26T11:30:00Z"))).toBe(true);
    expect(backupIsStale(now, null)).toBe(true);
  });
});

describe("parseLocalMoment", () => {
  it("reads a minute in the business's time zone", () => {
    expect(parseLocalMoment("2026-11-28 14:59", "Africa/Nairobi")?.toISOString()).toBe("2026-11-28T11:59:00.000Z");
    expect(parseLocalMoment("2026-11-28T14:59:30", "UTC")?.toISOString()).toBe("2026-11-28T14:59:30.000Z");
    expect(parseLocalMoment("yesterday", "UTC")).toBeNull();
  });
});
