import { describe, expect, it } from "vitest";
import {
  CREDIT_OVERPAY_MESSAGE,
  PAYMENT_DATE_BEFORE_SALE_MESSAGE,
  PAYMENT_DATE_FUTURE_MESSAGE,
} from "@app/shared/sales/credit";
import { checkCreditPaymentForm, INVALID_DATE_TEXT, isNonNegativeNumberText } from "./credit-payment.ts";

const order = { amount: 100000, balance: 60000, createdAt: "2026-03-01T08:00:00.000Z" };
const date = new Date("2026-03-04T09:30:00Z");
/** The moment the modal is used: after the payment date, whatever day the tests run on. */
const now = new Date("2026-03-10T12:00:00Z");
const form = { amount: "250.50", method: "M-Pesa" as const, date, dateInvalid: false };

describe("the Update Status modal's check (spec sections 5 and 8)", () => {
  it("sends cents, the method and the date as ISO", () => {
    expect(checkCreditPaymentForm(order, form, now)).toEqual({
      ok: true,
      body: { amountPaid: 25050, paymentMethod: "M-Pesa", paymentDate: "2026-03-04T09:30:00.000Z" },
    });
  });

  it("the whole balance is allowed, a cent more is alerted", () => {
    expect(checkCreditPaymentForm(order, { ...form, amount: "600" }, now).ok).toBe(true);
    expect(checkCreditPaymentForm(order, { ...form, amount: "600.01" }, now)).toEqual({
      ok: false,
      alert: CREDIT_OVERPAY_MESSAGE,
    });
  });

  it("an amount that is not a number above 0 is alerted", () => {
    for (const amount of ["", "0", "0.00", "abc", "-5"])
      expect(checkCreditPaymentForm(order, { ...form, amount }, now)).toMatchObject({
        ok: false,
        alert: expect.any(String),
      });
  });

  it("an empty method is not blocked on the client", () => {
    expect(checkCreditPaymentForm(order, { ...form, method: "" }, now)).toMatchObject({
      ok: true,
      body: { paymentMethod: "" },
    });
  });

  it("an invalid date is reported, not sent", () => {
    expect(checkCreditPaymentForm(order, { ...form, dateInvalid: true }, now)).toEqual({
      ok: false,
      dateError: INVALID_DATE_TEXT,
    });
    expect(checkCreditPaymentForm(order, { ...form, date: new Date("nope") }, now)).toEqual({
      ok: false,
      dateError: INVALID_DATE_TEXT,
    });
  });

  it("the amount input takes only non-negative numbers", () => {
    expect(["", "12", "12.5", "12.50", "0."].every(isNonNegativeNumberText)).toBe(true);
    expect(["-1", "1e3", "12.505", "abc", "1,000"].some(isNonNegativeNumberText)).toBe(false);
  });

  it("a date in the future or before the sale is named on the date, not sent (the server's rule)", () => {
    expect(checkCreditPaymentForm(order, { ...form, date: new Date("2099-01-01T00:00:00Z") }, now)).toEqual({
      ok: false,
      dateError: PAYMENT_DATE_FUTURE_MESSAGE,
    });
    expect(checkCreditPaymentForm(order, { ...form, date: new Date("1990-01-01T00:00:00Z") }, now)).toEqual({
      ok: false,
      dateError: PAYMENT_DATE_BEFORE_SALE_MESSAGE,
    });
  });

  it("the sale's own day, picked with an earlier time of day, is sent as the sale's time; today as now", () => {
    const sale = { ...order, createdAt: new Date(2026, 2, 1, 15, 0).toISOString() };
    const now = new Date(2026, 2, 10, 9, 0);
    const sameDayEarlier = checkCreditPaymentForm(sale, { ...form, date: new Date(2026, 2, 1, 9, 30) }, now);
    expect(sameDayEarlier).toMatchObject({ ok: true, body: { paymentDate: sale.createdAt } });
    const laterToday = checkCreditPaymentForm(sale, { ...form, date: new Date(2026, 2, 10, 18, 0) }, now);
    expect(laterToday).toMatchObject({ ok: true, body: { paymentDate: now.toISOString() } });
  });
});
