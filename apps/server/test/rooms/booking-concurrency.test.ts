import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, registerBusiness, type Owner, type TestApp } from "../factories/app.ts";
import { bookRoom, day, newRoom, newRoomType } from "../factories/rooms.ts";

// Issue 28, item 3: simultaneous bookings of one room deadlocked in PostgreSQL and answered 500.
// A deadlock or serialisation failure is retried a few times; what still conflicts is a 409.

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
});
afterAll(() => t.close());

describe("30 bookings of one room at once, for staggered overlapping dates", () => {
  it("answer only 201 or 409, never 500, and no night is booked twice", async () => {
    const type = await newRoomType(t.app, owner, { rate: 500_000 });
    const room = await newRoom(t.app, owner, type._id);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bookRoom(t.app, owner, room._id, { checkIn: day(i % 10), checkOut: day((i % 10) + 1 + (i % 3)) }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    for (const r of responses) expect([201, 409], r.body).toContain(r.statusCode);
    expect(statuses).toContain(201);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings a JOIN bookings b
         ON a.room_id = b.room_id AND a.id < b.id AND a.check_in < b.check_out AND b.check_in < a.check_out
       WHERE a.room_id = $1 AND a.status <> 'cancelled' AND b.status <> 'cancelled'`,
      [room._id],
    );
    expect(rows[0]!.n).toBe(0);
    const booked = await t.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bookings WHERE room_id = $1",
      [room._id],
    );
    expect(booked.rows[0]!.n).toBe(statuses.filter((s) => s === 201).length);
  });
});
