import { and, asc, eq, sql } from "drizzle-orm";
import type { CreateRoomTypeInput, RoomType, UpdateRoomTypeInput } from "@app/shared/rooms/room";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { onlineRequests, rooms, roomTypes } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";

type Row = typeof roomTypes.$inferSelect;

function toRoomType(r: Row, roomCount: number): RoomType {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    capacity: r.capacity,
    rate: r.rate,
    weekendRate: r.weekendRate,
    seasons: r.seasons.map((s) => ({ ...s, weekendRate: s.weekendRate ?? null })),
    rooms: roomCount,
  };
}

const nameTaken = (name: string) => conflict(`A room type named ${name} already exists`, { name: "Already used" });

/** Rooms of each type (deleted rooms left out). */
// Written out in full: drizzle leaves columns unqualified in a one-table select, where they would name r's.
const roomCount = sql<number>`(SELECT count(*)::int FROM ${rooms} r
  WHERE r.business_id = room_types.business_id AND r.room_type_id = room_types.id AND r.deleted_at IS NULL)`;

/** The room types of a hotel with their prices, by name. */
export async function listRoomTypes(ctx: Ctx): Promise<RoomType[]> {
  const rows = await ctx.db
    .select({ t: roomTypes, n: roomCount })
    .from(roomTypes)
    .where(eq(roomTypes.businessId, ctx.businessId))
    .orderBy(asc(roomTypes.name));
  return rows.map(({ t, n }) => toRoomType(t, n));
}

/** One room type of this business; 404 for any other id. */
export async function findRoomType(db: DbOrTx, businessId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(roomTypes)
    .where(and(eq(roomTypes.businessId, businessId), eq(roomTypes.id, id)));
  if (!row) throw notFound("Room type");
  return row;
}

export async function createRoomType(ctx: Ctx, input: CreateRoomTypeInput): Promise<RoomType> {
  try {
    const [row] = await ctx.db
      .insert(roomTypes)
      .values({
        businessId: ctx.businessId,
        name: input.name,
        description: input.description,
        capacity: input.capacity,
        rate: input.rate,
        weekendRate: input.weekendRate,
        seasons: input.seasons,
      })
      .returning();
    return toRoomType(row!, 0);
  } catch (err) {
    if (isUniqueViolation(err, "room_types_business_name_key")) throw nameTaken(input.name);
    throw err;
  }
}

/** New prices apply to bookings made from now on; bookings already made keep theirs. */
export async function updateRoomType(ctx: Ctx, id: string, input: UpdateRoomTypeInput): Promise<RoomType> {
  try {
    const [row] = await ctx.db
      .update(roomTypes)
      .set({ ...input, updatedAt: now() })
      .where(and(eq(roomTypes.businessId, ctx.businessId), eq(roomTypes.id, id)))
      .returning();
    if (!row) throw notFound("Room type");
    const [{ n } = { n: 0 }] = await ctx.db
      .select({ n: roomCount })
      .from(roomTypes)
      .where(and(eq(roomTypes.businessId, ctx.businessId), eq(roomTypes.id, id)));
    return toRoomType(row, n);
  } catch (err) {
    if (isUniqueViolation(err, "room_types_business_name_key")) throw nameTaken(input.name);
    throw err;
  }
}

/** Deletes a room type no room (not even a deleted one) and no online request ever used. */
export async function deleteRoomType(ctx: Ctx, id: string): Promise<void> {
  await findRoomType(ctx.db, ctx.businessId, id);
  const [used] = await ctx.db
    .execute<{ rooms: boolean; requests: boolean }>(
      sql`
    SELECT EXISTS (SELECT 1 FROM ${rooms} WHERE business_id = ${ctx.businessId} AND room_type_id = ${id}) AS rooms,
           EXISTS (SELECT 1 FROM ${onlineRequests} WHERE business_id = ${ctx.businessId} AND room_type_id = ${id}) AS requests`,
    )
    .then((r) => r.rows);
  if (used?.rooms) throw conflict("Rooms of this type exist: move them to another type first");
  if (used?.requests) throw conflict("Guests have asked for this room type online: it stays");
  await ctx.db.delete(roomTypes).where(and(eq(roomTypes.businessId, ctx.businessId), eq(roomTypes.id, id)));
}

/** The business that owns a room type, for the tenancy guard. */
export async function businessIdOfRoomType(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ businessId: roomTypes.businessId })
    .from(roomTypes)
    .where(eq(roomTypes.id, id))
    .limit(1);
  return row?.businessId ?? null;
}
