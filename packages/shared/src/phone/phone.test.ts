import { describe, expect, it } from "vitest";
import { kenyanPhoneSchema, mpesaPhoneSchema } from "./phone.ts";

describe("phone numbers", () => {
  it("accepts 10-digit numbers starting 07 or 01", () => {
    for (const p of ["0712345678", "0112345678", " 0799999999 "])
      expect(kenyanPhoneSchema.safeParse(p).success).toBe(true);
  });
  it("refuses other shapes", () => {
    for (const p of ["071234567", "07123456789", "0812345678", "+254712345678", "07-1234567"])
      expect(kenyanPhoneSchema.safeParse(p).success).toBe(false);
  });
  it("an mpesa number is exactly 10 digits", () => {
    expect(mpesaPhoneSchema.safeParse("0712345678").success).toBe(true);
    expect(mpesaPhoneSchema.safeParse("071234567").success).toBe(false);
  });
});
