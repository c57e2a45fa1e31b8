import { z } from "zod";
import { centsSchema } from "../money/limits.ts";
import { BILL_PAYMENT_METHODS, guestNameSchema, guestPhoneSchema } from "./booking.ts";
import { daysBetween, daySchema } from "./days.ts";

/**
 * Conference pricing (GET/POST /conferences/price, PUT /conferences/price/{id}): a package
 * priced per person per day (meals, tea, stationery), with hall hire per day; either may be 0.
 */
const priceFields = {
  name: z.string().trim().min(2, "At least 2 characters").max(80),
  description: z.string().trim().max(500).default(""),
  perPersonPerDay: centsSchema,
  hallHirePerDay: centsSchema,
  active: z.boolean().default(true),
};
const somethingToPay = (v: { perPersonPerDay?: number; hallHirePerDay?: number }) =>
  (v.perPersonPerDay ?? 1) > 0 || (v.hallHirePerDay ?? 1) > 0;

export const createConferencePriceInputSchema = z
  .object({ businessId: z.uuid(), ...priceFields })
  .refine(somethingToPay, { message: "Give a price per person or a hall hire", path: ["perPersonPerDay"] });
export type CreateConferencePriceInput = z.infer<typeof createConferencePriceInputSchema>;

export const updateConferencePriceInputSchema = z
  .object({
    name: priceFields.name.optional(),
    description: z.string().trim().max(500).optional(),
    perPersonPerDay: centsSchema.optional(),
    hallHirePerDay: centsSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateConferencePriceInput = z.infer<typeof updateConferencePriceInputSchema>;

export const conferencePriceSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  perPersonPerDay: z.number().int(),
  hallHirePerDay: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type ConferencePrice = z.infer<typeof conferencePriceSchema>;

export const CONFERENCE_STATUSES = ["booked", "cancelled"] as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number];
export const MAX_CONFERENCE_DAYS = 60;

/** Days of an event, both ends included. */
export const conferenceDays = (startDay: string, endDay: string) => daysBetween(startDay, endDay) + 1;

/** What an event costs: each day, every person at the package price plus the hall. */
export function conferenceTotal(v: {
  startDay: string;
  endDay: string;
  persons: number;
  perPersonPerDay: number;
  hallHirePerDay: number;
}): number {
  return conferenceDays(v.startDay, v.endDay) * (v.persons * v.perPersonPerDay + v.hallHirePerDay);
}

const conferenceFields = {
  name: z.string().trim().min(2, "At least 2 characters").max(120),
  organiser: guestNameSchema,
  organiserPhone: guestPhoneSchema,
  hall: z.string().trim().max(80).default(""),
  startDay: daySchema,
  endDay: daySchema,
  persons: z.number().int().min(1).max(5000),
  /** The package chosen; its prices are copied onto the conference. */
  priceId: z.uuid(),
  /** A guest booking whose bill carries this conference instead of its own payments. */
  bookingId: z.uuid().nullable().default(null),
  notes: z.string().trim().max(1000).default(""),
};

const refineDays = (v: { startDay?: string; endDay?: string }, ctx: z.RefinementCtx) => {
  if (!v.startDay || !v.endDay) return;
  const days = conferenceDays(v.startDay, v.endDay);
  if (days < 1)
    ctx.addIssue({ code: "custom", message: "The event must end on or after its first day", path: ["endDay"] });
  else if (days > MAX_CONFERENCE_DAYS)
    ctx.addIssue({ code: "custom", message: `At most ${MAX_CONFERENCE_DAYS} days`, path: ["endDay"] });
};

export const createConferenceInputSchema = z
  .object({ businessId: z.uuid(), ...conferenceFields })
  .superRefine(refineDays);
export type CreateConferenceInput = z.infer<typeof createConferenceInputSchema>;

export const updateConferenceInputSchema = z
  .object({
    name: conferenceFields.name.optional(),
    organiser: guestNameSchema.optional(),
    organiserPhone: guestPhoneSchema.optional(),
    hall: z.string().trim().max(80).optional(),
    startDay: daySchema.optional(),
    endDay: daySchema.optional(),
    persons: z.number().int().min(1).max(5000).optional(),
    priceId: z.uuid().optional(),
    bookingId: z.uuid().nullable().optional(),
    notes: z.string().trim().max(1000).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" })
  .superRefine(refineDays);
export type UpdateConferenceInput = z.infer<typeof updateConferenceInputSchema>;

export const conferenceSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  organiser: z.string(),
  organiserPhone: z.string(),
  hall: z.string(),
  startDay: z.string(),
  endDay: z.string(),
  days: z.number().int(),
  persons: z.number().int(),
  price: z.object({ _id: z.uuid(), name: z.string() }),
  /** The package's prices when the conference was booked (or last changed). */
  perPersonPerDay: z.number().int(),
  hallHirePerDay: z.number().int(),
  total: z.number().int(),
  status: z.enum(CONFERENCE_STATUSES),
  /** The guest booking that carries the bill, or null (the conference has its own payments). */
  booking: z.object({ _id: z.uuid(), guestName: z.string(), roomName: z.string() }).nullable(),
  notes: z.string(),
  payments: z.array(
    z.object({
      _id: z.uuid(),
      method: z.enum(BILL_PAYMENT_METHODS),
      amount: z.number().int(),
      reference: z.string().nullable(),
      paidAt: z.string(),
      recordedBy: z.string(),
    }),
  ),
  paid: z.number().int(),
  balance: z.number().int(),
  cancelledAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conference = z.infer<typeof conferenceSchema>;

export const listConferencesQuerySchema = z.object({
  businessId: z.uuid(),
  status: z.enum(CONFERENCE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
