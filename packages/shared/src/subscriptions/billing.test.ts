import { describe, expect, it } from "vitest";
import {
  awaitsPayment,
  billingDate,
  formatPlanAmount,
  formatPlanPrice,
  graceEndsAt,
  paymentMethodProblem,
  PRICE_SUFFIX,
  scheduleAfterPayment,
} from "./billing.ts";

// Midnight in Nairobi (UTC+3) is 21:00 UTC the day before.
const nairobi = (iso: string) => new Date(`${iso}+03:00`);

describe("billing dates in calendar months", () => {
  it("monthly, quarterly and yearly add 1, 3 and 12 calendar months", () => {
    const start = nairobi("2026-01-15T10:00:00");
    expect(billingDate(start, "monthly", 1)).toEqual(nairobi("2026-02-15T10:00:00"));
    expect(billingDate(start, "quarterly", 1)).toEqual(nairobi("2026-04-15T10:00:00"));
    expect(billingDate(start, "yearly", 1)).toEqual(nairobi("2027-01-15T10:00:00"));
    expect(billingDate(start, "monthly", 3)).toEqual(nairobi("2026-04-15T10:00:00"));
  });

  it("is not 30 days: February is shorter, and the month end is kept", () => {
    const start = nairobi("2026-01-31T09:00:00");
    expect(billingDate(start, "monthly", 1)).toEqual(nairobi("2026-02-28T09:00:00"));
    // Counted from the start, the day does not drift to the 28th afterwards.
    expect(billingDate(start, "monthly", 2)).toEqual(nairobi("2026-03-31T09:00:00"));
    expect(billingDate(nairobi("2028-01-31T09:00:00"), "monthly", 1)).toEqual(nairobi("2028-02-29T09:00:00"));
  });

  it("counts months in Nairobi, not in UTC: 00:30 on 1 March Nairobi is still 28 February in UTC", () => {
    const start = nairobi("2026-03-01T00:30:00");
    expect(start.toISOString()).toBe("2026-02-28T21:30:00.000Z");
    expect(billingDate(start, "monthly", 1)).toEqual(nairobi("2026-04-01T00:30:00"));
  });
});

describe("the schedule after a successful payment", () => {
  const base = { startDate: nairobi("2026-01-10T08:00:00"), cyclesPaid: 1, billingCycle: "monthly" as const };

  it("a first payment starts the schedule on the day of payment", () => {
    const paidAt = nairobi("2026-01-12T14:00:00");
    expect(scheduleAfterPayment({ ...base, status: "pending", cyclesPaid: 0 }, paidAt)).toEqual({
      startDate: paidAt,
      cyclesPaid: 1,
      nextBillingDate: nairobi("2026-02-12T14:00:00"),
    });
  });

  it("a renewal, even a late one in the grace period, keeps the billing day", () => {
    const late = nairobi("2026-02-14T08:00:00");
    expect(scheduleAfterPayment({ ...base, status: "past_due" }, late)).toEqual({
      startDate: base.startDate,
      cyclesPaid: 2,
      nextBillingDate: nairobi("2026-03-10T08:00:00"),
    });
    expect(scheduleAfterPayment({ ...base, status: "active" }, late).nextBillingDate).toEqual(
      nairobi("2026-03-10T08:00:00"),
    );
  });

  it("a payment after expiry starts again from the payment", () => {
    const paidAt = nairobi("2026-06-01T08:00:00");
    expect(scheduleAfterPayment({ ...base, status: "expired", billingCycle: "quarterly" }, paidAt)).toEqual({
      startDate: paidAt,
      cyclesPaid: 1,
      nextBillingDate: nairobi("2026-09-01T08:00:00"),
    });
  });

  it("the grace period ends grace days after the billing date", () => {
    expect(graceEndsAt(nairobi("2026-02-10T08:00:00"), 7)).toEqual(nairobi("2026-02-17T08:00:00"));
    expect(graceEndsAt(nairobi("2026-02-10T08:00:00"), 0)).toEqual(nairobi("2026-02-10T08:00:00"));
  });
});

describe("prices", () => {
  it("the suffix follows the billing cycle, not always '/mo'", () => {
    expect(PRICE_SUFFIX).toEqual({ monthly: "/mo", quarterly: "/qtr", yearly: "/yr" });
    expect(formatPlanPrice(150_000, "KES", "monthly")).toBe("KES 1,500.00/mo");
    expect(formatPlanPrice(1_200, "USD", "quarterly")).toBe("USD 12.00/qtr");
    expect(formatPlanPrice(12_000_050, "USD", "yearly")).toBe("USD 120,000.50/yr");
    expect(formatPlanAmount(0, "KES")).toBe("KES 0.00");
    expect(() => formatPlanAmount(1.5, "KES")).toThrow(RangeError);
  });

  it("PayPal takes USD plans and M-Pesa KES plans", () => {
    expect(paymentMethodProblem("USD", "paypal")).toBeNull();
    expect(paymentMethodProblem("KES", "mpesa")).toBeNull();
    expect(paymentMethodProblem("USD", "mpesa")).toMatch(/M-Pesa payments are in KES/);
    expect(paymentMethodProblem("KES", "paypal")).toMatch(/PayPal payments are in USD/);
  });

  it("a payment is awaited while pending, past due or expired", () => {
    expect(["pending", "active", "past_due", "expired", "cancelled"].filter((s) => awaitsPayment(s as never))).toEqual([
      "pending",
      "past_due",
      "expired",
    ]);
  });
});
