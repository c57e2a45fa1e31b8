import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { daySchema } from "./days.ts";

/**
 * What a room is doing now (spec section 4: the status can be set directly; a new booking sets
 * booked, check-in occupied, check-out cleaning). Out of order rooms take no new bookings.
 */
export const ROOM_STATUSES = ["available", "booked", "occupied", "cleaning", "outOfOrder"] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** At most this many images per room (each as for products: JPEG, PNG or WebP up to 5 MB). */
export const MAX_ROOM_IMAGES = 8;

const name = (max: number) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);

/** A season with its own nightly price (e.g. Christmas, 20 Dec to 2 Jan, both days included). */
export const seasonSchema = z
  .object({
    name: name(60),
    from: daySchema,
    to: daySchema,
    rate: centsSchema.min(1, "Must be more than 0"),
    /** Friday and Saturday nights in the season; the season's rate when not given. */
    weekendRate: centsSchema.min(1, "Must be more than 0").nullable().default(null),
  })
  .refine((s) => s.from <= s.to, { message: "The season must end on or after its first day", path: ["to"] });
export type Season = z.infer<typeof seasonSchema>;

const roomTypeFields = {
  name: name(60),
  description: z.string().trim().max(500).default(""),
  /** Guests the room sleeps. */
  capacity: z.number().int().min(1).max(50).default(2),
  /** The price of a night, in cents. */
  rate: centsSchema.min(1, "Must be more than 0"),
  /** Friday and Saturday nights; the rate when not given. */
  weekendRate: centsSchema.min(1, "Must be more than 0").nullable().default(null),
  seasons: z
    .array(seasonSchema)
    .max(20)
    .default([])
    .refine((list) => !overlappingSeasons(list), { message: "Two seasons cover the same day" }),
};

/** True when two seasons share a day (a night would have two prices). */
export function overlappingSeasons(list: readonly Pick<Season, "from" | "to">[]): boolean {
  const sorted = [...list].sort((a, b) => a.from.localeCompare(b.from));
  return sorted.some((s, i) => i > 0 && s.from <= sorted[i - 1]!.to);
}

export const createRoomTypeInputSchema = z.object({ businessId: z.uuid(), ...roomTypeFields });
export type CreateRoomTypeInput = z.infer<typeof createRoomTypeInputSchema>;
export const updateRoomTypeInputSchema = z.object(roomTypeFields);
export type UpdateRoomTypeInput = z.infer<typeof updateRoomTypeInputSchema>;

export const roomTypeSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  capacity: z.number().int(),
  rate: z.number().int(),
  weekendRate: z.number().int().nullable(),
  seasons: z.array(
    z.object({
      name: z.string(),
      from: z.string(),
      to: z.string(),
      rate: z.number().int(),
      weekendRate: z.number().int().nullable(),
    }),
  ),
  /** How many rooms are of this type. */
  rooms: z.number().int(),
});
export type RoomType = z.infer<typeof roomTypeSchema>;

export const createRoomInputSchema = z.object({
  businessId: z.uuid(),
  name: name(40),
  roomTypeId: z.uuid(),
  description: z.string().trim().max(500).default(""),
  status: z.enum(ROOM_STATUSES).default("available"),
});
export type CreateRoomInput = z.infer<typeof createRoomInputSchema>;

/** Room edits: any of its fields; `images` (the room's own URLs) removes or reorders images. */
export const updateRoomInputSchema = z
  .object({
    name: name(40).optional(),
    roomTypeId: z.uuid().optional(),
    description: z.string().trim().max(500).optional(),
    status: z.enum(ROOM_STATUSES).optional(),
    images: z.array(z.string().max(300)).max(MAX_ROOM_IMAGES).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateRoomInput = z.infer<typeof updateRoomInputSchema>;

export const roomSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: z.enum(ROOM_STATUSES),
  images: z.array(z.string()),
  roomType: z.object({ _id: z.uuid(), name: z.string(), rate: z.number().int(), capacity: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const businessQuerySchema = z.object({ businessId: z.uuid() });
