import { describe, expect, it } from "vitest";
import { internationalPhone, receiptMessageText, sendReceiptInputSchema, whatsappLink } from "./messages.ts";

describe("messages rules", () => {
  it("writes Kenyan numbers as Africa's Talking wants them, however typed", () => {
    for (const typed of ["0712 345 678", "712345678", "+254 712-345-678", "254712345678"])
      expect(internationalPhone(typed)).toBe("+254712345678");
    expect(internationalPhone("0112345678")).toBe("+254112345678");
    expect(internationalPhone("12345")).toBeNull();
  });

  it("takes a phone in any typed form for SMS and an e-mail address for e-mail", () => {
    expect(sendReceiptInputSchema.parse({ channel: "sms", to: "+254 712 345 678" })).toEqual({
      channel: "sms",
      to: "0712345678",
    });
    expect(sendReceiptInputSchema.parse({ channel: "email", to: " Mteja@Example.COM " }).to).toBe("mteja@example.com");
    expect(sendReceiptInputSchema.safeParse({ channel: "sms", to: "0612345678" }).success).toBe(false);
    expect(sendReceiptInputSchema.safeParse({ channel: "email", to: "not-an-address" }).success).toBe(false);
  });

  it("writes the receipt's short text in English or Swahili, and the WhatsApp link with it", () => {
    const r = { businessName: "Duka", number: "#7", total: "KES 500.00", url: "https://x.test/r/abc" };
    expect(receiptMessageText(r)).toBe("Duka: receipt #7, KES 500.00. View it: https://x.test/r/abc");
    expect(receiptMessageText(r, "sw")).toBe("Duka: risiti #7, KES 500.00. Itazame: https://x.test/r/abc");
    expect(whatsappLink("Hi & bye", "0712345678")).toBe("https://wa.me/254712345678?text=Hi%20%26%20bye");
    expect(whatsappLink("Hi")).toBe("https://wa.me/?text=Hi");
  });
});
