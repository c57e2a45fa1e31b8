import { describe, expect, it } from "vitest";
import { conferenceDays, conferenceTotal, createConferenceInputSchema } from "./conference.ts";

describe("conferences", () => {
  it("count both end days and price each day per person plus the hall", () => {
    expect(conferenceDays("2026-07-01", "2026-07-01")).toBe(1);
    expect(conferenceDays("2026-07-01", "2026-07-03")).toBe(3);
    expect(
      conferenceTotal({
        startDay: "2026-07-01",
        endDay: "2026-07-02",
        persons: 40,
        perPersonPerDay: 250_000,
        hallHirePerDay: 1_500_000,
      }),
    ).toBe(2 * (40 * 250_000 + 1_500_000));
  });

  it("refuse an event that ends before it starts", () => {
    const r = createConferenceInputSchema.safeParse({
      businessId: "7f1d7c5e-4a55-4b6a-9a43-3f0b6f0e2a11",
      name: "AGM",
      organiser: "Kamau",
      organiserPhone: "0712345678",
      startDay: "2026-07-02",
      endDay: "2026-07-01",
      persons: 10,
      priceId: "0c8b8a5e-1f55-4b6a-9a43-3f0b6f0e2a11",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["endDay"]);
  });
});
