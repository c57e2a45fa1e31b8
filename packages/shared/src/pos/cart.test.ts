import { describe, expect, it } from "vitest";
import {
  addToTicket,
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
