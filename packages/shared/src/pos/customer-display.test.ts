import { describe, expect, it } from "vitest";
import { addToTicket, emptyTicket, setLineAdjustment, setTicketDiscount } from "./cart.ts";
import { isDisplayMessage, paidForDisplay, ticketForDisplay } from "./customer-display.ts";

const sugar = { _id: "p1", name: "Sugar 1kg", sellingprice: 16_000, wholesalePrice: 15_000 };
const bread = { _id: "p2", name: "Bread", sellingprice: 6_500, wholesalePrice: 6_000 };

describe("the customer display's ticket", () => {
  it("shows each line at the price paid, a line's discount against its list total, and the ticket's discount apart", () => {
    let ticket = addToTicket(addToTicket(emptyTicket("t"), sugar, "retail", 2), bread, "retail");
    ticket = setLineAdjustment(ticket, "p1", { type: "percent", percent: 10 }, "old stock");
    ticket = setTicketDiscount(ticket, { type: "amount", amount: 500 }, "regular");
    expect(ticketForDisplay(ticket, "Duka la Mama")).toEqual({
      kind: "ticket",
      businessName: "Duka la Mama",
      lines: [
        { name: "Sugar 1kg", quantity: 2, unitPrice: 14_400, total: 28_800, listTotal: 32_000 },
        { name: "Bread", quantity: 1, unitPrice: 6_500, total: 6_500, listTotal: null },
      ],
      discount: 500,
      total: 34_800,
    });
  });

  it("an empty ticket has no lines and nothing to pay", () => {
    expect(ticketForDisplay(emptyTicket("t"), "Duka")).toMatchObject({ lines: [], discount: 0, total: 0 });
  });

  it("once paid: the total with a cash sale's rounding, what the customer handed over, and the change", () => {
    // 886.55 rounded to 885.00 in cash; 1,000 handed over, 115 back.
    expect(paidForDisplay({ amount: 88_655, cashRounding: -155, balance: 0, change: 11_500 }, "Duka")).toEqual({
      kind: "paid",
      businessName: "Duka",
      total: 88_500,
      paid: 100_000,
      change: 11_500,
    });
    // On credit: 300 of 1,000 paid now.
    expect(paidForDisplay({ amount: 100_000, cashRounding: 0, balance: 70_000, change: 0 }, "Duka")).toMatchObject({
      total: 100_000,
      paid: 30_000,
      change: 0,
    });
  });

  it("takes only messages of its own shape from other windows", () => {
    expect(isDisplayMessage({ kind: "hello" })).toBe(true);
    expect(isDisplayMessage({ kind: "paid", total: 100, paid: 200, change: 100, businessName: "" })).toBe(true);
    expect(isDisplayMessage(ticketForDisplay(emptyTicket("t"), "Duka"))).toBe(true);
    expect(isDisplayMessage({ kind: "ticket", total: "100" })).toBe(false);
    expect(isDisplayMessage(null)).toBe(false);
    expect(isDisplayMessage("ticket")).toBe(false);
  });
});
