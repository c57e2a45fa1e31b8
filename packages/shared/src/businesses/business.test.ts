import { describe, expect, it } from "vitest";
import { canonicalTimeZone, DEFAULT_TIME_ZONE, updateBusinessInputSchema } from "./business.ts";

describe("business time zone", () => {
  it("accepts IANA names and stores the runtime's spelling", () => {
    expect(canonicalTimeZone(DEFAULT_TIME_ZONE)).toBe("Africa/Nairobi");
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(updateBusinessInputSchema.parse({ timeZone: " asia/tokyo " })).toEqual({ timeZone: "Asia/Tokyo" });
    expect(updateBusinessInputSchema.parse({ timeZone: "UTC" })).toEqual({ timeZone: "UTC" });
  });

  it.each(["Mars/Olympus", "+03:00", "", "Nairobi", "x".repeat(65)])(
    "refuses %j with a message naming the field",
    (timeZone) => {
      const parsed = updateBusinessInputSchema.safeParse({ timeZone });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual(["timeZone"]);
    },
  );

  it("says what is wrong with an unknown zone", () => {
    const parsed = updateBusinessInputSchema.safeParse({ timeZone: "Mars/Olympus" });
    expect(parsed.error!.issues.map((i) => i.message)).toEqual([
      "Not a known time zone; choose one such as Africa/Nairobi",
    ]);
  });

  it("leaves the zone alone when it is not sent", () => {
    expect(updateBusinessInputSchema.parse({ name: "Duka" })).toEqual({ name: "Duka" });
  });
});
