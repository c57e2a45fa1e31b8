import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import {
  MAX_DAYS_AHEAD,
  stayProblem,
  type Booking,
  type CreateBookingInput,
  type UpdateBookingInput,
} from "@app/shared/rooms/booking";
import { daysBetween } from "@app/shared/rooms/days";
import { quoteStay, requoteStay } from "@app/shared/rooms/rates";
import type { DbOrTx, Tx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isExclusionViolation } from "../../platform/errors.ts";
import { runIdempotent, type Idempotency } from "../../platform/idempotency.ts";
import { findBooking, readBooking, roomJoin } from "./booking-read.ts";
import { findRoom } from "./rooms.service.ts";
import { bookings, conferences, rooms } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";
import { transact } from "../../platform/retry.ts";

type NewBooking = Omit<CreateBookingInput, "businessId">;

const EXCLUSION = "bookings_no_double_booking";
const badDate = (field: string, message: string) => new AppError(ERROR_CODES.VALIDATION, message, { [field]: message });

/** A stay may not start before today (the business's today) nor too far ahead. */
function checkDates(ctx: Ctx, checkIn: string, checkOut: string, field: "checkIn" | "checkOut" = "checkIn"): void {
  const today = todayIn(ctx.business.timeZone);
  if (field === "checkIn" && checkIn < today) throw badDate("checkIn", "The check-in date has passed");
  if (checkOut < today) throw badDate("checkOut", "The check-out date has passed");
  if (daysBetween(today, checkIn) > MAX_DAYS_AHEAD)
    throw badDate("checkIn", `Bookings are taken up to ${MAX_DAYS_AHEAD} days ahead`);
  const problem = stayProblem(checkIn, checkOut);
  if (problem) throw badDate("checkOut", problem);
}

/**
 * The 409 for two bookings of one room on the same night: the exclusion constraint refused the
 * write (a concurrent desk may have booked it a moment ago); the booking that holds the nights
 * is named by its dates, so the desk can choose others.
 */
async function alreadyBooked(
  db: DbOrTx,
  businessId: string,
  roomId: string,
  checkIn: string,
  checkOut: string,
): Promise<AppError> {
  const [row] = await db
    .select({ name: rooms.name, checkIn: bookings.checkIn, checkOut: bookings.checkOut })
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .where(
      and(
        eq(bookings.businessId, businessId),
        eq(bookings.roomId, roomId),
        sql`${bookings.status} IN ('booked', 'checkedIn')`,
        sql`daterange(${bookings.checkIn}, ${bookings.checkOut}, '[)') && daterange(${checkIn}::date, ${checkOut}::date, '[)')`,
      ),
    )
    .limit(1);
  const message = row
    ? `Room ${row.name} is already booked from ${row.checkIn} to ${row.checkOut}: choose other dates or another room`
    : "This room is already booked for some of these nights: choose other dates or another room";
  return new AppError(ERROR_CODES.ROOM_ALREADY_BOOKED, message, { roomId: "Already booked for these nights" });
}

/** Runs a write that may put two bookings on one night; PostgreSQL's refusal becomes the 409. */
export async function holdingNights<T>(
  ctx: Ctx,
  stay: { roomId: string; checkIn: string; checkOut: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isExclusionViolation(err, EXCLUSION)) throw err;
    throw await alreadyBooked(ctx.db, ctx.businessId, stay.roomId, stay.checkIn, stay.checkOut);
  }
}

/**
 * Books a room inside the caller's transaction (the desk's POST /bookings, a confirmed online
 * request): rates from the room type, fixed on the booking; the room is set to booked when it
 * was available (spec section 4). Double booking is left to the exclusion constraint.
 */
export async function placeBooking(
  tx: Tx,
  ctx: Ctx,
  id: string,
  input: NewBooking,
  source: "desk" | "online",
): Promise<void> {
  checkDates(ctx, input.checkIn, input.checkOut);
  const { r, t } = await findRoom(tx, ctx.businessId, input.roomId);
  if (r.status === "outOfOrder")
    throw new AppError(ERROR_CODES.ROOM_OUT_OF_ORDER, `Room ${r.name} is out of order and takes no bookings`, {
      roomId: "Out of order",
    });
  const quote = quoteStay(t, input.checkIn, input.checkOut, input.agreedRate);
  await tx.insert(bookings).values({
    businessId: ctx.businessId,
    id,
    roomId: r.id,
    guestName: input.guestName,
    guestPhone: input.guestPhone,
    guests: input.guests,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nightlyRates: quote.nightlyRates,
    roomTotal: quote.total,
    agreedRate: input.agreedRate,
    source,
    notes: input.notes,
    createdBy: ctx.user.details.username,
  });
  await tx
    .update(rooms)
    .set({ status: "booked", updatedAt: now() })
    .where(and(eq(rooms.businessId, ctx.businessId), eq(rooms.id, r.id), eq(rooms.status, "available")));
}

/** POST /bookings: a booking made at the desk (Idempotency-Key: a retry returns the first booking). */
export async function createBooking(ctx: Ctx, input: CreateBookingInput, idem: Idempotency = {}): Promise<Booking> {
  const id = randomUUID();
  return holdingNights(ctx, input, () =>
    runIdempotent(
      ctx.db,
      {
        businessId: ctx.businessId,
        key: idem.key,
        scope: "booking",
        fingerprint: idem.fingerprint,
        byReference: {
          ref: { bookingId: id },
          replay: (ref) => readBooking(ctx.db, ctx.businessId, String(ref.bookingId)),
        },
      },
      async (tx) => {
        await placeBooking(tx, ctx, id, input, "desk");
        return readBooking(tx, ctx.businessId, id);
      },
    ),
  );
}

/**
 * PUT /bookings/{id}: guest details, dates, room or agreed rate of a booking not yet checked
 * out. Nights it already had keep their stored rate. A guest already in keeps the room and
 * check-in day; only the check-out day moves.
 */
export async function updateBooking(ctx: Ctx, id: string, input: UpdateBookingInput): Promise<Booking> {
  const current = await findBooking(ctx.db, ctx.businessId, id);
  const b = current.b;
  const stay = {
    roomId: input.roomId ?? b.roomId,
    checkIn: input.checkIn ?? b.checkIn,
    checkOut: input.checkOut ?? b.checkOut,
  };
  return holdingNights(ctx, stay, () =>
    transact(ctx.db, async (tx) => {
      const { b: locked } = await findBooking(tx, ctx.businessId, id, true);
      if (locked.status === "checkedOut" || locked.status === "cancelled")
        throw conflict(
          `This booking is ${locked.status === "cancelled" ? "cancelled" : "checked out"}: it can no longer change`,
        );
      const inHouse = locked.status === "checkedIn";
      if (inHouse && (stay.roomId !== locked.roomId || stay.checkIn !== locked.checkIn))
        throw conflict("The guest is already in: only the check-out day, guest details and notes can change");
      const datesChange = stay.checkIn !== locked.checkIn || stay.checkOut !== locked.checkOut;
      if (datesChange) checkDates(ctx, stay.checkIn, stay.checkOut, inHouse ? "checkOut" : "checkIn");
      const agreedRate = input.agreedRate !== undefined ? input.agreedRate : locked.agreedRate;
      const { r, t } = await findRoom(tx, ctx.businessId, stay.roomId);
      if (stay.roomId !== locked.roomId && r.status === "outOfOrder")
        throw new AppError(ERROR_CODES.ROOM_OUT_OF_ORDER, `Room ${r.name} is out of order and takes no bookings`, {
          roomId: "Out of order",
        });
      const { r: oldRoom } = await findRoom(tx, ctx.businessId, locked.roomId).catch(() => ({ r: null }));
      const samePrices = (oldRoom?.roomTypeId ?? null) === t.id && agreedRate === locked.agreedRate;
      const quote =
        datesChange || !samePrices
          ? requoteStay(locked, t, stay.checkIn, stay.checkOut, agreedRate, samePrices)
          : { nightlyRates: locked.nightlyRates, total: locked.roomTotal };
      await tx
        .update(bookings)
        .set({
          roomId: stay.roomId,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
          nightlyRates: quote.nightlyRates,
          roomTotal: quote.total,
          agreedRate,
          ...(input.guestName !== undefined ? { guestName: input.guestName } : {}),
          ...(input.guestPhone !== undefined ? { guestPhone: input.guestPhone } : {}),
          ...(input.guests !== undefined ? { guests: input.guests } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          updatedAt: now(),
        })
        .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.id, id)));
      if (stay.roomId !== locked.roomId) {
        await tx
          .update(rooms)
          .set({ status: "booked", updatedAt: now() })
          .where(and(eq(rooms.businessId, ctx.businessId), eq(rooms.id, stay.roomId), eq(rooms.status, "available")));
        await freeRoomIfUnbooked(tx, ctx.businessId, locked.roomId);
      }
      return readBooking(tx, ctx.businessId, id);
    }),
  );
}

/** A room shown as booked goes back to available when no booking is waiting for it any more. */
async function freeRoomIfUnbooked(tx: Tx, businessId: string, roomId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE ${rooms} SET status = 'available', updated_at = ${now().toISOString()}::timestamptz
    WHERE business_id = ${businessId} AND id = ${roomId} AND status = 'booked'
      AND NOT EXISTS (SELECT 1 FROM ${bookings} WHERE business_id = ${businessId} AND room_id = ${roomId} AND status = 'booked')`);
}

/** DELETE /bookings/{id}: cancels a booking not yet checked in; its nights are free again, its row stays. */
export async function cancelBooking(ctx: Ctx, id: string, reason?: string): Promise<Booking> {
  return transact(ctx.db, async (tx) => {
    const { b } = await findBooking(tx, ctx.businessId, id, true);
    if (b.status !== "booked")
      throw conflict(
        b.status === "checkedIn"
          ? "The guest is already in: check them out instead"
          : `This booking is already ${b.status === "cancelled" ? "cancelled" : "checked out"}`,
      );
    const [billed] = await tx
      .select({ name: conferences.name })
      .from(conferences)
      .where(
        and(
          eq(conferences.businessId, ctx.businessId),
          eq(conferences.bookingId, id),
          eq(conferences.status, "booked"),
        ),
      )
      .limit(1);
    if (billed) throw conflict(`The conference ${billed.name} is billed to this booking: move or cancel it first`);
    await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledAt: now(),
        cancelReason: reason || null,
        updatedAt: now(),
      })
      .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.id, id)));
    await freeRoomIfUnbooked(tx, ctx.businessId, b.roomId);
    return readBooking(tx, ctx.businessId, id);
  });
}

/** POST /bookings/{id}/checkin: the guest arrives (on or after the check-in day); the room becomes occupied. */
export async function checkIn(ctx: Ctx, id: string): Promise<Booking> {
  return transact(ctx.db, async (tx) => {
    const { b, room } = await findBooking(tx, ctx.businessId, id, true);
    if (b.status !== "booked")
      throw conflict(
        b.status === "checkedIn"
          ? "The guest is already checked in"
          : `This booking is ${b.status === "cancelled" ? "cancelled" : "checked out"}`,
      );
    const today = todayIn(ctx.business.timeZone);
    if (today < b.checkIn)
      throw conflict(`Check-in opens on ${b.checkIn}: change the booking's dates to arrive earlier`);
    if (today >= b.checkOut) throw conflict("This booking's nights have passed: change its dates first");
    const [inRoom] = await tx
      .select({ guestName: bookings.guestName })
      .from(bookings)
      .where(
        and(
          eq(bookings.businessId, ctx.businessId),
          eq(bookings.roomId, b.roomId),
          eq(bookings.status, "checkedIn"),
          ne(bookings.id, id),
        ),
      )
      .limit(1);
    if (inRoom) throw conflict(`Room ${room.name} is still occupied by ${inRoom.guestName}: check them out first`);
    await tx
      .update(bookings)
      .set({ status: "checkedIn", checkedInAt: now(), updatedAt: now() })
      .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.id, id)));
    await tx
      .update(rooms)
      .set({ status: "occupied", updatedAt: now() })
      .where(and(eq(rooms.businessId, ctx.businessId), eq(rooms.id, b.roomId)));
    return readBooking(tx, ctx.businessId, id);
  });
}
