import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "@app/shared/rooms/booking";
import type { Conference } from "@app/shared/rooms/conference";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { day, newBooking, newRoom, newRoomType } from "../factories/rooms.ts";

/** Conference packages and bookings: priced per person per day plus hall hire, paid on their own or on a guest's bill. */
let t: TestApp;
let owner: Owner;
let priceId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  const price = await client(t.app, owner.token).post("/api/conferences/price/", {
    businessId: owner.businessId,
    name: "Full day",
    perPersonPerDay: 250_000,
    hallHirePerDay: 1_500_000,
  });
  expect(price.statusCode, price.body).toBe(201);
  priceId = price.json()._id;
});
afterAll(() => t.close());

const api = () => client(t.app, owner.token);
const book = (over: Record<string, unknown> = {}) =>
  api().post("/api/conferences", {
    businessId: owner.businessId,
    name: "Annual General Meeting",
    organiser: "Kenya Farmers Sacco",
    organiserPhone: "0711222333",
    hall: "Baobab Hall",
    startDay: day(3),
    endDay: day(4),
    persons: 40,
    priceId,
    ...over,
  });

describe("conference pricing", () => {
  it("lists packages; a package needs a price per person or a hall hire; changes apply to new bookings only", async () => {
    const bad = await api().post("/api/conferences/price/", {
      businessId: owner.businessId,
      name: "Free",
      perPersonPerDay: 0,
      hallHirePerDay: 0,
    });
    expect(bad.statusCode).toBe(400);
    const c: Conference = (await book()).json();
    expect(c).toMatchObject({
      days: 2,
      total: 2 * (40 * 250_000 + 1_500_000),
      balance: 2 * (40 * 250_000 + 1_500_000),
    });
    const changed = await api().put(`/api/conferences/price/${priceId}`, { perPersonPerDay: 300_000 });
    expect(changed.json().perPersonPerDay).toBe(300_000);
    expect((await api().get(`/api/conferences/${c._id}`)).json().perPersonPerDay).toBe(250_000);
    const list = (await api().get(`/api/conferences/price?businessId=${owner.businessId}`)).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Full day"]);
  });
});

describe("conference bookings", () => {
  it("takes payments up to the total, and is cancelled with its payments kept", async () => {
    const c: Conference = (await book({ persons: 10 })).json();
    const pay = await api().post(`/api/conferences/${c._id}/payments`, {
      amount: 500_000,
      method: "M-Pesa",
      reference: "RTY678UIO",
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json()).toMatchObject({ paid: 500_000, balance: c.total - 500_000 });
    const over = await api().post(`/api/conferences/${c._id}/payments`, { amount: c.total, method: "Cash" });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe("BILL_OVERPAYMENT");
    const cancelled = await api().del(`/api/conferences/${c._id}`);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", paid: 500_000 });
    expect((await api().post(`/api/conferences/${c._id}/payments`, { amount: 1, method: "Cash" })).statusCode).toBe(
      409,
    );
  });

  it("billed to a guest's booking, its total is a charge on that bill, kept in step with changes", async () => {
    const type = await newRoomType(t.app, owner);
    const room = await newRoom(t.app, owner, type._id);
    const guest: Booking = await newBooking(t.app, owner, room._id, { checkIn: day(0), checkOut: day(2) });
    const c: Conference = (await book({ persons: 2, startDay: day(0), endDay: day(0), bookingId: guest._id })).json();
    expect(c).toMatchObject({ booking: { _id: guest._id }, balance: 0 });
    const bill = () =>
      api()
        .get(`/api/bookings/${guest._id}`)
        .then((r) => r.json().bill);
    expect((await bill()).charges).toEqual([
      expect.objectContaining({ kind: "conference", amount: c.total, conferenceId: c._id }),
    ]);
    const bigger = await api().put(`/api/conferences/${c._id}`, { persons: 5 });
    expect((await bill()).chargesTotal).toBe(bigger.json().total);
    expect((await api().post(`/api/conferences/${c._id}/payments`, { amount: 1, method: "Cash" })).statusCode).toBe(
      409,
    );
    // The guest's booking cannot be cancelled while a conference is on its bill.
    expect((await api().del(`/api/bookings/${guest._id}`)).statusCode).toBe(409);
    await api().del(`/api/conferences/${c._id}`);
    expect((await bill()).chargesTotal).toBe(0);
  });

  it("refuses an event ending before it starts, a past first day, and another hotel's package", async () => {
    const other = await registerBusiness(t.app, { businessType: "hotel" });
    const theirs = await client(t.app, other.token).post("/api/conferences/price/", {
      businessId: other.businessId,
      name: "Theirs",
      perPersonPerDay: 1,
      hallHirePerDay: 0,
    });
    const before = await databaseFingerprint(t.database);
    expect((await book({ startDay: day(4), endDay: day(3) })).statusCode).toBe(400);
    expect((await book({ startDay: day(-2), endDay: day(1) })).statusCode).toBe(400);
    expect((await book({ priceId: theirs.json()._id })).statusCode).toBe(404);
    expect((await book({ persons: 0 })).statusCode).toBe(400);
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });
});
