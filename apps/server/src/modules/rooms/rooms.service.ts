import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { todayIn } from "@app/shared/inventory/daily-stock";
import type { RoomDetail } from "@app/shared/rooms/booking";
import { MAX_ROOM_IMAGES, type CreateRoomInput, type Room, type UpdateRoomInput } from "@app/shared/rooms/room";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { Ctx } from "../../platform/context.ts";
import { AppError, conflict, isUniqueViolation, notFound } from "../../platform/errors.ts";
import { sniffImageType, type FileStorage } from "../../platform/files.ts";
import { bookingWithRoom, roomJoin, toSummaries, typeJoin } from "./booking-read.ts";
import { findRoomType } from "./room-types.service.ts";
import { bookings, rooms, roomTypes } from "./rooms.table.ts";
import { now } from "../../platform/clock.ts";

type RoomRow = typeof rooms.$inferSelect;
type TypeRow = typeof roomTypes.$inferSelect;

const FILES_URL = "/api/files/";

export function toRoom(r: RoomRow, t: Pick<TypeRow, "id" | "name" | "rate" | "capacity">): Room {
  return {
    _id: r.id,
    name: r.name,
    description: r.description,
    status: r.status,
    images: r.images,
    roomType: { _id: t.id, name: t.name, rate: t.rate, capacity: t.capacity },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const liveRoom = (businessId: string) => and(eq(rooms.businessId, businessId), isNull(rooms.deletedAt));
const nameTaken = (name: string) => conflict(`A room named ${name} already exists`, { name: "Already used" });

/** A room of this business (not deleted) with its type; 404 otherwise. */
export async function findRoom(db: DbOrTx, businessId: string, id: string): Promise<{ r: RoomRow; t: TypeRow }> {
  const [row] = await db
    .select({ r: rooms, t: roomTypes })
    .from(rooms)
    .innerJoin(roomTypes, and(eq(roomTypes.businessId, rooms.businessId), eq(roomTypes.id, rooms.roomTypeId)))
    .where(and(liveRoom(businessId), eq(rooms.id, id)));
  if (!row) throw notFound("Room");
  return row;
}

/** The hotel's rooms by name (numbers in number order: 2 before 10). */
export async function listRooms(ctx: Ctx): Promise<Room[]> {
  const rows = await ctx.db
    .select({ r: rooms, t: roomTypes })
    .from(rooms)
    .innerJoin(roomTypes, and(eq(roomTypes.businessId, rooms.businessId), eq(roomTypes.id, rooms.roomTypeId)))
    .where(liveRoom(ctx.businessId))
    .orderBy(sql`length(${rooms.name})`, asc(rooms.name));
  return rows.map(({ r, t }) => toRoom(r, t));
}

/** A room with its bookings, newest stay first (the last 200). */
export async function getRoom(ctx: Ctx, id: string): Promise<RoomDetail> {
  const { r, t } = await findRoom(ctx.db, ctx.businessId, id);
  const rows = await ctx.db
    .select(bookingWithRoom)
    .from(bookings)
    .innerJoin(rooms, roomJoin)
    .innerJoin(roomTypes, typeJoin)
    .where(and(eq(bookings.businessId, ctx.businessId), eq(bookings.roomId, id)))
    .orderBy(desc(bookings.checkIn), desc(bookings.createdAt))
    .limit(200);
  return { ...toRoom(r, t), bookings: await toSummaries(ctx.db, ctx.businessId, rows) };
}

export async function createRoom(ctx: Ctx, input: CreateRoomInput): Promise<Room> {
  const t = await findRoomType(ctx.db, ctx.businessId, input.roomTypeId);
  try {
    const [row] = await ctx.db
      .insert(rooms)
      .values({
        businessId: ctx.businessId,
        name: input.name,
        roomTypeId: t.id,
        description: input.description,
        status: input.status,
      })
      .returning();
    return toRoom(row!, t);
  } catch (err) {
    if (isUniqueViolation(err, "rooms_business_name_key")) throw nameTaken(input.name);
    throw err;
  }
}

/**
 * Edits a room: name, type, description, status (set directly, spec section 4), and its images
 * (a subset of its own, in the new order; files of removed images are deleted).
 */
export async function updateRoom(ctx: Ctx, files: FileStorage, id: string, input: UpdateRoomInput): Promise<Room> {
  const { r } = await findRoom(ctx.db, ctx.businessId, id);
  const type = input.roomTypeId ? await findRoomType(ctx.db, ctx.businessId, input.roomTypeId) : null;
  if (input.images?.some((url) => !r.images.includes(url)))
    throw new AppError(ERROR_CODES.VALIDATION, "Only the room's own images can be kept", {
      images: "Not one of this room's images",
    });
  let row: RoomRow | undefined;
  try {
    [row] = await ctx.db
      .update(rooms)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(type ? { roomTypeId: type.id } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(input.images ? { images: [...new Set(input.images)] } : {}),
        updatedAt: now(),
      })
      .where(and(liveRoom(ctx.businessId), eq(rooms.id, id)))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, "rooms_business_name_key")) throw nameTaken(input.name ?? r.name);
    throw err;
  }
  if (!row) throw notFound("Room");
  for (const url of r.images.filter((u) => !row.images.includes(u))) await removeFile(files, url);
  const { t } = await findRoom(ctx.db, ctx.businessId, id);
  return toRoom(row, t);
}

async function removeFile(files: FileStorage, url: string): Promise<void> {
  if (url.startsWith(FILES_URL)) await files.remove(url.slice(FILES_URL.length)).catch(() => undefined);
}

/**
 * Deletes a room: refused while it has bookings still to come or under way (409: set it out
 * of order instead, so it takes no new bookings). Its past bookings keep it, hidden from lists.
 */
export async function deleteRoom(ctx: Ctx, id: string): Promise<void> {
  await findRoom(ctx.db, ctx.businessId, id);
  const today = todayIn(ctx.business.timeZone);
  const [pending] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, ctx.businessId),
        eq(bookings.roomId, id),
        sql`${bookings.status} IN ('booked', 'checkedIn')`,
        sql`(${bookings.checkOut} > ${today}::date OR ${bookings.status} = 'checkedIn')`,
      ),
    );
  if (pending && pending.n > 0)
    throw new AppError(
      ERROR_CODES.ROOM_HAS_BOOKINGS,
      `This room has ${pending.n === 1 ? "a booking" : `${pending.n} bookings`} still to come: cancel or move ${pending.n === 1 ? "it" : "them"} first, or set the room out of order so it takes no new bookings`,
    );
  await ctx.db
    .update(rooms)
    .set({ deletedAt: now(), updatedAt: now() })
    .where(and(liveRoom(ctx.businessId), eq(rooms.id, id)));
}

/** Adds an uploaded image (JPEG, PNG or WebP by content, up to 5 MB) to a room, at most MAX_ROOM_IMAGES. */
export async function addRoomImage(ctx: Ctx, files: FileStorage, id: string, data: Buffer): Promise<Room> {
  const type = sniffImageType(data);
  if (!type)
    throw new AppError(ERROR_CODES.VALIDATION, "The image must be a JPEG, PNG or WebP file", {
      image: "Not a JPEG, PNG or WebP image",
    });
  const { r } = await findRoom(ctx.db, ctx.businessId, id);
  if (r.images.length >= MAX_ROOM_IMAGES)
    throw new AppError(ERROR_CODES.VALIDATION, `A room has at most ${MAX_ROOM_IMAGES} images: remove one first`, {
      image: `At most ${MAX_ROOM_IMAGES} images`,
    });
  // No business id in the key: the public booking page shows room images.
  const key = `rooms/${randomUUID()}.${type.ext}`;
  await files.put(key, data);
  // Appended in one statement with the limit checked again, so two uploads at once cannot pass it.
  const [row] = await ctx.db
    .update(rooms)
    .set({
      images: sql`${rooms.images} || ${JSON.stringify([`${FILES_URL}${key}`])}::jsonb`,
      updatedAt: now(),
    })
    .where(
      and(liveRoom(ctx.businessId), eq(rooms.id, id), sql`jsonb_array_length(${rooms.images}) < ${MAX_ROOM_IMAGES}`),
    )
    .returning();
  if (!row) {
    await files.remove(key).catch(() => undefined);
    throw new AppError(ERROR_CODES.VALIDATION, `A room has at most ${MAX_ROOM_IMAGES} images: remove one first`, {
      image: `At most ${MAX_ROOM_IMAGES} images`,
    });
  }
  const { t } = await findRoom(ctx.db, ctx.businessId, id);
  return toRoom(row, t);
}

/** The business that owns a room (deleted ones too: they answer 404 in the service), for the tenancy guard. */
export async function businessIdOfRoom(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ businessId: rooms.businessId }).from(rooms).where(eq(rooms.id, id)).limit(1);
  return row?.businessId ?? null;
}
