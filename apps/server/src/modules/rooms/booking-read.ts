import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { billTotals } from "@app/shared/rooms/bill";
import type { Bill, Booking, BookingSummary } from "@app/shared/rooms/booking";
import type { Db, DbOrTx } from "../../db/client.ts";
import { notFound } from "../../platform/errors.ts";
import { saleIsVoided, voidedSaleIds } from "../sales/sales.public.ts";
import { billPayments, bookingCharges, bookings, rooms, roomTypes } from "./rooms.table.ts";

export type BookingRow = typeof bookings.$inferSelect;
export type RoomRef = { id: string; name: string; status: (typeof rooms.$inferSelect)["status"]; roomType: string };

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Room nights count on the bill unless the booking was cancelled. */
export const roomNightsCharged = (b: Pick<BookingRow, "status" | "roomTotal">) =>
  b.status === "cancelled" ? 0 : b.roomTotal;

function baseOf(b: BookingRow, room: RoomRef) {
  return {
    _id: b.id,
    room: { _id: room.id, name: room.name, status: room.status, roomType: room.roomType },
    guestName: b.guestName,
    guestPhone: b.guestPhone,
    guests: b.guests,
    checkIn: b.checkIn,
    checkOut: b.checkOut,
    nights: b.nightlyRates.length,
    agreedRate: b.agreedRate,
    status: b.status,
    source: b.source,
    notes: b.notes,
    checkedInAt: iso(b.checkedInAt),
    checkedOutAt: iso(b.checkedOutAt),
    cancelledAt: iso(b.cancelledAt),
    cancelReason: b.cancelReason,
    overrideBy: b.overrideBy,
    overrideReason: b.overrideReason,
    createdBy: b.createdBy,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** The select that joins a booking to its room and the room's type name. */
export const bookingWithRoom = {
  b: bookings,
  room: { id: rooms.id, name: rooms.name, status: rooms.status, roomType: roomTypes.name },
};
export const roomJoin = and(eq(rooms.businessId, bookings.businessId), eq(rooms.id, bookings.roomId));
export const typeJoin = and(eq(roomTypes.businessId, rooms.businessId), eq(roomTypes.id, rooms.roomTypeId));

/** A booking row and its room; 404 when this business has no such booking. `lock` takes its row lock. */
export async function findBooking(
  db: DbOrTx,
  businessId: string,
  id: string,
  lock = false,
): Promise<{ b: BookingRow; room: RoomRef }> {
  if (lock) {
    // Lock the booking row alone (FOR UPDATE OF), not its room: the room row is updated separately.
    const locked = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
      .for("update");
    if (!locked.length) throw notFound("Booking");
  }
  const [row] = await db
    .select(bookingWithRoom)
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .innerJoin(roomTypes, typeJoin)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)));
  if (!row) throw notFound("Booking");
  return row;
}

/** The guest bill of a booking: room nights, charges (voided POS sales left out), payments. */
export async function readBill(db: DbOrTx, businessId: string, b: BookingRow): Promise<Bill> {
  const [charges, payments] = await Promise.all([
    db
      .select()
      .from(bookingCharges)
      .where(and(eq(bookingCharges.businessId, businessId), eq(bookingCharges.bookingId, b.id)))
      .orderBy(asc(bookingCharges.createdAt)),
    db
      .select()
      .from(billPayments)
      .where(and(eq(billPayments.businessId, businessId), eq(billPayments.bookingId, b.id)))
      .orderBy(asc(billPayments.paidAt), asc(billPayments.createdAt)),
  ]);
  const voided = await voidedSaleIds(
    db,
    businessId,
    charges.flatMap((c) => (c.saleId ? [c.saleId] : [])),
  );
  const live = charges.filter((c) => !c.saleId || !voided.has(c.saleId));
  const roomTotal = roomNightsCharged(b);
  return {
    roomTotal,
    charges: live.map((c) => ({
      _id: c.id,
      kind: c.kind,
      description: c.description,
      amount: c.amount,
      saleId: c.saleId,
      conferenceId: c.conferenceId,
      createdBy: c.createdBy,
      createdAt: c.createdAt.toISOString(),
    })),
    payments: payments.map((p) => ({
      _id: p.id,
      kind: p.kind,
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      paidAt: p.paidAt.toISOString(),
      recordedBy: p.recordedBy,
    })),
    ...billTotals(roomTotal, live, payments),
  };
}

/** A booking with its bill, as GET /bookings/{id} returns it. */
export async function readBooking(db: DbOrTx, businessId: string, id: string): Promise<Booking> {
  const { b, room } = await findBooking(db, businessId, id);
  return { ...baseOf(b, room), nightlyRates: b.nightlyRates, bill: await readBill(db, businessId, b) };
}

/** Totals and balances of many bookings, summed in SQL (lists and the board). */
export async function billTotalsOf(
  db: DbOrTx,
  businessId: string,
  ids: readonly string[],
): Promise<Map<string, { total: number; balance: number }>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute<{ id: string; total: string; paid: string }>(sql`
    SELECT b.id,
      (CASE WHEN b.status = 'cancelled' THEN 0 ELSE b.room_total END
        + coalesce((SELECT sum(c.amount) FROM ${bookingCharges} c
                    WHERE c.business_id = b.business_id AND c.booking_id = b.id
                      AND (c.sale_id IS NULL OR NOT ${saleIsVoided(sql`c.business_id`, sql`c.sale_id`)})), 0))::bigint AS total,
      coalesce((SELECT sum(p.amount) FROM ${billPayments} p WHERE p.business_id = b.business_id AND p.booking_id = b.id), 0)::bigint AS paid
    FROM ${bookings} b
    WHERE b.business_id = ${businessId} AND b.id = ANY(${sql.param([...ids])}::uuid[])`);
  return new Map(rows.map((r) => [r.id, { total: Number(r.total), balance: Number(r.total) - Number(r.paid) }]));
}

/** Booking rows with their rooms as list summaries (total and balance included). */
export async function toSummaries(
  db: DbOrTx,
  businessId: string,
  rows: { b: BookingRow; room: RoomRef }[],
): Promise<BookingSummary[]> {
  const totals = await billTotalsOf(
    db,
    businessId,
    rows.map((r) => r.b.id),
  );
  return rows.map(({ b, room }) => ({ ...baseOf(b, room), ...(totals.get(b.id) ?? { total: 0, balance: 0 }) }));
}

/** Bookings by id with their rooms, in no particular order. */
export async function findBookings(db: DbOrTx, businessId: string, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select(bookingWithRoom)
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .innerJoin(roomTypes, typeJoin)
    .where(and(eq(bookings.businessId, businessId), inArray(bookings.id, [...ids])));
}

/** The business that owns a booking, for the tenancy guard. */
export async function businessIdOfBooking(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: bookings.businessId }).from(bookings).where(eq(bookings.id, id)).limit(1);
  return row?.businessId ?? null;
}
