import { describe, expect, it } from "vitest";
import { addToTicket, applyTicketPromotions, emptyTicket } from "@app/shared/pos/cart";
import { threeFor100 } from "@app/shared/pos/promotion-fixture";
import { offlineReceiptOf, offlineSaleOf } from "./offline-sale.ts";

const soda = { _id: "44444444-4444-4444-8444-444444444444", name: "Soda", sellingprice: 4000, wholesalePrice: 0 };
const promotion = threeFor100(soda._id);

describe("the receipt of a sale kept on the device", () => {
  it("names a promoted line's promotion as the server will: 4 x 40.00 = 140.00 under 3 for 100", () => {
    const ticket = applyTicketPromotions(addToTicket(emptyTicket("t"), soda, "retail", 4), {
      promotions: [promotion],
      at: new Date("2026-03-06T09:00:00Z"),
      timeZone: "Africa/Nairobi",
    });
    const input = {
      businessId: "11111111-1111-4111-8111-111111111111",
      products: [{ productId: soda._id, quantity: 4 }],
      payments: [{ method: "Cash" as const, amount: 14000 }],
      expectedTotal: ticket.total,
    };
    const kept = offlineSaleOf("retail", input, ticket, "owner");
    const sale = offlineReceiptOf(
      kept,
      ticket,
      { change: 0, paidNow: 14000, creditAmount: 0, paymentStatus: "Paid", paymentMethod: "Cash" },
      "owner",
    );
    expect(sale.amount).toBe(14000);
    expect(sale.products[0]).toMatchObject({
      listPrice: 4000,
      totalPrice: 14000,
      discount: 2000,
      discountReason: "Promotion: 3 for 100",
      promotionName: "3 for 100",
    });
  });
});
