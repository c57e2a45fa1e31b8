import { describe, expect, it } from "vitest";
import { applyCreditPayment, CREDIT_OVERPAY_MESSAGE, creditPaymentInputSchema, creditStatusOf } from "./credit.ts";

describe("credit rules, spec sections 4 and 5", () => {
  it("the status follows the balance: Pending, Partial, Cleared", () => {
    expect(creditStatusOf(1000, 1000)).toBe("Pending");
    expect(creditStatusOf(1000, 400)).toBe("Partial");
    expect(creditStatusOf(1000, 0)).toBe("Cleared");
  });

  it("a payment lowers the balance and moves the status", () => {
    expect(applyCreditPayment({ amount: 1000, balance: 1000 }, 300)).toEqual({
      ok: true,
      balance: 700,
      creditStatus: "Partial",
    });
    expect(applyCreditPayment({ amount: 1000, balance: 700 }, 700)).toEqual({
      ok: true,
      balance: 0,
      creditStatus: "Cleared",
    });
  });

  it("refuses a payment above the balance with the spec's message", () => {
    expect(applyCreditPayment({ amount: 1000, balance: 700 }, 701)).toEqual({
      ok: false,
      message: CREDIT_OVERPAY_MESSAGE,
    });
    expect(CREDIT_OVERPAY_MESSAGE).toBe("Payment amount cannot exceed the current balance.");
  });

  it("refuses zero, negative and non-numbers", () => {
    for (const bad of [0, -5, Number.NaN])
      expect(applyCreditPayment({ amount: 1000, balance: 1000 }, bad).ok).toBe(false);
  });

  it("the input allows only the three methods and whole positive cents", () => {
    expect(creditPaymentInputSchema.safeParse({ amountPaid: 500, paymentMethod: "M-Pesa" }).success).toBe(true);
    expect(creditPaymentInputSchema.safeParse({ amountPaid: 500, paymentMethod: "" }).success).toBe(false);
    expect(creditPaymentInputSchema.safeParse({ amountPaid: 500, paymentMethod: "Credit" }).success).toBe(false);
    expect(creditPaymentInputSchema.safeParse({ amountPaid: 5.5, paymentMethod: "Cash" }).success).toBe(false);
    expect(creditPaymentInputSchema.safeParse({ amountPaid: 0, paymentMethod: "Cash" }).success).toBe(false);
    expect(
      creditPaymentInputSchema.safeParse({
        amountPaid: 500,
        paymentMethod: "Cash",
        paymentDate: "2026-11-22T10:00:00.000Z",
      }).success,
    ).toBe(true);
    expect(
      creditPaymentInputSchema.safeParse({ amountPaid: 500, paymentMethod: "Cash", paymentDate: "22/11/2026" }).success,
    ).toBe(false);
  });
});
