import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { day, newBooking, newRoom, newRoomType } from "../factories/rooms.ts";

/**
 * A stay checked out early ends where the guest left (issue 33 item 3): booked for 3 nights and
 * checked out on the day they came, it holds no night on the front desk board, in the occupancy
 * analysis or on the dashboard, so the guest who takes the room that night is neither hidden under
 * it nor counted twice (before: the board drew all 3 nights over the next guest's bar, and the
 * analysis sold 2 room nights of 1 room each night).
 */
let t: TestApp;
let owner: Owner;
const RATE = 500_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
});
afterAll(() => t.close());

const api = () => client(t.app, owner.token);

/** Where a stay ends on the board, as [guest, check-in, end]. */
async function barsOf(roomId: string) {
  const board = (await api().get(`/api/rooms/board?businessId=${owner.businessId}&from=${day(0)}&days=7`)).json();
  return board.bookings
    .filter((b: { roomId: string }) => b.roomId === roomId)
    .map((b: { guestName: string; checkIn: string; checkOut: string }) => [b.guestName, b.checkIn, b.checkOut]);
}

async function stayedAndLeft(roomId: string, guestName: string, nights: number) {
  const stay = await newBooking(t.app, owner, roomId, { guestName, checkIn: day(0), checkOut: day(nights) });
  expect((await api().post(`/api/bookings/${stay._id}/checkin`)).statusCode).toBe(200);
  const out = await api().post(`/api/bookings/${stay._id}/checkout`, { override: true, reason: "Left early" });
  expect(out.statusCode, out.body).toBe(200);
  return stay._id as string;
}

describe("a stay checked out early", () => {
  it("booked for 3 nights, gone the day they came: no night held on the board, in the analysis or on the dashboard", async () => {
    const type = await newRoomType(t.app, owner, { name: `Early ${Date.now()}`, rate: RATE, weekendRate: RATE });
    const room = await newRoom(t.app, owner, type._id, { name: "E1" });
    await stayedAndLeft(room._id, "Early Leaver", 3);
    // The room is let again tonight.
    const next = await newBooking(t.app, owner, room._id, {
      guestName: "Next Guest",
      checkIn: day(0),
      checkOut: day(3),
    });
    expect(next.status).toBe("booked");
    expect(await barsOf(room._id)).toEqual([["Next Guest", day(0), day(3)]]);

    const analysis = (
      await api().get(`/api/rooms/analysis?businessId=${owner.businessId}&from=${day(0)}&to=${day(2)}`)
    ).json();
    // One room: one night sold each night (the next guest's), never two.
    expect(analysis.days.map((d: { sold: number }) => d.sold)).toEqual([1, 1, 1]);
    expect(analysis.days.map((d: { revenue: number }) => d.revenue)).toEqual([RATE, RATE, RATE]);
    const dashboard = (await api().get(`/api/reports/dashboard?businessId=${owner.businessId}`)).json();
    expect(dashboard.occupancy).toEqual({ rooms: 1, occupied: 1 });
  });

  it("gone the morning after the first night: that night is held and earned, the two left are free", async () => {
    const type = await newRoomType(t.app, owner, { name: `Morning ${Date.now()}`, rate: RATE, weekendRate: RATE });
    const room = await newRoom(t.app, owner, type._id, { name: "E2" });
    const id = await stayedAndLeft(room._id, "One Night", 3);
    // The check-out as it happens tomorrow at 10:00 in Nairobi (the server stamps its own now).
    await t.database.pool.query(
      `UPDATE bookings SET checked_out_at = ($2::date + time '10:00') AT TIME ZONE 'Africa/Nairobi' WHERE id = $1`,
      [id, day(1)],
    );
    expect(await barsOf(room._id)).toEqual([["One Night", day(0), day(1)]]);
    // The hotel's other room (the first test's) has its next guest each night: this one adds night 1 only.
    const analysis = (
      await api().get(`/api/rooms/analysis?businessId=${owner.businessId}&from=${day(0)}&to=${day(2)}`)
    ).json();
    expect(analysis.days.map((d: { sold: number }) => d.sold)).toEqual([2, 1, 1]);
    expect(analysis.days.map((d: { revenue: number }) => d.revenue)).toEqual([2 * RATE, RATE, RATE]);
    // A late check-out (two days after the booked departure) adds no night.
    await t.database.pool.query(
      `UPDATE bookings SET checked_out_at = ($2::date + time '10:00') AT TIME ZONE 'Africa/Nairobi' WHERE id = $1`,
      [id, day(5)],
    );
    expect(await barsOf(room._id)).toEqual([["One Night", day(0), day(3)]]);
  });
});
