import { and, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { MAX_DAYS_AHEAD } from "@app/shared/rooms/booking";
import { daysBetween } from "@app/shared/rooms/days";
import {
  MAX_PENDING_PER_HOTEL,
  MAX_PENDING_PER_PHONE,
  type AvailabilityQuery,
  type OnlineRequestInput,
  type PublicAvailability,
} from "@app/shared/rooms/online-booking";
import { quoteStay } from "@app/shared/rooms/rates";
import type { Season } from "@app/shared/rooms/room";
import type { Db, DbOrTx } from "../../db/client.ts";
import { AppError, conflict } from "../../platform/errors.ts";
import { businesses, notDeleted } from "../businesses/businesses.public.ts";
import { bookingPages, bookings, onlineRequests, rooms, roomTypes } from "./rooms.table.ts";
import { transact } from "../../platform/retry.ts";

type Hotel = { id: string; name: string; timeZone: string };

/** The open hotel behind a public code: a hotel business, active, its page enabled; 404 otherwise. */
async function hotelOf(db: DbOrTx, code: string): Promise<Hotel> {
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name, timeZone: businesses.timeZone })
    .from(bookingPages)
    .innerJoin(businesses, eq(businesses.id, bookingPages.businessId))
    .where(
      and(
        eq(bookingPages.code, code),
        eq(bookingPages.enabled, true),
        eq(businesses.businessType, "hotel"),
        eq(businesses.accountActive, true),
        notDeleted,
      ),
    );
  if (!row) throw new AppError(ERROR_CODES.NOT_FOUND, "This booking page is not open");
  return row;
}

/** Live stays of a room that share a night with [checkIn, checkOut). */
export const holds = (checkIn: string, checkOut: string) => sql`EXISTS (
  SELECT 1 FROM ${bookings} b WHERE b.business_id = r.business_id AND b.room_id = r.id
    AND b.status IN ('booked', 'checkedIn')
    AND daterange(b.check_in, b.check_out, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)'))`;

type TypeCount = {
  id: string;
  name: string;
  description: string;
  capacity: number;
  rate: number;
  weekend_rate: number | null;
  seasons: Season[];
  free: number | null;
  image: string | null;
};

/** Room types with rooms, and how many of their rooms (not out of order) are free for every night. */
async function freeRoomsByType(db: DbOrTx, businessId: string, stay: AvailabilityQuery | null): Promise<TypeCount[]> {
  const free = stay
    ? sql`count(*) FILTER (WHERE r.status <> 'outOfOrder' AND NOT ${holds(stay.checkIn, stay.checkOut)})::int`
    : sql`NULL::int`;
  const { rows } = await db.execute<TypeCount>(sql`
    SELECT t.id, t.name, t.description, t.capacity, t.rate, t.weekend_rate, t.seasons, ${free} AS free,
           (array_agg(r.images ->> 0 ORDER BY length(r.name), r.name) FILTER (WHERE jsonb_array_length(r.images) > 0))[1] AS image
    FROM ${roomTypes} t
    JOIN ${rooms} r ON r.business_id = t.business_id AND r.room_type_id = t.id AND r.deleted_at IS NULL
    WHERE t.business_id = ${businessId}
    GROUP BY t.business_id, t.id
    ORDER BY t.rate, t.name`);
  return rows.map((r) => ({
    ...r,
    rate: Number(r.rate),
    weekend_rate: r.weekend_rate === null ? null : Number(r.weekend_rate),
  }));
}

function checkStay(timeZone: string, stay: AvailabilityQuery): void {
  const today = todayIn(timeZone);
  if (stay.checkIn < today)
    throw new AppError(ERROR_CODES.VALIDATION, "The check-in date has passed", {
      checkIn: "The check-in date has passed",
    });
  if (daysBetween(today, stay.checkIn) > MAX_DAYS_AHEAD)
    throw new AppError(ERROR_CODES.VALIDATION, `Bookings are taken up to ${MAX_DAYS_AHEAD} days ahead`, {
      checkIn: "Too far ahead",
    });
}

/**
 * GET /public/booking/{code}: the hotel's name and its room types with prices and, for dates,
 * how many rooms of each are free. Nothing else: no room names, guests, bookings or ids but the
 * room types' own (a request names one).
 */
export async function publicAvailability(
  db: Db,
  code: string,
  stay: AvailabilityQuery | null,
): Promise<PublicAvailability> {
  const hotel = await hotelOf(db, code);
  if (stay) checkStay(hotel.timeZone, stay);
  const types = await freeRoomsByType(db, hotel.id, stay);
  return {
    hotelName: hotel.name,
    checkIn: stay?.checkIn ?? null,
    checkOut: stay?.checkOut ?? null,
    roomTypes: types.map((t) => {
      const rates = { rate: t.rate, weekendRate: t.weekend_rate, seasons: t.seasons };
      return {
        _id: t.id,
        name: t.name,
        description: t.description,
        capacity: t.capacity,
        rate: Math.min(t.rate, t.weekend_rate ?? t.rate, ...t.seasons.map((s) => s.rate)),
        stayTotal: stay ? quoteStay(rates, stay.checkIn, stay.checkOut).total : null,
        available: t.free,
        image: t.image,
      };
    }),
  };
}

/**
 * POST /public/booking/{code}/requests: a guest asks for a room type for dates. Refused (409)
 * when none is free, when this phone already has MAX_PENDING_PER_PHONE requests waiting, or the
 * hotel MAX_PENDING_PER_HOTEL; the route is also rate limited per address. The guest gets back
 * what was asked, no ids.
 */
export async function sendOnlineRequest(db: Db, code: string, input: OnlineRequestInput) {
  const hotel = await hotelOf(db, code);
  checkStay(hotel.timeZone, input);
  return transact(db, async (tx) => {
    // One request at a time per hotel, so the caps below hold under a burst.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('online-requests'), hashtext(${hotel.id}))`);
    const types = await freeRoomsByType(tx, hotel.id, input);
    const type = types.find((t) => t.id === input.roomTypeId);
    if (!type) throw new AppError(ERROR_CODES.NOT_FOUND, "This room type is not offered here");
    if (!type.free)
      throw conflict(`No ${type.name} room is free for these dates: try other dates or another room type`, {
        roomTypeId: "None free for these dates",
      });
    const { rows } = await tx.execute<{ phone: number; hotel: number }>(sql`
      SELECT count(*) FILTER (WHERE guest_phone = ${input.guestPhone})::int AS phone, count(*)::int AS hotel
      FROM ${onlineRequests} WHERE business_id = ${hotel.id} AND status = 'pending'`);
    if ((rows[0]?.phone ?? 0) >= MAX_PENDING_PER_PHONE)
      throw conflict("You already have requests waiting at this hotel: it will call you back on them", {
        guestPhone: "Requests already waiting",
      });
    if ((rows[0]?.hotel ?? 0) >= MAX_PENDING_PER_HOTEL)
      throw conflict("The hotel has too many requests waiting right now: please call it or try again later");
    await tx.insert(onlineRequests).values({
      businessId: hotel.id,
      roomTypeId: type.id,
      guestName: input.guestName,
      guestPhone: input.guestPhone,
      guests: input.guests,
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      message: input.message,
    });
    return { status: "pending" as const, roomType: type.name, checkIn: input.checkIn, checkOut: input.checkOut };
  });
}
