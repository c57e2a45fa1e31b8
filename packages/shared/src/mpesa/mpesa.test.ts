import { describe, expect, it } from "vitest";
import { settlePayments } from "../sales/payments.ts";
import { failureOf, maskPhone, maskShortcode, normaliseAccountNumber, stkPushInputSchema } from "./mpesa.ts";

describe("STK result codes", () => {
  it("explain 1032, 1037, 2001 and 17; success is no failure; any other code is 'other'", () => {
    expect([0, 1032, 1037, 2001, 17, 1, 9999].map(failureOf)).toEqual([
      null,
      "cancelled",
      "unreachable",
      "wrong_pin",
      "duplicate",
      "insufficient",
      "other",
    ]);
  });
});

describe("masks", () => {
  it("hide the middle of a phone and most of a shortcode; Daraja's own mask is kept", () => {
    expect(maskPhone("254712345678")).toBe("0712***678");
    expect(maskPhone("0112345678")).toBe("0112***678");
    expect(maskPhone("2547 ***** 126")).toBe("2547 ***** 126");
    expect(maskPhone(null)).toBeNull();
    expect(maskShortcode("174379")).toBe("****379");
  });
  it("account numbers are compared upper case without spaces or #", () => {
    expect(normaliseAccountNumber(" s 12#")).toBe("S12");
    expect(normaliseAccountNumber(undefined)).toBe("");
  });
});

describe("the STK push input", () => {
  it("takes whole shillings only, from KES 1, to a Kenyan mobile number", () => {
    const base = { businessId: "3f1c1b0e-8a1d-4a53-9a53-0d4b8f7a9c11", phone: "0712345678" };
    expect(stkPushInputSchema.safeParse({ ...base, amount: 25_000 }).success).toBe(true);
    expect(stkPushInputSchema.safeParse({ ...base, amount: 25_050 }).success).toBe(false);
    expect(stkPushInputSchema.safeParse({ ...base, amount: 0 }).success).toBe(false);
    expect(stkPushInputSchema.safeParse({ ...base, phone: "0812345678", amount: 100 }).success).toBe(false);
  });
});

describe("an M-Pesa payment claimed from the till", () => {
  it("needs no typed code (the server takes the confirmed payment's); a typed M-Pesa payment still does", () => {
    const id = "3f1c1b0e-8a1d-4a53-9a53-0d4b8f7a9c11";
    expect(settlePayments(5_000, [{ method: "M-Pesa", amount: 5_000, mpesaPaymentId: id }]).ok).toBe(true);
    expect(settlePayments(5_000, [{ method: "M-Pesa", amount: 5_000 }]).ok).toBe(false);
  });
});
