import { describe, expect, it } from "vitest";
import {
  displayKenyanPhone,
  formatKenyanPhone,
  kenyanPhoneSchema,
  localKenyanPhone,
  mpesaPhoneSchema,
  normalizeKenyanPhone,
  phoneSearchDigits,
} from "./phone.ts";

describe("phone numbers", () => {
  it("takes a Kenyan mobile number however it is typed or pasted, and keeps one form: 0712345678", () => {
    for (const [typed, kept] of [
      ["0712345678", "0712345678"],
      [" 0112345678 ", "0112345678"],
      ["712345678", "0712345678"],
      ["112345678", "0112345678"],
      ["254712345678", "0712345678"],
      ["+254712345678", "0712345678"],
      ["+254 712 345 678", "0712345678"],
      ["0712 345 678", "0712345678"],
      ["0712-345-678", "0712345678"],
      ["+254 (0)712 345 678", "0712345678"],
      ["254 112 345678", "0112345678"],
    ] as const) {
      expect(kenyanPhoneSchema.parse(typed), typed).toBe(kept);
      expect(localKenyanPhone(typed), typed).toBe(kept);
    }
  });
  it("refuses what is not a Kenyan mobile number, naming the form", () => {
    for (const p of [
      "071234567",
      "07123456789",
      "0812345678",
      "+44 20 7946 0958",
      "0712 345 67x",
      "",
      "2547123456789",
    ]) {
      const parsed = kenyanPhoneSchema.safeParse(p);
      expect(parsed.success, p).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Enter a Kenyan mobile number, e.g. 0712 345 678");
    }
  });
  it("an mpesa number is exactly 10 digits, pasted +254 forms included", () => {
    expect(mpesaPhoneSchema.parse("0712345678")).toBe("0712345678");
    expect(mpesaPhoneSchema.parse("+254 712 345 678")).toBe("0712345678");
    expect(mpesaPhoneSchema.safeParse("071234567").success).toBe(false);
  });
  it("shows a number as Kenyans write it: 0712 345 678", () => {
    expect(formatKenyanPhone("254712345678")).toBe("0712 345 678");
    expect(formatKenyanPhone("0112345678")).toBe("0112 345 678");
    expect(formatKenyanPhone("+442079460958")).toBe("+442079460958");
    expect(formatKenyanPhone(null)).toBe("");
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
