import { describe, expect, it } from "vitest";
import { threeFor100 } from "./promotion-fixture.ts";
import {
  addToTicket,
  applyTicketPromotions,
  chooseSection,
  chooseTable,
  emptyTicket,
  removeFromTicket,
  setLineAdjustment,
  setTicketDiscount,
  setTicketQuantity,
  ticketDiscountRequest,
  ticketDiscounts,
  ticketRequestLines,
  unitPriceOf,
} from "./cart.ts";
import { MAX_LINE_QUANTITY } from "../money/limits.ts";

const sugar = { _id: "p-sugar", name: "Sugar 1kg", sellingprice: 18000, wholesalePrice: 16500 };
const salt = { _id: "p-salt", name: "Salt 500g", sellingprice: 5000, wholesalePrice: 0 };

describe("ticket (cart) rules, spec section 4", () => {
  it("prices retail lines by sellingprice and wholesale lines by wholesalePrice", () => {
    expect(addToTicket(emptyTicket("t"), sugar, "retail").products[0]!.unitPrice).toBe(18000);
    expect(addToTicket(emptyTicket("t"), sugar, "wholesale").products[0]!.unitPrice).toBe(16500);
  });

  it("sells a product without a wholesale price at its selling price on the wholesale ticket", () => {
    expect(unitPriceOf(salt, "wholesale")).toBe(5000);
  });

  it("adding an existing product raises its quantity and recomputes its total", () => {
    let t = addToTicket(emptyTicket("t"), sugar, "retail");
    t = addToTicket(t, sugar, "retail", 2);
    expect(t.products).toHaveLength(1);
    expect(t.products[0]).toMatchObject({ quantity: 3, totalPrice: 54000 });
    expect(t.total).toBe(54000);
  });

  it("a new product enters with a quantity of at least 1", () => {
    expect(addToTicket(emptyTicket("t"), sugar, "retail", 0).products[0]!.quantity).toBe(1);
    expect(addToTicket(emptyTicket("t"), sugar, "retail", -4).products[0]!.quantity).toBe(1);
    expect(addToTicket(emptyTicket("t"), sugar, "retail", 2.7).products[0]!.quantity).toBe(2);
  });

  it("updating a quantity or removing a product adjusts the total", () => {
    let t = addToTicket(addToTicket(emptyTicket("t"), sugar, "retail"), salt, "retail");
    expect(t.total).toBe(23000);
    t = setTicketQuantity(t, "p-salt", 4);
    expect(t.total).toBe(38000);
    t = removeFromTicket(t, "p-sugar");
    expect(t.total).toBe(20000);
    t = setTicketQuantity(t, "p-salt", 0);
    expect(t.products).toEqual([]);
    expect(t.total).toBe(0);
  });

  it("choosing a section clears the table", () => {
    let t = chooseTable(chooseSection(emptyTicket("t"), "s1"), "table-4");
    expect(t.table).toBe("table-4");
    t = chooseSection(t, "s2");
    expect(t).toMatchObject({ section: "s2", table: null });
  });
});

describe("a ticket line holds at most the shared line limit", () => {
  it("a quantity typed above 1,000,000 units is held at the limit the server takes", () => {
    let t = setTicketQuantity(addToTicket(emptyTicket("t"), sugar, "retail"), sugar._id, 5_000_000);
    expect(t.products[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    t = addToTicket(t, sugar, "retail", 10);
    expect(t.products[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    expect(t.total).toBe(MAX_LINE_QUANTITY * sugar.sellingprice);
    expect(addToTicket(emptyTicket("t"), salt, "retail", 2e9).products[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe("discounts on the ticket (issue 31)", () => {
  it("10% off a line of 2 x 180.00 makes the line 324.00 and the total 324.00; the request carries the adjustment", () => {
    let t = addToTicket(emptyTicket("t"), sugar, "retail", 2);
    t = setLineAdjustment(t, sugar._id, { type: "percent", percent: 10 }, " Regular ");
    expect(t.products[0]).toMatchObject({ unitPrice: 18000, totalPrice: 32400, reason: "Regular" });
    expect(t.total).toBe(32400);
    expect(ticketRequestLines(t)).toEqual([
      { productId: sugar._id, quantity: 2, adjustment: { type: "percent", percent: 10 }, reason: "Regular" },
    ]);
  });

  it("a ticket discount of 10.00 on 180.00 + 50.00 makes the total 220.00 and is sent with the sale", () => {
    let t = addToTicket(addToTicket(emptyTicket("t"), sugar, "retail"), salt, "retail");
    t = setTicketDiscount(t, { type: "amount", amount: 1000 }, "Loyal");
    expect(t.total).toBe(22000);
    expect(ticketDiscountRequest(t)).toEqual({
      ticketDiscount: { type: "amount", amount: 1000 },
      discountReason: "Loyal",
    });
    expect(ticketDiscounts(t)?.lines.map((l) => l.ticketShare)).toEqual([783, 217]);
  });

  it("an amount off that no longer fits after the quantity drops (150.00 off 1 x 50.00) is dropped", () => {
    let t = addToTicket(emptyTicket("t"), salt, "retail", 4);
    t = setLineAdjustment(t, salt._id, { type: "amount", amount: 15000 });
    expect(t.total).toBe(5000);
    t = setTicketQuantity(t, salt._id, 1);
    expect(t.products[0]!.adjustment).toBeNull();
    expect(t.total).toBe(5000);
  });
});

describe("promotions on the ticket (issue 31 item 2)", () => {
  const soda = { _id: "p-soda", name: "Soda", sellingprice: 4000, wholesalePrice: 0 };
  const promotion = threeFor100("p-soda");
  const ctx = { promotions: [promotion], at: new Date("2026-03-06T09:00:00Z"), timeZone: "Africa/Nairobi" };

  it("4 sodas at 40.00 under 3 for 100 = 140.00, the line naming the promotion", () => {
    const ticket = applyTicketPromotions(addToTicket(emptyTicket("t"), soda, "retail", 4), ctx);
    expect(ticket.products[0]).toMatchObject({ totalPrice: 14000, promotion: { name: "3 for 100", total: 14000 } });
    expect(ticket.total).toBe(14000);
  });

  it("a changed quantity drops the old promoted total until promotions are applied again: 5 = 180.00", () => {
    const four = applyTicketPromotions(addToTicket(emptyTicket("t"), soda, "retail", 4), ctx);
    const five = setTicketQuantity(four, "p-soda", 5);
    expect(five.total).toBe(20000);
    expect(applyTicketPromotions(five, ctx).total).toBe(18000);
  });

  it("a manual discount replaces the promotion; taking it off brings the promotion back", () => {
    const promoted = applyTicketPromotions(addToTicket(emptyTicket("t"), soda, "retail", 4), ctx);
    const adjusted = applyTicketPromotions(setLineAdjustment(promoted, "p-soda", { type: "percent", percent: 5 }), ctx);
    expect(adjusted.products[0]).toMatchObject({ totalPrice: 15200, promotion: null });
    expect(applyTicketPromotions(setLineAdjustment(adjusted, "p-soda", null), ctx).total).toBe(14000);
  });

  it("the ticket discount comes after: 10% off the promoted 140.00 = 126.00, the cashier's part 10%", () => {
    const promoted = applyTicketPromotions(addToTicket(emptyTicket("t"), soda, "retail", 4), ctx);
    const t = setTicketDiscount(promoted, { type: "percent", percent: 10 });
    expect(t.total).toBe(12600);
    expect(ticketDiscounts(t)?.largestPercent).toBe(10);
  });
});
