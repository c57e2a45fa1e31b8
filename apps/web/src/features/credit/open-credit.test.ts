import { describe, expect, it } from "vitest";
import { saleOf } from "../sales/test-api.ts";
import { openCredit } from "./open-credit.ts";

const B = "11111111-1111-4111-8111-111111111111";
const credit = (createdAt: string, amount: number, balance: number, channel: "retail" | "wholesale" = "retail") =>
  saleOf(B, { createdAt, amount, balance, amountPaid: amount - balance, channel, paymentStatus: "Credit", paymentMethod: "Credit", creditStatus: balance === 0 ? "Cleared" : balance < amount ? "Partial" : "Pending" });

describe("open credit (/credit)", () => {
  it("keeps what is still owed, oldest first across sales and orders, with totals", () => {
    const newest = credit("2026-03-03T10:00:00.000Z", 50000, 50000, "wholesale");
    const oldest = credit("2026-03-01T10:00:00.000Z", 20000, 5000);
    const cleared = credit("2026-02-01T10:00:00.000Z", 10000, 0);
    const cash = saleOf(B, { createdAt: "2026-01-01T10:00:00.000Z" });
    const result = openCredit([newest, cleared, cash], [oldest]);
    expect(result.rows.map((s) => s._id)).toEqual([oldest._id, newest._id]);
    expect(result).toMatchObject({ amount: 70000, paid: 15000, balance: 55000 });
  });
});
