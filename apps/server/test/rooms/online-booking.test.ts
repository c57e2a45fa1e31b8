import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OnlineRequest, PublicAvailability } from "@app/shared/rooms/online-booking";
import {
  client,
  countRows,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { bookRoom, day, newBooking, newRoom, newRoomType, uploadRoomImage } from "../factories/rooms.ts";

/**
 * Online bookings: the hotel's public page (no sign-in) shows room types and free rooms for
 * dates, takes a guest's request, and reveals nothing else; staff confirm (a booking under the
 * same constraint) or decline. Floods are refused with nothing saved.
 */
let t: TestApp;
let owner: Owner;
let code: string;
let doubleId: string;
let suiteId: string;
let rooms: { _id: string }[];

beforeAll(async () => {
  t = await createTestApp({ onlineBooking: { lookupsPerMinute: 20, requestsPerHour: 5 } });
  owner = await registerBusiness(t.app, { businessType: "hotel", businessName: "Lakeview Lodge" });
  doubleId = (await newRoomType(t.app, owner, { name: "Double", rate: 800_000, description: "Two guests" }))._id;
  suiteId = (await newRoomType(t.app, owner, { name: "Suite", rate: 2_000_000 }))._id;
  await newRoomType(t.app, owner, { name: "Empty type" });
  rooms = [
    await newRoom(t.app, owner, doubleId, { name: "D1" }),
    await newRoom(t.app, owner, doubleId, { name: "D2" }),
  ];
  await newRoom(t.app, owner, suiteId, { name: "S1" });
  await uploadRoomImage(t.app, owner.token, rooms[0]!._id);
  await newBooking(t.app, owner, rooms[0]!._id, {
    guestName: "Secret Guest",
    guestPhone: "0799111222",
    checkIn: day(2),
    checkOut: day(4),
  });
  code = (await client(t.app, owner.token).get(`/api/rooms/bookingpage?businessId=${owner.businessId}`)).json().code;
});
afterAll(() => t.close());

const publicPage = (query = "", address = "192.0.2.1") =>
  t.app.inject({ method: "GET", url: `/api/public/booking/${code}${query}`, remoteAddress: address });
const send = (body: Record<string, unknown>, address = "192.0.2.2") =>
  t.app.inject({
    method: "POST",
    url: `/api/public/booking/${code}/requests`,
    remoteAddress: address,
    payload: {
      roomTypeId: doubleId,
      guestName: "Grace Achieng",
      guestPhone: "0722333444",
      checkIn: day(2),
      checkOut: day(4),
      ...body,
    },
  });

describe("the public page", () => {
  it("shows room types with rooms, prices and free rooms for the dates; nothing about guests or rooms", async () => {
    const res = await publicPage(`?checkIn=${day(2)}&checkOut=${day(4)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: PublicAvailability = res.json();
    expect(page.hotelName).toBe("Lakeview Lodge");
    expect(page.roomTypes.map((r) => [r.name, r.available, r.stayTotal])).toEqual([
      ["Double", 1, 1_600_000],
      ["Suite", 1, 4_000_000],
    ]);
    expect(page.roomTypes[0]!.image).toMatch(/^\/api\/files\/rooms\/[0-9a-f-]+\.png$/);
    for (const secret of [
      "Secret Guest",
      "0799111222",
      "D1",
      "D2",
      "S1",
      owner.businessId,
      owner.username,
      ...rooms.map((r) => r._id),
    ])
      expect(res.body).not.toContain(secret);
    const noDates: PublicAvailability = (await publicPage()).json();
    expect(noDates.roomTypes.every((r) => r.available === null && r.stayTotal === null)).toBe(true);
  });

  it("refuses past and impossible dates, and answers 404 for unknown, closed or non-hotel pages", async () => {
    expect((await publicPage(`?checkIn=${day(-1)}&checkOut=${day(1)}`)).statusCode).toBe(400);
    expect((await publicPage(`?checkIn=${day(3)}&checkOut=${day(3)}`)).statusCode).toBe(400);
    expect((await publicPage(`?checkIn=yesterday&checkOut=${day(3)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/public/booking/${crypto.randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/public/booking/BAD!" })).statusCode).toBe(400);
    const shop = await registerBusiness(t.app);
    // A general shop has no Rooms area, so no booking page.
    expect(
      (await client(t.app, shop.token).get(`/api/rooms/bookingpage?businessId=${shop.businessId}`)).statusCode,
    ).toBe(403);
    const closed = await client(t.app, owner.token).put("/api/rooms/bookingpage", {
      businessId: owner.businessId,
      enabled: false,
    });
    expect(closed.json()).toEqual({ code, enabled: false });
    expect((await publicPage()).statusCode).toBe(404);
    await client(t.app, owner.token).put("/api/rooms/bookingpage", { businessId: owner.businessId, enabled: true });
    expect((await publicPage()).statusCode).toBe(200);
  });
});

describe("guests' requests", () => {
  it("takes a request and answers with what was asked, no ids; staff see it with the rooms free", async () => {
    const res = await send({ guests: 2, message: "Late arrival" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: "pending", roomType: "Double", checkIn: day(2), checkOut: day(4) });
    const list: OnlineRequest[] = (
      await client(t.app, owner.token).get(`/api/onlinebooking?businessId=${owner.businessId}`)
    ).json();
    expect(list[0]).toMatchObject({
      guestName: "Grace Achieng",
      guestPhone: "0722333444",
      guests: 2,
      message: "Late arrival",
      status: "pending",
      available: 1,
      roomType: { _id: doubleId, name: "Double" },
    });
  });

  it("confirming books a free room of the type (under the same constraint); a second confirm is refused", async () => {
    const [request] = (
      await client(t.app, owner.token).get(`/api/onlinebooking?businessId=${owner.businessId}&status=pending`)
    ).json();
    const res = await client(t.app, owner.token).post(`/api/onlinebooking/${request._id}/confirm`, { roomId: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source: "online",
      guestName: "Grace Achieng",
      room: { name: "D2" },
      status: "booked",
    });
    const again = await client(t.app, owner.token).post(`/api/onlinebooking/${request._id}/confirm`, { roomId: null });
    expect(again.statusCode).toBe(409);
    const after: OnlineRequest[] = (
      await client(t.app, owner.token).get(`/api/onlinebooking?businessId=${owner.businessId}`)
    ).json();
    expect(after[0]).toMatchObject({ status: "confirmed", bookingId: res.json()._id, decidedBy: owner.username });
    // Both doubles are taken for these nights now: the page says so, and a request is refused.
    const page: PublicAvailability = (await publicPage(`?checkIn=${day(2)}&checkOut=${day(4)}`)).json();
    expect(page.roomTypes.find((r) => r.name === "Double")?.available).toBe(0);
    const none = await send({ guestPhone: "0700999888" }, "192.0.2.30");
    expect(none.statusCode).toBe(409);
  });

  it("a request whose room was taken meanwhile is refused at confirm with ROOM_ALREADY_BOOKED; it can be declined", async () => {
    expect(
      (await send({ checkIn: day(10), checkOut: day(12), guestPhone: "0700111000" }, "192.0.2.40")).statusCode,
    ).toBe(201);
    const [request] = (
      await client(t.app, owner.token).get(`/api/onlinebooking?businessId=${owner.businessId}&status=pending`)
    ).json();
    expect((await bookRoom(t.app, owner, rooms[0]!._id, { checkIn: day(11), checkOut: day(12) })).statusCode).toBe(201);
    const taken = await client(t.app, owner.token).post(`/api/onlinebooking/${request._id}/confirm`, {
      roomId: rooms[0]!._id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("ROOM_ALREADY_BOOKED");
    const declined = await client(t.app, owner.token).post(`/api/onlinebooking/${request._id}/decline`, {
      reason: "Full",
    });
    expect(declined.json()).toMatchObject({ status: "declined", declineReason: "Full" });
  });

  it("a flood is refused with nothing saved: three waiting requests per phone, and a rate limit per address", async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await send({ checkIn: day(20 + i), checkOut: day(21 + i), guestPhone: "0711000999" }, `192.0.2.${50 + i}`))
          .statusCode,
      ).toBe(201);
    const before = await databaseFingerprint(t.database);
    const fourth = await send({ checkIn: day(30), checkOut: day(31), guestPhone: "0711000999" }, "192.0.2.60");
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.fields).toEqual({ guestPhone: "Requests already waiting" });
    const flood = [];
    for (let i = 0; i < 8; i++)
      flood.push(await send({ checkIn: day(40), checkOut: day(41), guestName: "", guestPhone: "0700" }, "192.0.2.99"));
    expect(flood.slice(0, 5).every((r) => r.statusCode === 400)).toBe(true);
    expect(flood.slice(5).map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(flood[7]!.json().error.code).toBe("RATE_LIMITED");
    expect(await databaseFingerprint(t.database)).toEqual(before);
    const lookups = [];
    for (let i = 0; i < 22; i++) lookups.push((await publicPage("", "192.0.2.100")).statusCode);
    expect(lookups.slice(20)).toEqual([429, 429]);
  });

  it("a room type of another hotel, or one without rooms, cannot be asked for", async () => {
    const other = await registerBusiness(t.app, { businessType: "hotel" });
    const theirs = await newRoomType(t.app, other);
    const n = await countRows(t.database, "online_requests");
    expect((await send({ roomTypeId: theirs._id }, "192.0.2.120")).statusCode).toBe(404);
    expect(await countRows(t.database, "online_requests")).toBe(n);
  });
});
