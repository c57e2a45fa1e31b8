import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { type BookingSummary, type InHouseGuest, type ListBookingsQuery } from "@app/shared/rooms/booking";
import { addDays } from "@app/shared/rooms/days";
import type { Ctx } from "../../platform/context.ts";
import { bookingWithRoom, roomJoin, toSummaries, typeJoin } from "./booking-read.ts";
import { bookings, rooms, roomTypes } from "./rooms.table.ts";
import { containing } from "../../platform/search.ts";

/** GET /bookings: newest stay first, filtered by status, room, dates (a night in the range) or guest. */
export async function listBookings(ctx: Ctx, q: ListBookingsQuery): Promise<BookingSummary[]> {
  const where: (SQL | undefined)[] = [eq(bookings.businessId, ctx.businessId)];
  if (q.status) where.push(eq(bookings.status, q.status));
  if (q.roomId) where.push(eq(bookings.roomId, q.roomId));
  if (q.from) where.push(sql`${bookings.checkOut} > ${q.from}::date`);
  if (q.to) where.push(lte(bookings.checkIn, q.to));
  if (q.q) {
    const like = containing(q.q);
    where.push(or(ilike(bookings.guestName, like), ilike(bookings.guestPhone, like), ilike(rooms.name, like)));
  }
  const rows = await ctx.db
    .select(bookingWithRoom)
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .innerJoin(roomTypes, typeJoin)
    .where(and(...where))
    .orderBy(desc(bookings.checkIn), desc(bookings.createdAt))
    .limit(q.limit);
  return toSummaries(ctx.db, ctx.businessId, rows);
}

/** GET /bookings/inhouse: guests in their rooms now, for the POS "charge to room". */
export async function listInHouse(ctx: Ctx): Promise<InHouseGuest[]> {
  const rows = await ctx.db
    .select({ bookingId: bookings.id, roomName: rooms.name, guestName: bookings.guestName })
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.status, "checkedIn")))
    .orderBy(sql`length(${rooms.name})`, rooms.name);
  return rows;
}

/** Stays with a night between `from` and `to` (the board, the analysis). */
export const nightsBetween = (from: string, to: string) =>
  and(gte(bookings.checkOut, addDays(from, 1)), lte(bookings.checkIn, to));
