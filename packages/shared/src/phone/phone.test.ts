import { describe, expect, it } from "vitest";
import {
  displayKenyanPhone,
  kenyanPhoneSchema,
  mpesaPhoneSchema,
  normalizeKenyanPhone,
  phoneSearchDigits,
} from "./phone.ts";

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

describe("stored and shown phone numbers", () => {
  it("stores the 10-digit form as 2547... or 2541...", () => {
    expect(normalizeKenyanPhone("0712345678")).toBe("254712345678");
    expect(normalizeKenyanPhone(" 0112345678 ")).toBe("254112345678");
    expect(normalizeKenyanPhone("+254712345678")).toBe("254712345678");
    expect(normalizeKenyanPhone("254112345678")).toBe("254112345678");
  });
  it("refuses what is not a Kenyan mobile number", () => {
    for (const p of ["0812345678", "071234567", "25481234567", "", "07123456789"])
      expect(normalizeKenyanPhone(p)).toBeNull();
  });
  it("shows a stored number as it was typed", () => {
    expect(displayKenyanPhone("254712345678")).toBe("0712345678");
    expect(displayKenyanPhone("254112345678")).toBe("0112345678");
    expect(displayKenyanPhone(normalizeKenyanPhone("0798765432")!)).toBe("0798765432");
    expect(displayKenyanPhone("12345")).toBe("12345");
  });
  it("turns a typed search into the digits of stored numbers", () => {
    expect(phoneSearchDigits("0712")).toBe("254712");
    expect(phoneSearchDigits("+25471")).toBe("25471");
    expect(phoneSearchDigits("345 678")).toBe("345678");
    expect(phoneSearchDigits("Wanjiku")).toBeNull();
    expect(phoneSearchDigits("07")).toBeNull();
  });
});
