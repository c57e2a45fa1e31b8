import { describe, expect, it } from "vitest";
import {
  applyCreditPayment,
  CREDIT_OVERPAY_MESSAGE,
  CREDIT_PAYMENT_CLOCK_SKEW_MS,
  creditPaymentDateProblem,
  creditPaymentInputSchema,
  creditStatusOf,
  PAYMENT_DATE_BEFORE_SALE_MESSAGE,
  PAYMENT_DATE_FUTURE_MESSAGE,
  PAYMENT_DATE_INVALID_MESSAGE,
} from "./credit.ts";

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

describe("the date of a credit payment", () => {
  const sale = new Date("2026-03-10T09:00:00.000Z");
  const now = new Date("2026-03-12T12:00:00.000Z");
  const at = (iso: string) => creditPaymentDateProblem(new Date(iso), sale, now);

  it("any moment from the sale up to now (and a few minutes of clock skew) is accepted", () => {
    expect(at("2026-03-10T09:00:00.000Z")).toBeNull();
    expect(at("2026-03-11T15:30:00.000Z")).toBeNull();
    expect(at("2026-03-12T12:00:00.000Z")).toBeNull();
    expect(CREDIT_PAYMENT_CLOCK_SKEW_MS).toBe(5 * 60_000);
    expect(at("2026-03-12T12:04:59.000Z")).toBeNull();
    expect(at("2026-03-10T08:55:01.000Z")).toBeNull();
  });

  it("a date in the future (2099) or before the sale (1990) is refused, saying which", () => {
    expect(at("2099-01-01T00:00:00.000Z")).toBe(PAYMENT_DATE_FUTURE_MESSAGE);
    expect(at("2026-03-12T12:05:01.000Z")).toBe(PAYMENT_DATE_FUTURE_MESSAGE);
    expect(at("1990-01-01T00:00:00.000Z")).toBe(PAYMENT_DATE_BEFORE_SALE_MESSAGE);
    expect(at("2026-03-10T08:54:59.000Z")).toBe(PAYMENT_DATE_BEFORE_SALE_MESSAGE);
    expect(creditPaymentDateProblem(new Date(Number.NaN), sale, now)).toBe(PAYMENT_DATE_INVALID_MESSAGE);
  });
});
