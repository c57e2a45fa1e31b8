import { describe, expect, it } from "vitest";
import { settlePayments } from "./payments.ts";
import { MAX_CENTS } from "../money/limits.ts";

const customer = { customerName: "Wanjiku", customerPhone: "0712345678" };

describe("settlePayments", () => {
  it("cash with change", () => {
    expect(settlePayments(45000, [{ method: "Cash", amount: 45000, tendered: 50000 }])).toMatchObject({
      ok: true,
      change: 5000,
      paymentStatus: "Paid",
      paymentMethod: "Cash",
      creditAmount: 0,
    });
  });

  it("refuses cash tendered below the cash amount", () => {
    expect(settlePayments(45000, [{ method: "Cash", amount: 45000, tendered: 40000 }])).toMatchObject({
      ok: false,
      field: "payments.0.tendered",
    });
  });

  it("needs the M-Pesa confirmation code", () => {
    expect(settlePayments(1000, [{ method: "M-Pesa", amount: 1000 }])).toMatchObject({
      ok: false,
      field: "payments.0.reference",
    });
    expect(settlePayments(1000, [{ method: "M-Pesa", amount: 1000, reference: "QGH7XYZ12A" }])).toMatchObject({
      ok: true,
      paymentMethod: "M-Pesa",
    });
  });

  it("a split across cash and M-Pesa must add up exactly", () => {
    const split = [
      { method: "Cash" as const, amount: 20000, tendered: 20000 },
      { method: "M-Pesa" as const, amount: 25000, reference: "QGH7XYZ12A" },
    ];
    expect(settlePayments(45000, split)).toMatchObject({ ok: true, paymentMethod: "Split", paidNow: 45000 });
    expect(settlePayments(46000, split)).toMatchObject({
      ok: false,
      field: "payments",
      message: "The payments do not cover the total",
    });
    expect(settlePayments(44000, split)).toMatchObject({ ok: false, message: "The payments are more than the total" });
  });

  it("credit needs the customer's name and 10-digit phone, and leaves the amount owing", () => {
    const pay = [{ method: "Credit" as const, amount: 30000 }];
    expect(settlePayments(30000, pay)).toMatchObject({ ok: false, field: "customerName" });
    expect(settlePayments(30000, pay, { customerName: "Wanjiku", customerPhone: "071234567" })).toMatchObject({
      ok: false,
      field: "customerPhone",
    });
    expect(settlePayments(30000, pay, customer)).toMatchObject({
      ok: true,
      creditAmount: 30000,
      paidNow: 0,
      paymentStatus: "Credit",
      paymentMethod: "Credit",
    });
  });

  it("a down payment with the rest on credit", () => {
    const pay = [
      { method: "Cash" as const, amount: 10000 },
      { method: "Credit" as const, amount: 20000 },
    ];
    expect(settlePayments(30000, pay, customer)).toMatchObject({
      ok: true,
      creditAmount: 20000,
      paidNow: 10000,
      paymentStatus: "Credit",
      paymentMethod: "Split",
    });
  });

  it("a sale needs a payment unless it costs nothing", () => {
    expect(settlePayments(100, [])).toMatchObject({ ok: false, field: "payments" });
    expect(settlePayments(0, [])).toMatchObject({ ok: true, paymentStatus: "Paid" });
  });

  it("the whole credit amount goes in one line", () => {
    const pay = [
      { method: "Credit" as const, amount: 10000 },
      { method: "Credit" as const, amount: 20000 },
    ];
    expect(settlePayments(30000, pay, customer)).toMatchObject({ ok: false, field: "payments.1.method" });
  });

  it("change comes from the cash line of a split only; Bank Transfer needs no reference", () => {
    const pay = [
      { method: "Cash" as const, amount: 15000, tendered: 20000 },
      { method: "Bank Transfer" as const, amount: 30000 },
    ];
    expect(settlePayments(45000, pay)).toMatchObject({
      ok: true,
      change: 5000,
      paidNow: 45000,
      paymentMethod: "Split",
    });
  });

  it("the M-Pesa code is letters and digits only", () => {
    for (const reference of ["QGH7", "QGH7-XYZ12A", "qgh7xyz12a"])
      expect(settlePayments(1000, [{ method: "M-Pesa", amount: 1000, reference }]).ok, reference).toBe(false);
  });
});

describe("settlePayments and the shared limits", () => {
  it("a total or an amount above KES 1,000,000,000.00 is refused on the form as on the server", () => {
    expect(settlePayments(MAX_CENTS, [{ method: "Cash", amount: MAX_CENTS }]).ok).toBe(true);
    expect(
      settlePayments(2 * MAX_CENTS, [
        { method: "Cash", amount: MAX_CENTS },
        { method: "M-Pesa", amount: MAX_CENTS, reference: "QWE123RTY9" },
      ]),
    ).toEqual({ ok: false, field: "products", message: "The total is above KES 1,000,000,000.00" });
    expect(settlePayments(100, [{ method: "Cash", amount: 100, tendered: MAX_CENTS + 1 }])).toEqual({
      ok: false,
      field: "payments.0.tendered",
      message: "At most KES 1,000,000,000.00",
    });
  });
});
