import { z } from "zod";
import { guestNameSchema, guestPhoneSchema, stayProblem } from "./booking.ts";
import { daySchema } from "./days.ts";

/**
 * Online bookings: a public page per hotel (/book/{code}, no sign-in; the code is a random UUID of the page's own) shows room types with how
 * many rooms are free for chosen dates, and takes a request (name, phone, dates). Staff confirm
 * a request (which books a room, under the same no-double-booking constraint) or decline it.
 */
export const ONLINE_REQUEST_STATUSES = ["pending", "confirmed", "declined"] as const;
export type OnlineRequestStatus = (typeof ONLINE_REQUEST_STATUSES)[number];

/** A guest may have this many requests waiting at one hotel (a flood is refused). */
export const MAX_PENDING_PER_PHONE = 3;
/** A hotel holds at most this many waiting requests; more are refused until staff answer some. */
export const MAX_PENDING_PER_HOTEL = 200;

/** The code in a hotel's public address: a random UUID of its own (not the business's id). */
export const bookingCodeSchema = z.uuid("Not a booking page address");

const stay = <T extends { checkIn: string; checkOut: string }>(v: T, ctx: z.RefinementCtx) => {
  const problem = stayProblem(v.checkIn, v.checkOut);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["checkOut"] });
};

export const availabilityQuerySchema = z.object({ checkIn: daySchema, checkOut: daySchema }).superRefine(stay);
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** What the public page shows: the hotel's name and, per room type, whether rooms are free. Nothing else. */
export const publicAvailabilitySchema = z.object({
  hotelName: z.string(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  roomTypes: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      description: z.string(),
      capacity: z.number().int(),
      /** A price from (the lowest nightly rate), or the stay's total when dates are given. */
      rate: z.number().int(),
      stayTotal: z.number().int().nullable(),
      /** Rooms of the type free for every night of the dates (0 when none; null without dates). */
      available: z.number().int().nullable(),
      image: z.string().nullable(),
    }),
  ),
});
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;

export const onlineRequestInputSchema = z
  .object({
    roomTypeId: z.uuid(),
    guestName: guestNameSchema,
    guestPhone: guestPhoneSchema,
    guests: z.number().int().min(1).max(50).default(1),
    checkIn: daySchema,
    checkOut: daySchema,
    message: z.string().trim().max(500).default(""),
  })
  .superRefine(stay);
export type OnlineRequestInput = z.infer<typeof onlineRequestInputSchema>;

/** The guest's receipt of a request: what was asked, no ids. */
export const onlineRequestReceiptSchema = z.object({
  status: z.literal("pending"),
  roomType: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
});

export const onlineRequestSchema = z.object({
  _id: z.uuid(),
  roomType: z.object({ _id: z.uuid(), name: z.string() }),
  guestName: z.string(),
  guestPhone: z.string(),
  guests: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  message: z.string(),
  status: z.enum(ONLINE_REQUEST_STATUSES),
  /** Free rooms of the type for the dates now (pending requests only). */
  available: z.number().int().nullable(),
  bookingId: z.uuid().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OnlineRequest = z.infer<typeof onlineRequestSchema>;

export const listOnlineRequestsQuerySchema = z.object({
  businessId: z.uuid(),
  status: z.enum(ONLINE_REQUEST_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const confirmOnlineRequestInputSchema = z.object({
  /** The room to book; null: the first free room of the requested type. */
  roomId: z.uuid().nullable(),
});
/** Why the hotel cannot take it (may be empty), for the call back. */
export const declineOnlineRequestInputSchema = z.object({ reason: z.string().trim().max(300) });

/** The owner's view of the hotel's public page. */
export const bookingPageSchema = z.object({ code: z.string(), enabled: z.boolean() });
export type BookingPage = z.infer<typeof bookingPageSchema>;
export const updateBookingPageInputSchema = z.object({ businessId: z.uuid(), enabled: z.boolean() });
