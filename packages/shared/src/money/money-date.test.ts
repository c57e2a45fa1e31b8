import { describe, expect, it } from "vitest";
import {
  MONEY_DATE_CLOCK_SKEW_MS,
  MONEY_DATE_FLOOR,
  MONEY_DATE_FUTURE_MESSAGE,
  MONEY_DATE_TOO_OLD_MESSAGE,
  moneyDateProblem,
} from "./money-date.ts";

describe("the money date rule", () => {
  const now = new Date();
  it("takes now, yesterday, the skew ahead and the floor itself", () => {
    for (const at of [now, new Date(now.getTime() - 86_400_000), new Date(now.getTime() + MONEY_DATE_CLOCK_SKEW_MS)])
      expect(moneyDateProblem(at, now)).toBeNull();
    expect(moneyDateProblem(MONEY_DATE_FLOOR, now)).toBeNull();
  });
  it("refuses beyond the skew, before the floor, and no date", () => {
    expect(moneyDateProblem(new Date(now.getTime() + MONEY_DATE_CLOCK_SKEW_MS + 1), now)).toBe(
      MONEY_DATE_FUTURE_MESSAGE,
    );
    expect(moneyDateProblem(new Date(Date.UTC(2099, 0, 1)), now)).toBe(MONEY_DATE_FUTURE_MESSAGE);
    expect(moneyDateProblem(new Date(MONEY_DATE_FLOOR.getTime() - 1), now)).toBe(MONEY_DATE_TOO_OLD_MESSAGE);
    expect(moneyDateProblem(new Date(Date.UTC(1990, 5, 1)), now)).toBe(MONEY_DATE_TOO_OLD_MESSAGE);
    expect(moneyDateProblem(new Date(NaN), now)).not.toBeNull();
  });
});
