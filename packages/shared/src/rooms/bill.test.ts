import { describe, expect, it } from "vitest";
import { BILL_OVERPAY_MESSAGE, billPaymentProblem, billTotals } from "./bill.ts";
import {
  billPaymentInputSchema,
  compactPhone,
  createBookingInputSchema,
  guestPhoneSchema,
  roomStatusCounts,
  stayProblem,
} from "./booking.ts";

describe("the guest bill", () => {
  it("adds room nights and charges, less payments", () => {
    expect(billTotals(1_000_000, [{ amount: 45_000 }, { amount: 5_000 }], [{ amount: 300_000 }])).toEqual({
      chargesTotal: 50_000,
      total: 1_050_000,
      paid: 300_000,
      balance: 750_000,
    });
    expect(billTotals(0, [], []).balance).toBe(0);
  });

  it("takes payments above 0 and up to the balance", () => {
    expect(billPaymentProblem(1000, 1000)).toBeNull();
    expect(billPaymentProblem(1000, 1001)).toBe(BILL_OVERPAY_MESSAGE);
    expect(billPaymentProblem(1000, 0)).toBe("Must be more than 0");
    expect(billPaymentProblem(0, 1)).toBe(BILL_OVERPAY_MESSAGE);
  });

  it("needs the M-Pesa confirmation code for M-Pesa payments", () => {
    expect(billPaymentInputSchema.safeParse({ amount: 100, method: "M-Pesa" }).success).toBe(false);
    expect(billPaymentInputSchema.safeParse({ amount: 100, method: "M-Pesa", reference: "qgh7xyz12a" }).data).toEqual({
      amount: 100,
      method: "M-Pesa",
      reference: "QGH7XYZ12A",
    });
    expect(billPaymentInputSchema.safeParse({ amount: 100, method: "Cash" }).success).toBe(true);
    expect(billPaymentInputSchema.safeParse({ amount: 100, method: "Cheque" }).success).toBe(false);
  });
});

describe("a stay", () => {
  it("refuses check-out before check-in, zero nights and very long stays", () => {
    expect(stayProblem("2026-05-02", "2026-05-01")).toBe("Check-out must be after check-in");
    expect(stayProblem("2026-05-02", "2026-05-02")).toBe("A booking needs at least one night");
    expect(stayProblem("2026-01-01", "2027-06-01")).toMatch(/At most 366 nights/);
    expect(stayProblem("2026-05-02", "2026-05-04")).toBeNull();
  });

  it("is checked by the booking schema, with the field named", () => {
    const base = {
      businessId: "7f1d7c5e-4a55-4b6a-9a43-3f0b6f0e2a11",
      roomId: "0c8b8a5e-1f55-4b6a-9a43-3f0b6f0e2a11",
      guestName: "Amina W",
      guestPhone: compactPhone("0712 345 678"),
      checkIn: "2026-05-02",
      checkOut: "2026-05-02",
    };
    const r = createBookingInputSchema.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["checkOut"]);
    const ok = createBookingInputSchema.parse({ ...base, checkOut: "2026-05-04" });
    expect(ok.guestPhone).toBe("0712345678");
    expect(ok.guests).toBe(1);
  });

  it("takes Kenyan and foreign phone numbers", () => {
    expect(guestPhoneSchema.safeParse(compactPhone("+44 20 7946-0958")).success).toBe(true);
    expect(guestPhoneSchema.parse("0712 345 678")).toBe("0712345678");
    expect(guestPhoneSchema.parse("+254 712 345 678")).toBe("0712345678");
    expect(guestPhoneSchema.parse("+44 20 7946-0958")).toBe("+442079460958");
    expect(guestPhoneSchema.safeParse("0712345678").success).toBe(true);
    expect(guestPhoneSchema.safeParse("12345").success).toBe(false);
    expect(guestPhoneSchema.safeParse("call me").success).toBe(false);
  });
});

describe("the front desk's rooms by status", () => {
  const room = (id: string, status: "available" | "booked" | "occupied" | "cleaning" | "outOfOrder") => ({
    _id: `00000000-0000-4000-8000-00000000000${id}`,
    name: `R${id}`,
    status,
    roomType: "Standard",
  });
  const arrival = (roomId: string) => ({
    _id: "10000000-0000-4000-8000-000000000001",
    roomId,
    roomName: "R",
    guestName: "Amina",
    guests: 1,
    checkIn: "2026-11-28",
    checkOut: "2026-11-30",
    status: "booked" as const,
    balance: 0,
  });
  it("counts a room with a guest due tonight as booked, as well as its own status unless it is available", () => {
    const rooms = [room("1", "available"), room("2", "available"), room("3", "occupied"), room("4", "cleaning")];
    expect(roomStatusCounts({ rooms, arrivals: [arrival(rooms[0]!._id)] })).toEqual({
      available: 1,
      booked: 1,
      occupied: 1,
      cleaning: 1,
      outOfOrder: 0,
    });
    // A room being cleaned for a guest due today is both: still cleaning, and booked for tonight.
    expect(roomStatusCounts({ rooms, arrivals: [arrival(rooms[3]!._id)] })).toMatchObject({ cleaning: 1, booked: 1 });
    // A room already marked booked is counted once.
    expect(
      roomStatusCounts({ rooms: [room("5", "booked")], arrivals: [arrival(room("5", "booked")._id)] }).booked,
    ).toBe(1);
  });
});
