import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "@app/shared/rooms/booking";
import {
  client,
  countRows,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  registerEmployee,
  type Owner,
  type Staff,
  type TestApp,
} from "../factories/app.ts";
import { bookRoom, day, newBooking, newRoom, newRoomType } from "../factories/rooms.ts";

/**
 * Bookings: no double booking (PostgreSQL's exclusion constraint, also under 20 desks at once),
 * the rate a booking is made at, dates refused, check-in and check-out with the bill.
 * Concurrent requests are started together; outcomes are asserted, never durations.
 */
let t: TestApp;
let owner: Owner;
let desk: Staff;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  desk = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Receptionist", viewBooking: true });
  typeId = (await newRoomType(t.app, owner, { name: "Standard", rate: 500_000, weekendRate: 650_000 }))._id;
});
afterAll(() => t.close());

const api = (token = owner.token) => client(t.app, token);

describe("no double booking", () => {
  it("20 desks booking overlapping nights of one room at the same moment: exactly one succeeds, 19 get 409", async () => {
    const room = await newRoom(t.app, owner, typeId, { name: "101" });
    const desks = [owner.token, desk.token];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        bookRoom(t.app, { token: desks[i % 2]!, businessId: owner.businessId }, room._id, {
          guestName: `Guest ${i}`,
          checkIn: day(1 + (i % 3)),
          checkOut: day(4 + (i % 2)),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().error.code).toBe("ROOM_ALREADY_BOOKED");
      expect(r.json().error.message).toMatch(/^Room 101 is already booked from \d{4}-\d\d-\d\d to/);
    }
    const { rows } = await t.database.pool.query(
      `SELECT count(*)::int AS n FROM bookings WHERE business_id = $1 AND room_id = $2`,
      [owner.businessId, room._id],
    );
    expect(rows[0].n).toBe(1);
  });

  it("is PostgreSQL's rule: an overlapping live booking written straight in SQL is refused by the constraint", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const b = await newBooking(t.app, owner, room._id, { checkIn: day(10), checkOut: day(13) });
    const insert = (status: string, from: number, to: number) =>
      t.database.pool.query(
        `INSERT INTO bookings (business_id, room_id, guest_name, guest_phone, check_in, check_out, nightly_rates, status, created_by)
         VALUES ($1, $2, 'SQL guest', '0700000000', $3, $4, '[]', $5, 'test')`,
        [owner.businessId, room._id, day(from), day(to), status],
      );
    await expect(insert("booked", 12, 14)).rejects.toMatchObject({
      code: "23P01",
      constraint: "bookings_no_double_booking",
    });
    await expect(insert("checkedIn", 9, 11)).rejects.toMatchObject({ code: "23P01" });
    // Check-out day is free for the next arrival, and cancelled or finished stays hold nothing.
    await expect(insert("booked", 13, 15)).resolves.toBeDefined();
    await expect(insert("cancelled", 10, 13)).resolves.toBeDefined();
    await expect(insert("checkedOut", 10, 13)).resolves.toBeDefined();
    expect(b.status).toBe("booked");
  });

  it("a cancelled booking frees its nights; the same room is then bookable again", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const first = await newBooking(t.app, owner, room._id, { checkIn: day(20), checkOut: day(22) });
    expect((await bookRoom(t.app, owner, room._id, { checkIn: day(21), checkOut: day(23) })).statusCode).toBe(409);
    expect((await api().del(`/api/bookings/${first._id}?reason=Changed%20plans`)).statusCode).toBe(200);
    expect((await bookRoom(t.app, owner, room._id, { checkIn: day(21), checkOut: day(23) })).statusCode).toBe(201);
  });

  it("moving a booking onto taken nights, or another room's, is refused with the same 409", async () => {
    const a = await newRoom(t.app, owner, typeId);
    const b = await newRoom(t.app, owner, typeId);
    await newBooking(t.app, owner, a._id, { checkIn: day(30), checkOut: day(33) });
    const other = await newBooking(t.app, owner, b._id, { checkIn: day(30), checkOut: day(33) });
    const moved = await api().put(`/api/bookings/${other._id}`, { roomId: a._id });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe("ROOM_ALREADY_BOOKED");
    const later = await api().put(`/api/bookings/${other._id}`, { checkIn: day(33), checkOut: day(35), roomId: a._id });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().room._id).toBe(a._id);
  });

  it("a retry with the same Idempotency-Key returns the first booking instead of a 409", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const body = {
      businessId: owner.businessId,
      roomId: room._id,
      guestName: "Retry Guest",
      guestPhone: "0712345678",
      checkIn: day(40),
      checkOut: day(41),
    };
    const headers = { "idempotency-key": "booking-retry-0001" };
    const [a, b] = await Promise.all([
      api().post("/api/bookings", body, headers),
      api().post("/api/bookings", body, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()._id).toBe(b.json()._id);
  });
});

describe("rates", () => {
  it("a booking keeps the rates it was made at when the room type's prices change", async () => {
    const type = await newRoomType(t.app, owner, { rate: 400_000 });
    const room = await newRoom(t.app, owner, type._id);
    const b: Booking = await newBooking(t.app, owner, room._id, { checkIn: day(50), checkOut: day(52) });
    expect(b.nightlyRates).toEqual([400_000, 400_000]);
    expect(b.bill.roomTotal).toBe(800_000);
    expect((await api().put(`/api/rooms/types/${type._id}`, { name: type.name, rate: 900_000 })).statusCode).toBe(200);
    const again: Booking = (await api().get(`/api/bookings/${b._id}`)).json();
    expect(again.nightlyRates).toEqual([400_000, 400_000]);
    // A third night added later is priced at today's rate; the two it had keep theirs.
    const longer: Booking = (await api().put(`/api/bookings/${b._id}`, { checkOut: day(53) })).json();
    expect(longer.nightlyRates).toEqual([400_000, 400_000, 900_000]);
  });

  it("weekend nights and seasons are priced from the type; an agreed rate replaces them", async () => {
    // A week from a Monday, whatever day the test runs: the season night is the Monday, the
    // weekend nights the Friday and the Saturday.
    let monday = 60;
    while (new Date(`${day(monday)}T12:00:00Z`).getUTCDay() !== 1) monday++;
    const type = await newRoomType(t.app, owner, {
      rate: 500_000,
      weekendRate: 700_000,
      seasons: [{ name: "High", from: day(monday), to: day(monday), rate: 1_000_000 }],
    });
    const room = await newRoom(t.app, owner, type._id);
    const b: Booking = await newBooking(t.app, owner, room._id, { checkIn: day(monday), checkOut: day(monday + 7) });
    expect(b.nightlyRates).toEqual([1_000_000, 500_000, 500_000, 500_000, 700_000, 700_000, 500_000]);
    const agreed: Booking = await newBooking(t.app, owner, room._id, {
      checkIn: day(monday + 10),
      checkOut: day(monday + 12),
      agreedRate: 450_000,
    });
    expect(agreed.bill.roomTotal).toBe(900_000);
  });
});

describe("bad input: clear errors, nothing saved", () => {
  it("check-out before check-in, zero nights, a past check-in, a foreign or unknown room", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const stranger = await registerBusiness(t.app, { businessType: "hotel" });
    const theirType = await newRoomType(t.app, stranger);
    const theirRoom = await newRoom(t.app, stranger, theirType._id);
    const before = await databaseFingerprint(t.database);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ checkIn: day(5), checkOut: day(4) }, 400, "Check-out must be after check-in"],
      [{ checkIn: day(5), checkOut: day(5) }, 400, "A booking needs at least one night"],
      [{ checkIn: day(-1), checkOut: day(1) }, 400, "The check-in date has passed"],
      [{ checkIn: "2026-02-30", checkOut: day(1) }, 400, "checkIn"],
      [{ guestName: "" }, 400, "guestName"],
      [{ guestPhone: "call me" }, 400, "guestPhone"],
      [{ roomId: theirRoom._id }, 404, "Room not found"],
      [{ roomId: "7f1d7c5e-4a55-4b6a-9a43-3f0b6f0e2a11" }, 404, "Room not found"],
    ];
    for (const [over, status, text] of cases) {
      const res = await bookRoom(t.app, owner, room._id, over);
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(status);
      expect(res.body).toContain(text);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("today is allowed (the business's today), and an out-of-order room takes no booking", async () => {
    const room = await newRoom(t.app, owner, typeId, { status: "outOfOrder" });
    const res = await bookRoom(t.app, owner, room._id, { checkIn: day(0), checkOut: day(1) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("ROOM_OUT_OF_ORDER");
    const free = await newRoom(t.app, owner, typeId);
    expect((await bookRoom(t.app, owner, free._id, { checkIn: day(0), checkOut: day(1) })).statusCode).toBe(201);
  });
});

describe("a stay: booked, checked in, paid, checked out", () => {
  it("sets the room booked, occupied, then cleaning; check-out needs a zero balance", async () => {
    const room = await newRoom(t.app, owner, typeId);
    expect(room.status).toBe("available");
    const b: Booking = await newBooking(t.app, owner, room._id, {
      checkIn: day(0),
      checkOut: day(2),
      agreedRate: 500_000,
    });
    expect(b.room.status).toBe("booked");
    expect(b.bill).toMatchObject({ roomTotal: 1_000_000, total: 1_000_000, paid: 0, balance: 1_000_000 });

    const deposit = await api(desk.token).post(`/api/bookings/${b._id}/payments`, { amount: 300_000, method: "Cash" });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json().bill.payments[0]).toMatchObject({ kind: "deposit", method: "Cash", amount: 300_000 });

    const inRoom = await api(desk.token).post(`/api/bookings/${b._id}/checkin`);
    expect(inRoom.json()).toMatchObject({ status: "checkedIn", room: { status: "occupied" } });

    const refused = await api(desk.token).post(`/api/bookings/${b._id}/checkout`, { override: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "BILL_BALANCE_DUE" });
    expect(refused.json().error.message).toContain("KES 7,000.00");

    const over = await api(desk.token).post(`/api/bookings/${b._id}/payments`, { amount: 800_000, method: "Cash" });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe("BILL_OVERPAYMENT");
    const noCode = await api(desk.token).post(`/api/bookings/${b._id}/payments`, { amount: 400_000, method: "M-Pesa" });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields.reference).toBe("Enter the M-Pesa confirmation code");

    await api(desk.token).post(`/api/bookings/${b._id}/payments`, {
      amount: 400_000,
      method: "M-Pesa",
      reference: "qfr4t5y6u7",
    });
    await api(desk.token).post(`/api/bookings/${b._id}/payments`, {
      amount: 300_000,
      method: "Bank Transfer",
      reference: "EFT-9",
    });
    const out = await api(desk.token).post(`/api/bookings/${b._id}/checkout`, { override: false });
    expect(out.statusCode, out.body).toBe(200);
    const done: Booking = out.json();
    expect(done).toMatchObject({ status: "checkedOut", room: { status: "cleaning" }, overrideBy: null });
    expect(done.bill).toMatchObject({ paid: 1_000_000, balance: 0 });
    expect(done.bill.payments.map((p) => [p.kind, p.method, p.reference])).toEqual([
      ["deposit", "Cash", null],
      ["payment", "M-Pesa", "QFR4T5Y6U7"],
      ["payment", "Bank Transfer", "EFT-9"],
    ]);
    // Each payment is money in the cash book, in the same transaction as the bill's row.
    const { rows } = await t.database.pool.query(
      `SELECT kind, direction, method, amount::int AS amount FROM money_movements
        WHERE business_id = $1 AND source_area = 'rooms' AND source_id = $2 ORDER BY seq`,
      [owner.businessId, b._id],
    );
    expect(rows).toEqual([
      { kind: "hotel_payment", direction: "in", method: "Cash", amount: 300_000 },
      { kind: "hotel_payment", direction: "in", method: "M-Pesa", amount: 400_000 },
      { kind: "hotel_payment", direction: "in", method: "Bank Transfer", amount: 300_000 },
    ]);
  });

  it("with a balance owed only the owner checks out, with an override and a reason", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const b = await newBooking(t.app, owner, room._id, { checkIn: day(0), checkOut: day(1) });
    await api(desk.token).post(`/api/bookings/${b._id}/checkin`);
    const staff = await api(desk.token).post(`/api/bookings/${b._id}/checkout`, {
      override: true,
      reason: "Company pays",
    });
    expect(staff.statusCode).toBe(403);
    const noReason = await api().post(`/api/bookings/${b._id}/checkout`, { override: true });
    expect(noReason.statusCode).toBe(400);
    const ok = await api().post(`/api/bookings/${b._id}/checkout`, { override: true, reason: "Company pays" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      status: "checkedOut",
      overrideBy: owner.username,
      overrideReason: "Company pays",
    });
    expect(ok.json().bill.balance).toBeGreaterThan(0);
  });

  it("two payments of the whole balance at the same moment: one is taken, the other refused", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const b = await newBooking(t.app, owner, room._id, { checkIn: day(80), checkOut: day(81), agreedRate: 200_000 });
    const results = await Promise.all(
      [owner.token, desk.token].map((tk) =>
        api(tk).post(`/api/bookings/${b._id}/payments`, { amount: 200_000, method: "Cash" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect((await api().get(`/api/bookings/${b._id}`)).json().bill.balance).toBe(0);
  });

  it("refuses check-in before the day, a second check-in, and cancelling a guest already in", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const early = await newBooking(t.app, owner, room._id, { checkIn: day(2), checkOut: day(3) });
    const r = await api().post(`/api/bookings/${early._id}/checkin`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.message).toContain("Check-in opens on");
    const now = await newBooking(t.app, owner, room._id, { checkIn: day(0), checkOut: day(1) });
    expect((await api().post(`/api/bookings/${now._id}/checkin`)).statusCode).toBe(200);
    expect((await api().post(`/api/bookings/${now._id}/checkin`)).statusCode).toBe(409);
    expect((await api().del(`/api/bookings/${now._id}`)).statusCode).toBe(409);
  });
});

describe("who may", () => {
  it("staff without viewBooking, and general businesses, get 403; other hotels' bookings are 404", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const b = await newBooking(t.app, owner, room._id, { checkIn: day(90), checkOut: day(91) });
    const cashier = await registerEmployee(t.app, owner, owner.businessId, { occupation: "Cashier" });
    expect((await api(cashier.token).get(`/api/bookings?businessId=${owner.businessId}`)).statusCode).toBe(403);
    expect((await api(cashier.token).get(`/api/bookings/${b._id}`)).statusCode).toBe(403);
    const shop = await registerBusiness(t.app);
    expect((await api(shop.token).get(`/api/rooms?businessId=${shop.businessId}`)).statusCode).toBe(403);
    const other = await registerBusiness(t.app, { businessType: "hotel" });
    expect((await api(other.token).get(`/api/bookings/${b._id}`)).statusCode).toBe(404);
    expect(
      (await api(other.token).post(`/api/bookings/${b._id}/payments`, { amount: 1, method: "Cash" })).statusCode,
    ).toBe(404);
    expect(await countRows(t.database, "bill_payments")).toBeGreaterThan(0);
  });
});
