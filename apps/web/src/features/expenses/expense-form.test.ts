import { describe, expect, it } from "vitest";
import { emptyExpenseForm, readExpenseEdit, readNewExpense } from "./expense-form.ts";

const BUSINESS = "11111111-1111-4111-8111-111111111111";
const CATEGORY = "22222222-2222-4222-8222-222222222222";

describe("the expense form", () => {
  it("turns shillings into cents and the day into noon of that day in the business's zone", () => {
    const form = {
      ...emptyExpenseForm("Africa/Nairobi"),
      day: "2026-03-02",
      categoryId: CATEGORY,
      amount: "1,250.50",
      method: "M-Pesa" as const,
      paidTo: "KPLC",
    };
    const read = readNewExpense(form, BUSINESS, "Africa/Nairobi");
    expect(read).toEqual({
      ok: true,
      input: expect.objectContaining({
        amount: 125_050,
        spentAt: "2026-03-02T09:00:00.000Z",
        method: "M-Pesa",
        hasEtimsInvoice: false,
        reference: null,
      }),
    });
  });

  it("dates a morning's expense of today now, not at noon still to come (the server refuses a future date)", () => {
    const form = {
      ...emptyExpenseForm("Africa/Nairobi"),
      day: "2026-12-01",
      categoryId: CATEGORY,
      amount: "100",
      method: "Cash" as const,
      paidTo: "Boda rider",
    };
    // 00:30 on 1 December in Nairobi (21:30 UTC the day before): noon is 11 h 30 away.
    const read = readNewExpense(form, BUSINESS, "Africa/Nairobi", new Date("2026-11-30T21:30:00.000Z"));
    expect(read.ok && read.input.spentAt).toBe("2026-11-30T21:30:00.000Z");
    // In the afternoon, noon of today as before.
    const later = readNewExpense(form, BUSINESS, "Africa/Nairobi", new Date("2026-12-01T12:00:00.000Z"));
    expect(later.ok && later.input.spentAt).toBe("2026-12-01T09:00:00.000Z");
  });

  it("names every field at fault, with the API's messages", () => {
    const read = readNewExpense(emptyExpenseForm("Africa/Nairobi"), BUSINESS, "Africa/Nairobi");
    expect(read.ok).toBe(false);
    expect(!read.ok && Object.keys(read.errors).sort()).toEqual(["amount", "categoryId", "method", "paidTo"]);
    const zero = readExpenseEdit(
      { ...emptyExpenseForm("Africa/Nairobi"), categoryId: CATEGORY, amount: "0", method: "Cash", paidTo: "x" },
      "Africa/Nairobi",
    );
    expect(!zero.ok && zero.errors.amount).toBe("Must be more than 0");
  });
});
