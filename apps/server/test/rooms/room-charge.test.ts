import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "@app/shared/rooms/booking";
import type { Sale } from "@app/shared/sales/sale";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { day, newBooking, newRoom, newRoomType } from "../factories/rooms.ts";
import { expectLedgerBalanced, ledgerOf, newProduct, quantityOf } from "../factories/sales.ts";

/**
 * The POS's "charge to room": a bar sale put on a checked-in guest's bill. The sales module
 * records the sale (stock through the ledger), the bill carries its amount, both or neither.
 */
let t: TestApp;
let owner: Owner;
let barman: Staff;
let beer: { _id: string };
let booking: Booking;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  // A bar cashier: the POS, but not the Rooms area.
  barman = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
  beer = await newProduct(t.app, owner, owner.businessId, { name: "Tusker", sellingprice: 35_000, quantity: 10 });
  const type = await newRoomType(t.app, owner, { rate: 600_000 });
  const room = await newRoom(t.app, owner, type._id, { name: "7" });
  booking = await newBooking(t.app, owner, room._id, { guestName: "Otieno", checkIn: day(0), checkOut: day(1) });
});
afterAll(() => t.close());

const charge = (token: string, bookingId: string, quantity: number, headers: Record<string, string> = {}) =>
  client(t.app, token).post(
    `/api/bookings/${bookingId}/roomcharge`,
    { products: [{ productId: beer._id, quantity }], expectedTotal: quantity * 35_000 },
    headers,
  );

describe("charge to room", () => {
  it("only a checked-in guest's bill takes a charge; nothing is recorded otherwise", async () => {
    const before = await databaseFingerprint(t.database);
    const res = await charge(barman.token, booking._id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain("is not checked in to room 7");
    expect(await databaseFingerprint(t.database)).toEqual(before);
    expect((await client(t.app, owner.token).post(`/api/bookings/${booking._id}/checkin`)).statusCode).toBe(200);
  });

  it("the till sees who is in which room, and nothing else", async () => {
    const res = await client(t.app, barman.token).get(`/api/bookings/inhouse?businessId=${owner.businessId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ bookingId: booking._id, roomName: "7", guestName: "Otieno" }]);
  });

  it("records the sale (paid by Room), takes the stock through the ledger and puts the amount on the bill", async () => {
    const res = await charge(barman.token, booking._id, 2, { "idempotency-key": "room-charge-0001" });
    expect(res.statusCode, res.body).toBe(201);
    const sale: Sale = res.json();
    expect(sale).toMatchObject({
      amount: 70_000,
      balance: 0,
      paymentStatus: "Paid",
      paymentMethod: "Room",
      payments: [{ method: "Room", amount: 70_000, reference: "Room 7" }],
      customerName: "Otieno",
      servedBy: barman.username,
    });
    expect(await quantityOf(t.app, owner, beer._id)).toBe(8);
    expect((await ledgerOf(t.database, beer._id)).filter((m) => m.reason === "sale")).toEqual([
      { reason: "sale", delta: -2, refType: "sale", refId: sale._id },
    ]);
    await expectLedgerBalanced(t.database, owner.businessId);

    // A retry after a lost answer returns the same sale; the bill is charged once.
    const again = await charge(barman.token, booking._id, 2, { "idempotency-key": "room-charge-0001" });
    expect(again.json()._id).toBe(sale._id);
    const bill = (await client(t.app, owner.token).get(`/api/bookings/${booking._id}`)).json().bill;
    expect(bill.charges).toEqual([
      expect.objectContaining({
        kind: "pos",
        amount: 70_000,
        saleId: sale._id,
        description: `Sale #${sale.saleNumber}`,
      }),
    ]);
    expect(bill).toMatchObject({ roomTotal: 600_000, chargesTotal: 70_000, total: 670_000, balance: 670_000 });
    // It is a sale like any other in the register.
    const list = await client(t.app, owner.token).get(`/api/sales?businessId=${owner.businessId}`);
    expect(list.json().map((s: Sale) => s._id)).toContain(sale._id);
  });

  it("not enough stock: 409 and neither the sale nor the charge is written", async () => {
    const before = await databaseFingerprint(t.database);
    const res = await charge(barman.token, booking._id, 50);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("INSUFFICIENT_STOCK");
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("a room-charged sale cannot be edited at the till; voided, it drops off the bill and its stock returns", async () => {
    const sale: Sale = (await charge(barman.token, booking._id, 1)).json();
    const edit = await client(t.app, owner.token).put(`/api/sales/${sale._id}`, {
      products: [{ productId: beer._id, quantity: 2 }],
      payments: [{ method: "Cash", amount: 70_000 }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toContain("room bill");
    expect((await client(t.app, owner.token).get(`/api/bookings/${booking._id}`)).json().bill.chargesTotal).toBe(
      105_000,
    );
    expect((await client(t.app, owner.token).del(`/api/sales/${sale._id}`)).statusCode).toBe(200);
    const bill = (await client(t.app, owner.token).get(`/api/bookings/${booking._id}`)).json().bill;
    expect(bill.chargesTotal).toBe(70_000);
    expect(await quantityOf(t.app, owner, beer._id)).toBe(8);
    const list = await client(t.app, owner.token).get(`/api/bookings?businessId=${owner.businessId}`);
    expect(list.json().find((b: { _id: string }) => b._id === booking._id).balance).toBe(670_000);
  });

  it("another hotel's till cannot charge this guest (404), nor see who is in", async () => {
    const other = await registerBusiness(t.app, { businessType: "hotel" });
    await newProduct(t.app, other, other.businessId, { name: "Other beer" });
    expect((await charge(other.token, booking._id, 1)).statusCode).toBe(404);
    expect(
      (await client(t.app, other.token).get(`/api/bookings/inhouse?businessId=${owner.businessId}`)).statusCode,
    ).toBe(403);
  });
});
