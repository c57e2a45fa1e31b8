import { describe, expect, it } from "vitest";
import { dayFromNavigationState } from "./day-from-state.ts";

const now = new Date("2026-05-20T22:30:00Z"); // 21 May in Nairobi, 20 May in UTC

describe("the Daily Stock Report's day", () => {
  it("defaults to today in the business's time zone", () => {
    expect(dayFromNavigationState(null, "Africa/Nairobi", now)).toBe("2026-05-21");
    expect(dayFromNavigationState(undefined, "UTC", now)).toBe("2026-05-20");
    expect(dayFromNavigationState({ other: 1 }, "Africa/Nairobi", now)).toBe("2026-05-21");
  });

  it("takes a calendar day from navigation state as it is", () => {
    expect(dayFromNavigationState({ date: "2026-01-02" }, "Africa/Nairobi", now)).toBe("2026-01-02");
  });

  it("reads a time or a Date as the business day it falls in", () => {
    expect(dayFromNavigationState({ date: "2026-03-01T22:00:00Z" }, "Africa/Nairobi", now)).toBe("2026-03-02");
    expect(dayFromNavigationState({ date: new Date("2026-03-01T10:00:00Z") }, "UTC", now)).toBe("2026-03-01");
  });

  it("falls back to today for nonsense", () => {
    expect(dayFromNavigationState({ date: "yesterday" }, "UTC", now)).toBe("2026-05-20");
    expect(dayFromNavigationState({ date: "2026-13-45" }, "UTC", now)).toBe("2026-05-20");
  });
});
