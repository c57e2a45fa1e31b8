import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { compactPhone, localKenyanPhone } from "../phone/phone-rules.ts";
import { MPESA_REFERENCE } from "../sales/payments.ts";
import { daysBetween, daySchema, nightsOf } from "./days.ts";
import { ROOM_STATUSES, roomSchema } from "./room.ts";

/**
 * booked: reserved, not arrived.  checkedIn: in the room.  checkedOut: left.  cancelled: called off.
 * Only booked and checked-in bookings hold their nights (the database's exclusion constraint).
 */
export const BOOKING_STATUSES = ["booked", "checkedIn", "checkedOut", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const LIVE_BOOKING_STATUSES = ["booked", "checkedIn"] as const satisfies readonly BookingStatus[];

/** Where a booking came from: the front desk, or a guest's request from the public page. */
export const BOOKING_SOURCES = ["desk", "online"] as const;

/** How guests pay a bill (spec: Cash, M-Pesa or Bank). */
export const BILL_PAYMENT_METHODS = ["Cash", "M-Pesa", "Bank Transfer"] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];

/** The longest stay one booking takes, and how far ahead one can be made. */
export const MAX_NIGHTS = 366;
export const MAX_DAYS_AHEAD = 730;

/**
 * A guest's phone as typed ("0712 345 678", "+44 20-7946 0958"): a Kenyan mobile number is kept in
 * its one form (0712345678), any other as 9 to 15 digits with an optional leading +.
 */
export const guestPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s\-.()]{9,30}$/, "Enter a phone number of 9 to 15 digits")
  .transform((typed) => localKenyanPhone(typed) ?? compactPhone(typed))
  .pipe(z.string().regex(/^\+?\d{9,15}$/, "Enter a phone number of 9 to 15 digits"));

export { compactPhone };

export const guestNameSchema = z.string().trim().min(2, "At least 2 characters").max(120, "At most 120 characters");

/** Check-out after check-in, at least one night, at most MAX_NIGHTS. */
export function stayProblem(checkIn: string, checkOut: string): string | null {
  const nights = daysBetween(checkIn, checkOut);
  if (nights < 0) return "Check-out must be after check-in";
  if (nights === 0) return "A booking needs at least one night";
  if (nights > MAX_NIGHTS) return `At most ${MAX_NIGHTS} nights in one booking`;
  return null;
}

type Stay = { checkIn: string; checkOut: string };
const refineStay = <T extends Stay>(v: T, ctx: z.RefinementCtx) => {
  const problem = stayProblem(v.checkIn, v.checkOut);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["checkOut"] });
};

const bookingFields = {
  roomId: z.uuid(),
  guestName: guestNameSchema,
  guestPhone: guestPhoneSchema,
  guests: z.number().int().min(1).max(50).default(1),
  checkIn: daySchema,
  checkOut: daySchema,
  /** A nightly price agreed at the desk; the room type's rates otherwise. */
  agreedRate: centsSchema.min(1, "Must be more than 0").nullable().default(null),
  notes: z.string().trim().max(1000).default(""),
};

export const createBookingInputSchema = z.object({ businessId: z.uuid(), ...bookingFields }).superRefine(refineStay);
export type CreateBookingInput = z.infer<typeof createBookingInputSchema>;

/** Changes to a booking not yet checked out; new dates or room are held by the same constraint. */
export const updateBookingInputSchema = z
  .object({
    roomId: z.uuid().optional(),
    guestName: guestNameSchema.optional(),
    guestPhone: guestPhoneSchema.optional(),
    guests: z.number().int().min(1).max(50).optional(),
    checkIn: daySchema.optional(),
    checkOut: daySchema.optional(),
    agreedRate: centsSchema.min(1, "Must be more than 0").nullable().optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" })
  .superRefine((v, ctx) => {
    if (v.checkIn && v.checkOut) refineStay({ checkIn: v.checkIn, checkOut: v.checkOut }, ctx);
  });
export type UpdateBookingInput = z.infer<typeof updateBookingInputSchema>;

/** DELETE /bookings/{id}: cancels it (the row stays, its nights are freed). */
export const cancelBookingQuerySchema = z.object({ reason: z.string().trim().max(300).optional() });

/** Check-out with a balance still owed needs the owner, and a reason. */
export const checkOutInputSchema = z.object({
  /** true: the owner lets the guest leave with a balance owed. */
  override: z.boolean(),
  reason: z.string().trim().max(300).optional(),
});
export type CheckOutInput = z.infer<typeof checkOutInputSchema>;

export const billPaymentInputSchema = z
  .object({
    amount: centsSchema.min(1, "Must be more than 0"),
    method: z.enum(BILL_PAYMENT_METHODS, { error: "Choose Cash, M-Pesa or Bank Transfer" }),
    /** The M-Pesa confirmation code (required for M-Pesa) or a bank reference. */
    reference: z.string().trim().toUpperCase().max(40).optional(),
    paidAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === "M-Pesa" && !MPESA_REFERENCE.test(v.reference ?? ""))
      ctx.addIssue({ code: "custom", message: "Enter the M-Pesa confirmation code", path: ["reference"] });
  });
export type BillPaymentInput = z.infer<typeof billPaymentInputSchema>;

/** A charge posted to a bill by hand (laundry, a minibar); POS sales and conferences post their own. */
export const billChargeInputSchema = z.object({
  description: z.string().trim().min(2, "At least 2 characters").max(120),
  amount: centsSchema.min(1, "Must be more than 0"),
});
export type BillChargeInput = z.infer<typeof billChargeInputSchema>;

export const CHARGE_KINDS = ["pos", "conference", "other"] as const;

export const billSchema = z.object({
  /** Room nights at the rates stored with the booking. */
  roomTotal: z.number().int(),
  charges: z.array(
    z.object({
      _id: z.uuid(),
      kind: z.enum(CHARGE_KINDS),
      description: z.string(),
      amount: z.number().int(),
      saleId: z.uuid().nullable(),
      conferenceId: z.uuid().nullable(),
      createdBy: z.string(),
      createdAt: z.string(),
    }),
  ),
  chargesTotal: z.number().int(),
  total: z.number().int(),
  payments: z.array(
    z.object({
      _id: z.uuid(),
      kind: z.enum(["deposit", "payment"]),
      method: z.enum(BILL_PAYMENT_METHODS),
      amount: z.number().int(),
      reference: z.string().nullable(),
      paidAt: z.string(),
      recordedBy: z.string(),
    }),
  ),
  paid: z.number().int(),
  balance: z.number().int(),
});
export type Bill = z.infer<typeof billSchema>;

export const bookingSchema = z.object({
  _id: z.uuid(),
  room: z.object({ _id: z.uuid(), name: z.string(), status: z.enum(ROOM_STATUSES), roomType: z.string() }),
  guestName: z.string(),
  guestPhone: z.string(),
  guests: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  /** The price of each night, fixed when the booking was made (or its dates changed). */
  nightlyRates: z.array(z.number().int()),
  agreedRate: z.number().int().nullable(),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  notes: z.string(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Set when the owner checked the guest out with a balance still owed. */
  overrideBy: z.string().nullable(),
  overrideReason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  bill: billSchema,
});
export type Booking = z.infer<typeof bookingSchema>;

/** A booking in lists and on the board: no bill. */
export const bookingSummarySchema = bookingSchema
  .omit({ bill: true, nightlyRates: true })
  .extend({ total: z.number().int(), balance: z.number().int() });
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const listBookingsQuerySchema = z.object({
  businessId: z.uuid(),
  status: z.enum(BOOKING_STATUSES).optional(),
  roomId: z.uuid().optional(),
  /** Bookings with a night on or after this day... */
  from: daySchema.optional(),
  /** ...and on or before this one. */
  to: daySchema.optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type ListBookingsQuery = z.infer<typeof listBookingsQuerySchema>;

/** The front desk board: rooms by day from `from`, `days` days long. */
export const boardQuerySchema = z.object({
  businessId: z.uuid(),
  from: daySchema.optional(),
  days: z.coerce.number().int().min(1).max(62).default(14),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

const boardBookingSchema = z.object({
  _id: z.uuid(),
  roomId: z.uuid(),
  roomName: z.string(),
  guestName: z.string(),
  guests: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  status: z.enum(BOOKING_STATUSES),
  balance: z.number().int(),
});
export type BoardBooking = z.infer<typeof boardBookingSchema>;

export const boardSchema = z.object({
  from: z.string(),
  days: z.number().int(),
  /** Today in the business's time zone. */
  today: z.string(),
  rooms: z.array(z.object({ _id: z.uuid(), name: z.string(), status: z.enum(ROOM_STATUSES), roomType: z.string() })),
  /** Live and past bookings with a night in the period (cancelled ones left out). */
  bookings: z.array(boardBookingSchema),
  /** Due to arrive today (booked, check-in today or earlier and not yet in). */
  arrivals: z.array(boardBookingSchema),
  /** Due to leave today (checked in, check-out today or earlier). */
  departures: z.array(boardBookingSchema),
});
export type Board = z.infer<typeof boardSchema>;

/** For the POS "charge to room": guests now in their rooms, by room. */
export const inHouseGuestSchema = z.object({
  bookingId: z.uuid(),
  roomName: z.string(),
  guestName: z.string(),
});
export type InHouseGuest = z.infer<typeof inHouseGuestSchema>;

/** A room with its bookings (GET /rooms/{id}): newest stay first, cancelled ones included. */
export const roomDetailSchema = roomSchema.extend({ bookings: z.array(bookingSummarySchema) });
export type RoomDetail = z.infer<typeof roomDetailSchema>;

/**
 * The front desk's "rooms by status" counts. Booked counts the rooms a guest is due in tonight as
 * well as rooms marked booked: a room's status changes only at check-in, so "Booked: 0" showed
 * while a guest was booked for tonight. An available room with a guest due counts as booked only;
 * a room being cleaned (or still occupied) for a guest due today counts in both, since both are true.
 */
export function roomStatusCounts(
  board: Pick<Board, "rooms" | "arrivals">,
): Record<(typeof ROOM_STATUSES)[number], number> {
  const arriving = new Set(board.arrivals.map((b) => b.roomId));
  const counts = Object.fromEntries(ROOM_STATUSES.map((s) => [s, 0])) as Record<(typeof ROOM_STATUSES)[number], number>;
  for (const room of board.rooms) {
    const due = arriving.has(room._id) && room.status !== "booked";
    if (!(due && room.status === "available")) counts[room.status] += 1;
    if (due) counts.booked += 1;
  }
  return counts;
}

/**
 * The nights a room is taken by its live bookings (booked, checked in), but for the booking being
 * changed: the booking form's date picker excludes them as check-in days (spec section 5:
 * excluded dates are refused; issue 33, item 7). A checked-out stay holds no night any more.
 */
export function takenNights(
  bookings: readonly (Pick<Booking, "_id" | "status" | "checkIn" | "checkOut"> & { room: { _id: string } })[],
  roomId: string,
  exceptBookingId?: string,
): string[] {
  const nights = new Set<string>();
  for (const b of bookings) {
    if (b.room._id !== roomId || b._id === exceptBookingId) continue;
    if (!(LIVE_BOOKING_STATUSES as readonly string[]).includes(b.status)) continue;
    for (const night of nightsOf(b.checkIn, b.checkOut)) nights.add(night);
  }
  return [...nights].sort();
}
