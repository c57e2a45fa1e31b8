import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { addDays } from "@app/shared/rooms/days";
import { client } from "./app.ts";

/**
 * Factories for the hotel area (rooms, bookings, bills, conferences, online requests), through
 * the API. Days are counted from today in the business's time zone (Africa/Nairobi by default).
 */
type Who = { token: string; businessId: string };

export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e70000000049454e44ae426082",
  "hex",
);

/** Today in Nairobi, moved by whole days. */
export const day = (offset = 0) => addDays(todayIn("Africa/Nairobi"), offset);

const unique = () => randomUUID().slice(0, 6);

async function ok(res: Promise<LightMyRequestResponse> | LightMyRequestResponse, what: string) {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`${what}: ${r.statusCode} ${r.body}`);
  return r.statusCode === 204 ? null : r.json();
}

export async function newRoomType(app: FastifyInstance, who: Who, over: Record<string, unknown> = {}) {
  return ok(
    client(app, who.token).post("/api/rooms/types", {
      businessId: who.businessId,
      name: `Type ${unique()}`,
      rate: 500_000,
      ...over,
    }),
    "room type",
  );
}

export async function newRoom(app: FastifyInstance, who: Who, roomTypeId: string, over: Record<string, unknown> = {}) {
  return ok(
    client(app, who.token).post("/api/rooms", {
      businessId: who.businessId,
      name: `R${unique()}`,
      roomTypeId,
      ...over,
    }),
    "room",
  );
}

/** A booking request (raw response), two nights from today unless told. */
export function bookRoom(app: FastifyInstance, who: Who, roomId: string, over: Record<string, unknown> = {}) {
  return client(app, who.token).post("/api/bookings", {
    businessId: who.businessId,
    roomId,
    guestName: "Amina Wanjiru",
    guestPhone: "0712345678",
    checkIn: day(0),
    checkOut: day(2),
    ...over,
  });
}

export async function newBooking(app: FastifyInstance, who: Who, roomId: string, over: Record<string, unknown> = {}) {
  return ok(bookRoom(app, who, roomId, over), "booking");
}

/** Uploads an image to a room (PUT /rooms/addImage/{id}); raw response. */
export function uploadRoomImage(app: FastifyInstance, token: string, roomId: string, data: Buffer = PNG) {
  const boundary = "----room-image";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="room.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "PUT",
    url: `/api/rooms/addImage/${roomId}`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/**
 * Gives a hotel one record of every kind the hotel area keeps, named with `tag`: a room type and
 * two rooms (one with an image), a booking checked in with a deposit, a charge, a POS sale
 * charged to the room (when a product is given), a package, a conference billed on its own with
 * a payment and one billed to the guest, and a guest's online request from the public page.
 */
export async function seedHotel(app: FastifyInstance, who: Who, tag: string, productId?: string) {
  const api = client(app, who.token);
  const type = await newRoomType(app, who, { name: `${tag} Deluxe`, description: `${tag} view`, weekendRate: 600_000 });
  const room = await newRoom(app, who, type._id, { name: `${tag}-101` });
  await newRoom(app, who, type._id, { name: `${tag}-102` });
  await ok(uploadRoomImage(app, who.token, room._id), "room image");
  const booking = await newBooking(app, who, room._id, { guestName: `${tag} Guest`, guestPhone: "0722000111" });
  await ok(api.post(`/api/bookings/${booking._id}/payments`, { amount: 100_000, method: "Cash" }), "deposit");
  await ok(api.post(`/api/bookings/${booking._id}/checkin`), "check-in");
  await ok(
    api.post(`/api/bookings/${booking._id}/charges`, { description: `${tag} laundry`, amount: 50_000 }),
    "charge",
  );
  if (productId)
    await ok(
      api.post(`/api/bookings/${booking._id}/roomcharge`, { products: [{ productId, quantity: 1 }] }),
      "charge to room",
    );
  const price = await ok(
    api.post("/api/conferences/price/", {
      businessId: who.businessId,
      name: `${tag} Full day`,
      perPersonPerDay: 150_000,
      hallHirePerDay: 1_000_000,
    }),
    "package",
  );
  const conference = await ok(
    api.post("/api/conferences", {
      businessId: who.businessId,
      name: `${tag} AGM`,
      organiser: `${tag} Organiser`,
      organiserPhone: "0733000111",
      startDay: day(3),
      endDay: day(4),
      persons: 20,
      priceId: price._id,
    }),
    "conference",
  );
  await ok(
    api.post(`/api/conferences/${conference._id}/payments`, {
      amount: 200_000,
      method: "M-Pesa",
      reference: "QWE123RTY",
    }),
    "conference payment",
  );
  await ok(
    api.post("/api/conferences", {
      businessId: who.businessId,
      name: `${tag} Dinner`,
      organiser: `${tag} Guest`,
      organiserPhone: "0722000111",
      startDay: day(0),
      endDay: day(0),
      persons: 2,
      priceId: price._id,
      bookingId: booking._id,
    }),
    "conference on the bill",
  );
  const page = await ok(api.get(`/api/rooms/bookingpage?businessId=${who.businessId}`), "booking page");
  await ok(
    client(app).post(`/api/public/booking/${page.code}/requests`, {
      roomTypeId: type._id,
      guestName: `${tag} Online`,
      guestPhone: "0744000111",
      checkIn: day(5),
      checkOut: day(7),
    }),
    "online request",
  );
  return { type, room, booking, price, conference, code: page.code as string };
}
