import { describe, expect, it } from "vitest";
import {
  callbackReceipt,
  darajaCallbackSchema,
  darajaPassword,
  darajaTimestamp,
  mpesaAmount,
  toMpesaMsisdn,
} from "./mpesa.ts";

describe("M-Pesa phone numbers", () => {
  it("10 digits as typed become 2547... and 2541...", () => {
    expect(toMpesaMsisdn("0712345678")).toBe("254712345678");
    expect(toMpesaMsisdn("0110345678")).toBe("254110345678");
    expect(toMpesaMsisdn(" 0722000111 ")).toBe("254722000111");
  });
  it("the same number pasted as 254..., +254... or with spaces becomes the same MSISDN", () => {
    for (const typed of ["712345678", "254712345678", "+254712345678", "+254 712 345 678", "0712-345-678"])
      expect(toMpesaMsisdn(typed), typed).toBe("254712345678");
  });
  it("anything else is refused", () => {
    for (const bad of ["07123456789", "0812345678", "2547123456789", "07123abc78", ""])
      expect(() => toMpesaMsisdn(bad), bad).toThrow(RangeError);
  });
});

describe("the Daraja password", () => {
  it("the timestamp is yyyyMMddHHmmss in Nairobi time", () => {
    expect(darajaTimestamp(new Date("2026-03-05T21:04:09Z"))).toBe("20260306000409");
    expect(darajaTimestamp(new Date("2026-12-31T20:59:59Z"))).toBe("20261231235959");
  });
  it("is base64 of shortcode + passkey + timestamp", () => {
    // Safaricom's sandbox shortcode and passkey, as published in the Daraja docs.
    const passkey = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
    const password = darajaPassword("174379", passkey, "20160216165627");
    expect(password).toBe(Buffer.from(`174379${passkey}20160216165627`).toString("base64"));
    expect(Buffer.from(password, "base64").toString()).toBe(`174379${passkey}20160216165627`);
  });
});

describe("amounts", () => {
  it("cents become whole shillings; a fraction is refused", () => {
    expect(mpesaAmount(150_000)).toBe(1500);
    expect(mpesaAmount(100)).toBe(1);
    expect(() => mpesaAmount(150_050)).toThrow(RangeError);
    expect(() => mpesaAmount(1.5)).toThrow(RangeError);
  });
});

describe("callbacks", () => {
  const success = {
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_191220191020363925",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: 1500 },
            { Name: "MpesaReceiptNumber", Value: "NLJ7RT61SV" },
            { Name: "Balance" },
            { Name: "TransactionDate", Value: 20191219102115 },
            { Name: "PhoneNumber", Value: 254708374149 },
          ],
        },
      },
    },
  };
  it("a success callback parses and gives its receipt and amount", () => {
    const parsed = darajaCallbackSchema.parse(success);
    expect(callbackReceipt(parsed.Body.stkCallback.CallbackMetadata)).toEqual({ receipt: "NLJ7RT61SV", amount: 1500 });
  });
  it("a cancelled callback has no metadata", () => {
    const cancelled = darajaCallbackSchema.parse({
      Body: {
        stkCallback: {
          MerchantRequestID: "1",
          CheckoutRequestID: "ws_CO_1",
          ResultCode: 1032,
          ResultDesc: "Request cancelled by user",
        },
      },
    });
    expect(callbackReceipt(cancelled.Body.stkCallback.CallbackMetadata)).toEqual({ receipt: null, amount: null });
  });
  it("a body of another shape is refused", () => {
    expect(darajaCallbackSchema.safeParse({ Body: { stkCallback: { CheckoutRequestID: "x" } } }).success).toBe(false);
    expect(darajaCallbackSchema.safeParse({}).success).toBe(false);
  });
});
