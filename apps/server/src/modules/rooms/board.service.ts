import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { rollUp, occupancyRow, type Analysis, type AnalysisQuery } from "@app/shared/rooms/analysis";
import type { Board, BoardBooking, BoardQuery } from "@app/shared/rooms/booking";
import { addDays } from "@app/shared/rooms/days";
import type { Ctx } from "../../platform/context.ts";
import { billTotalsOf } from "./booking-read.ts";
import { bookings, rooms, roomTypes } from "./rooms.table.ts";
import { stayEndSql } from "./stay-end.ts";

/**
 * GET /rooms/board, the front desk: every room with its status, the stays with a night in the
 * period (cancelled ones left out), and today's arrivals and departures. Three queries whatever
 * the size: the rooms, the stays (by the business's stay index), and their balances in one sum.
 */
export async function frontDeskBoard(ctx: Ctx, q: BoardQuery): Promise<Board> {
  const today = todayIn(ctx.business.timeZone);
  const from = q.from ?? today;
  const end = addDays(from, q.days); // the day after the last night shown
  const stayEnd = stayEndSql(ctx.business.timeZone);
  const [roomRows, stays] = await Promise.all([
    ctx.db
      .select({ _id: rooms.id, name: rooms.name, status: rooms.status, roomType: roomTypes.name })
      .from(rooms)
      .innerJoin(roomTypes, and(eq(roomTypes.businessId, rooms.businessId), eq(roomTypes.id, rooms.roomTypeId)))
      .where(and(eq(rooms.businessId, ctx.businessId), isNull(rooms.deletedAt)))
      .orderBy(sql`length(${rooms.name})`, asc(rooms.name)),
    ctx.db
      .select({
        _id: bookings.id,
        roomId: bookings.roomId,
        roomName: rooms.name,
        guestName: bookings.guestName,
        guests: bookings.guests,
        checkIn: bookings.checkIn,
        // A stay checked out early ends on the board where the guest left (stay-end.ts).
        checkOut: sql<string>`to_char(${stayEnd}, 'YYYY-MM-DD')`,
        status: bookings.status,
      })
      .from(bookings)
      .innerJoin(rooms, and(eq(rooms.businessId, bookings.businessId), eq(rooms.id, bookings.roomId)))
      .where(
        and(
          eq(bookings.businessId, ctx.businessId),
          sql`${bookings.status} <> 'cancelled'`,
          // A stay with a night in [from, end), or one due today that is not settled yet (late).
          sql`((${bookings.checkIn} < ${end}::date AND ${stayEnd} > ${from}::date)
               OR (${bookings.status} = 'booked' AND ${bookings.checkIn} <= ${today}::date AND ${bookings.checkOut} > ${today}::date)
               OR (${bookings.status} = 'checkedIn' AND ${bookings.checkOut} <= ${today}::date))`,
        ),
      )
      .orderBy(asc(bookings.checkIn)),
  ]);
  const totals = await billTotalsOf(
    ctx.db,
    ctx.businessId,
    stays.map((s) => s._id),
  );
  const withBalance: BoardBooking[] = stays.map((s) => ({ ...s, balance: totals.get(s._id)?.balance ?? 0 }));
  const inPeriod = (s: BoardBooking) => s.checkIn < end && s.checkOut > from;
  return {
    from,
    days: q.days,
    today,
    rooms: roomRows,
    bookings: withBalance.filter(inPeriod),
    arrivals: withBalance.filter((s) => s.status === "booked" && s.checkIn <= today && s.checkOut > today),
    departures: withBalance.filter((s) => s.status === "checkedIn" && s.checkOut <= today),
  };
}

/**
 * GET /rooms/analysis: occupancy by day and month. Each day offers every room of the hotel
 * (deleted rooms left out); a night is sold when a stay that is not cancelled holds it, and
 * earns the rate stored with its booking; a stay checked out early holds only the nights the guest
 * stayed (stay-end.ts), so a room let again after it is never counted twice. ADR = revenue / nights sold; RevPAR = revenue / rooms.
 */
export async function occupancyAnalysis(ctx: Ctx, q: AnalysisQuery): Promise<Analysis> {
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rooms)
    .where(and(eq(rooms.businessId, ctx.businessId), isNull(rooms.deletedAt)));
  const roomCount = count?.n ?? 0;
  const { rows } = await ctx.db.execute<{ day: string; sold: number; revenue: string }>(sql`
    SELECT to_char(d, 'YYYY-MM-DD') AS day, count(n.rate)::int AS sold, coalesce(sum(n.rate), 0)::bigint AS revenue
    FROM generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    LEFT JOIN LATERAL (
      SELECT (b.nightly_rates ->> (d::date - b.check_in))::bigint AS rate
      FROM ${bookings} b
      WHERE b.business_id = ${ctx.businessId} AND b.status <> 'cancelled'
        AND b.check_in <= d::date AND ${stayEndSql(ctx.business.timeZone, "b")} > d::date
    ) n ON true
    GROUP BY d ORDER BY d`);
  const days = rows.map((r) => ({
    day: r.day,
    available: roomCount,
    sold: Number(r.sold),
    revenue: Number(r.revenue),
  }));
  const { months, total } = rollUp(days);
  return {
    from: q.from,
    to: q.to,
    rooms: roomCount,
    days: days.map((d) => occupancyRow(d.day, d)),
    months,
    total,
  };
}
