import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { type BookingPage, type OnlineRequest } from "@app/shared/rooms/online-booking";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { readBooking } from "./booking-read.ts";
import { holdingNights, placeBooking } from "./bookings.service.ts";
import type { Booking } from "@app/shared/rooms/booking";
import { bookingPages, bookings, onlineRequests, rooms, roomTypes } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";
import { holds } from "./public-booking.service.ts";
import { transact } from "../../platform/retry.ts";

/** The hotel's public booking page (made the first time it is asked for): its address code and whether it is open. */
export async function bookingPageOf(ctx: Ctx): Promise<BookingPage> {
  await ctx.db.insert(bookingPages).values({ businessId: ctx.businessId, code: randomUUID() }).onConflictDoNothing();
  const [row] = await ctx.db.select().from(bookingPages).where(eq(bookingPages.businessId, ctx.businessId));
  return { code: row!.code, enabled: row!.enabled };
}

/** Opens or closes the public page (closed: its address answers 404). */
export async function setBookingPage(ctx: Ctx, enabled: boolean): Promise<BookingPage> {
  await bookingPageOf(ctx);
  const [row] = await ctx.db
    .update(bookingPages)
    .set({ enabled })
    .where(eq(bookingPages.businessId, ctx.businessId))
    .returning();
  return { code: row!.code, enabled: row!.enabled };
}

type RequestRow = typeof onlineRequests.$inferSelect;

function toRequest(r: RequestRow, typeName: string, available: number | null): OnlineRequest {
  return {
    _id: r.id,
    roomType: { _id: r.roomTypeId, name: typeName },
    guestName: r.guestName,
    guestPhone: r.guestPhone,
    guests: r.guests,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    message: r.message,
    status: r.status,
    available,
    bookingId: r.bookingId,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    declineReason: r.declineReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /onlinebooking: guests' requests, newest first; a waiting one says how many rooms are free now. */
export async function listOnlineRequests(
  ctx: Ctx,
  q: { status?: OnlineRequest["status"]; limit: number },
): Promise<OnlineRequest[]> {
  // Columns written out in full: inside the subquery, unqualified names would be r's and b's.
  const free = sql<number | null>`CASE WHEN online_requests.status = 'pending' THEN (
    SELECT count(*)::int FROM ${rooms} r
    WHERE r.business_id = online_requests.business_id AND r.room_type_id = online_requests.room_type_id
      AND r.deleted_at IS NULL AND r.status <> 'outOfOrder'
      AND NOT EXISTS (SELECT 1 FROM ${bookings} b WHERE b.business_id = r.business_id AND b.room_id = r.id
        AND b.status IN ('booked', 'checkedIn')
        AND daterange(b.check_in, b.check_out, '[)') && daterange(online_requests.check_in, online_requests.check_out, '[)'))
  ) END`;
  const rows = await ctx.db
    .select({ r: onlineRequests, typeName: roomTypes.name, free })
    .from(onlineRequests)
    .innerJoin(
      roomTypes,
      and(eq(roomTypes.businessId, onlineRequests.businessId), eq(roomTypes.id, onlineRequests.roomTypeId)),
    )
    .where(
      and(eq(onlineRequests.businessId, ctx.businessId), q.status ? eq(onlineRequests.status, q.status) : undefined),
    )
    .orderBy(desc(onlineRequests.createdAt))
    .limit(q.limit);
  return rows.map(({ r, typeName, free }) => toRequest(r, typeName, free));
}

async function lockPending(tx: DbOrTx, businessId: string, id: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(onlineRequests)
    .where(and(eq(onlineRequests.businessId, businessId), eq(onlineRequests.id, id)))
    .for("update");
  if (!row) throw notFound("Request");
  if (row.status !== "pending") throw conflict(`This request was already ${row.status}`);
  return row;
}

/**
 * POST /onlinebooking/{id}/confirm: books the room chosen (or the first free room of the type)
 * for the guest, under the same exclusion constraint as the desk's bookings, and marks the
 * request confirmed; both in one transaction.
 */
export async function confirmOnlineRequest(ctx: Ctx, id: string, roomId?: string): Promise<Booking> {
  const [peek] = await ctx.db
    .select()
    .from(onlineRequests)
    .where(and(eq(onlineRequests.businessId, ctx.businessId), eq(onlineRequests.id, id)));
  if (!peek) throw notFound("Request");
  const chosen = roomId ?? (await firstFreeRoom(ctx, peek));
  const bookingId = randomUUID();
  return holdingNights(ctx, { roomId: chosen, checkIn: peek.checkIn, checkOut: peek.checkOut }, () =>
    transact(ctx.db, async (tx) => {
      const r = await lockPending(tx, ctx.businessId, id);
      const [room] = await tx
        .select({ roomTypeId: rooms.roomTypeId })
        .from(rooms)
        .where(and(eq(rooms.businessId, ctx.businessId), eq(rooms.id, chosen)));
      if (!room) throw notFound("Room");
      if (room.roomTypeId !== r.roomTypeId)
        throw conflict("The guest asked for another room type: choose a room of that type", {
          roomId: "Another room type",
        });
      await placeBooking(
        tx,
        ctx,
        bookingId,
        {
          roomId: chosen,
          guestName: r.guestName,
          guestPhone: r.guestPhone,
          guests: r.guests,
          checkIn: r.checkIn,
          checkOut: r.checkOut,
          agreedRate: null,
          notes: r.message,
        },
        "online",
      );
      await tx
        .update(onlineRequests)
        .set({
          status: "confirmed",
          bookingId,
          decidedBy: ctx.user.details.username,
          decidedAt: now(),
        })
        .where(and(eq(onlineRequests.businessId, ctx.businessId), eq(onlineRequests.id, id)));
      return readBooking(tx, ctx.businessId, bookingId);
    }),
  );
}

async function firstFreeRoom(ctx: Ctx, r: RequestRow): Promise<string> {
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    SELECT r.id FROM ${rooms} r
    WHERE r.business_id = ${ctx.businessId} AND r.room_type_id = ${r.roomTypeId} AND r.deleted_at IS NULL
      AND r.status <> 'outOfOrder' AND NOT ${holds(r.checkIn, r.checkOut)}
    ORDER BY length(r.name), r.name LIMIT 1`);
  if (!rows[0])
    throw new AppError(ERROR_CODES.ROOM_ALREADY_BOOKED, "No room of this type is free for these dates any more", {
      roomId: "None free",
    });
  return rows[0].id;
}

/** POST /onlinebooking/{id}/decline: the hotel cannot take the request (a reason for the call back). */
export async function declineOnlineRequest(ctx: Ctx, id: string, reason: string): Promise<OnlineRequest> {
  return transact(ctx.db, async (tx) => {
    await lockPending(tx, ctx.businessId, id);
    const [row] = await tx
      .update(onlineRequests)
      .set({
        status: "declined",
        declineReason: reason || null,
        decidedBy: ctx.user.details.username,
        decidedAt: now(),
      })
      .where(and(eq(onlineRequests.businessId, ctx.businessId), eq(onlineRequests.id, id)))
      .returning();
    const [type] = await tx
      .select({ name: roomTypes.name })
      .from(roomTypes)
      .where(and(eq(roomTypes.businessId, ctx.businessId), eq(roomTypes.id, row!.roomTypeId)));
    return toRequest(row!, type?.name ?? "", null);
  });
}

/** The business that owns an online request, for the tenancy guard. */
export async function businessIdOfOnlineRequest(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: onlineRequests.businessId })
    .from(onlineRequests)
    .where(eq(onlineRequests.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
