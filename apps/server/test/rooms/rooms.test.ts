import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "@app/shared/rooms/analysis";
import type { Board } from "@app/shared/rooms/booking";
import type { Room } from "@app/shared/rooms/room";
import {
  client,
  createTestApp,
  databaseFingerprint,
  registerBusiness,
  type Owner,
  type TestApp,
} from "../factories/app.ts";
import { JPEG_IMAGE, WEBP_IMAGE } from "../factories/inventory.ts";
import { day, newBooking, newRoom, newRoomType, uploadRoomImage } from "../factories/rooms.ts";

/** Rooms, their types and rates, images, deletion, the front desk board and the occupancy analysis. */
let t: TestApp;
let owner: Owner;
let typeId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerBusiness(t.app, { businessType: "hotel" });
  typeId = (await newRoomType(t.app, owner, { name: "Twin", rate: 450_000 }))._id;
});
afterAll(() => t.close());

const api = () => client(t.app, owner.token);

describe("rooms and room types", () => {
  it("adds rooms of a type, lists them in number order, refuses a name twice", async () => {
    for (const name of ["10", "2", "1"]) await newRoom(t.app, owner, typeId, { name });
    const list: Room[] = (await api().get(`/api/rooms?businessId=${owner.businessId}`)).json();
    expect(list.map((r) => r.name)).toEqual(["1", "2", "10"]);
    expect(list[0]).toMatchObject({
      status: "available",
      images: [],
      roomType: { _id: typeId, name: "Twin", rate: 450_000 },
    });
    const again = await api().post("/api/rooms", { businessId: owner.businessId, name: "10", roomTypeId: typeId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: "Already used" });
    const types = (await api().get(`/api/rooms/types?businessId=${owner.businessId}`)).json();
    expect(types.find((x: { _id: string }) => x._id === typeId).rooms).toBe(3);
  });

  it("refuses seasons that overlap and prices that are not whole cents", async () => {
    const before = await databaseFingerprint(t.database);
    const seasons = [
      { name: "A", from: "2027-01-01", to: "2027-01-10", rate: 100 },
      { name: "B", from: "2027-01-10", to: "2027-01-20", rate: 100 },
    ];
    for (const body of [
      { name: "Bad", rate: 100, seasons },
      { name: "Bad", rate: 10.5 },
      { name: "Bad", rate: 0 },
      { name: "", rate: 100 },
    ]) {
      const res = await api().post("/api/rooms/types", { businessId: owner.businessId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await databaseFingerprint(t.database)).toEqual(before);
  });

  it("sets a room's status directly", async () => {
    const room = await newRoom(t.app, owner, typeId);
    for (const status of ["cleaning", "outOfOrder", "available"]) {
      const res = await api().put(`/api/rooms/${room._id}`, { status });
      expect(res.json().status).toBe(status);
    }
    expect((await api().put(`/api/rooms/${room._id}`, { status: "broken" })).statusCode).toBe(400);
  });

  it("takes JPEG, PNG and WebP images checked by content (at most 8), removes them on request", async () => {
    const room = await newRoom(t.app, owner, typeId);
    for (const image of [JPEG_IMAGE, WEBP_IMAGE])
      expect((await uploadRoomImage(t.app, owner.token, room._id, image)).statusCode).toBe(200);
    const text = await uploadRoomImage(t.app, owner.token, room._id, Buffer.from("not an image at all"));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields.image).toBe("Not a JPEG, PNG or WebP image");
    for (let i = 0; i < 6; i++) await uploadRoomImage(t.app, owner.token, room._id);
    const ninth = await uploadRoomImage(t.app, owner.token, room._id);
    expect(ninth.statusCode).toBe(400);
    const detail = (await api().get(`/api/rooms/${room._id}`)).json();
    expect(detail.images).toHaveLength(8);
    const served = await t.app.inject({ method: "GET", url: detail.images[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    // Keep two, in a new order; the others' files go.
    const kept = [detail.images[1], detail.images[0]];
    const res = await api().put(`/api/rooms/${room._id}`, { images: kept });
    expect(res.json().images).toEqual(kept);
    expect((await t.app.inject({ method: "GET", url: detail.images[5] })).statusCode).toBe(404);
    expect(
      (await api().put(`/api/rooms/${room._id}`, { images: ["/api/files/rooms/someone-else.png"] })).statusCode,
    ).toBe(400);
  });

  it("refuses to delete a room with bookings to come (set it out of order instead); deletes it once they are gone", async () => {
    const room = await newRoom(t.app, owner, typeId);
    const b = await newBooking(t.app, owner, room._id, { checkIn: day(5), checkOut: day(6) });
    const refused = await api().del(`/api/rooms/${room._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("ROOM_HAS_BOOKINGS");
    expect(refused.json().error.message).toContain("set the room out of order");
    expect((await api().get(`/api/rooms/${room._id}`)).statusCode).toBe(200);
    await api().del(`/api/bookings/${b._id}`);
    expect((await api().del(`/api/rooms/${room._id}`)).statusCode).toBe(204);
    expect((await api().get(`/api/rooms/${room._id}`)).statusCode).toBe(404);
    // Its cancelled booking keeps its room.
    expect((await api().get(`/api/bookings/${b._id}`)).json().room._id).toBe(room._id);
  });

  it("a room type in use cannot be deleted; an unused one can", async () => {
    expect((await api().del(`/api/rooms/types/${typeId}`)).statusCode).toBe(409);
    const spare = await newRoomType(t.app, owner);
    expect((await api().del(`/api/rooms/types/${spare._id}`)).statusCode).toBe(204);
  });
});

describe("the front desk board and the analysis", () => {
  it("shows rooms by day with their stays, today's arrivals and departures", async () => {
    const hotel = await registerBusiness(t.app, { businessType: "hotel" });
    const type = await newRoomType(t.app, hotel, { rate: 300_000 });
    const a = await newRoom(t.app, hotel, type._id, { name: "A" });
    const b = await newRoom(t.app, hotel, type._id, { name: "B" });
    const arriving = await newBooking(t.app, hotel, a._id, {
      guestName: "Arriving",
      checkIn: day(0),
      checkOut: day(3),
    });
    const later = await newBooking(t.app, hotel, b._id, { guestName: "Later", checkIn: day(4), checkOut: day(6) });
    const farAway = await newBooking(t.app, hotel, b._id, { guestName: "Far", checkIn: day(40), checkOut: day(41) });
    const cancelled = await newBooking(t.app, hotel, b._id, {
      guestName: "Cancelled",
      checkIn: day(1),
      checkOut: day(2),
    });
    await client(t.app, hotel.token).del(`/api/bookings/${cancelled._id}`);
    const board: Board = (
      await client(t.app, hotel.token).get(`/api/rooms/board?businessId=${hotel.businessId}&days=14`)
    ).json();
    expect(board.from).toBe(day(0));
    expect(board.rooms.map((r) => [r.name, r.status])).toEqual([
      ["A", "booked"],
      ["B", "booked"],
    ]);
    expect(board.bookings.map((x) => x.guestName).sort()).toEqual(["Arriving", "Later"]);
    expect(board.bookings.find((x) => x._id === arriving._id)?.balance).toBe(900_000);
    expect(board.arrivals.map((x) => x._id)).toEqual([arriving._id]);
    expect(board.departures).toEqual([]);
    void later;
    void farAway;
    const bad = await client(t.app, hotel.token).get(`/api/rooms/board?businessId=${hotel.businessId}&days=500`);
    expect(bad.statusCode).toBe(400);
  });

  it("works out occupancy, ADR and RevPAR from the stored nightly rates", async () => {
    const hotel = await registerBusiness(t.app, { businessType: "hotel" });
    const type = await newRoomType(t.app, hotel, { rate: 400_000 });
    const rooms = [];
    for (const name of ["1", "2", "3", "4"]) rooms.push(await newRoom(t.app, hotel, type._id, { name }));
    await newBooking(t.app, hotel, rooms[0]._id, { checkIn: day(1), checkOut: day(3), agreedRate: 500_000 });
    await newBooking(t.app, hotel, rooms[1]._id, { checkIn: day(2), checkOut: day(3), agreedRate: 300_000 });
    const gone = await newBooking(t.app, hotel, rooms[2]._id, { checkIn: day(1), checkOut: day(2) });
    await client(t.app, hotel.token).del(`/api/bookings/${gone._id}`);
    const res = await client(t.app, hotel.token).get(
      `/api/rooms/analysis?businessId=${hotel.businessId}&from=${day(1)}&to=${day(3)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const a: Analysis = res.json();
    expect(a.rooms).toBe(4);
    expect(a.days.map((d) => [d.sold, d.revenue, d.occupancy])).toEqual([
      [1, 500_000, 25],
      [2, 800_000, 50],
      [0, 0, 0],
    ]);
    expect(a.total).toMatchObject({
      available: 12,
      sold: 3,
      revenue: 1_300_000,
      occupancy: 25,
      adr: 433_333,
      revpar: 108_333,
    });
    expect(a.months.reduce((n, m) => n + m.sold, 0)).toBe(3);
  });
});
