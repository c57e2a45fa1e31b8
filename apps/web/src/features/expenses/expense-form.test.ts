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
