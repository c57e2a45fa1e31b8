import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BILL_PAYMENT_METHODS, BOOKING_SOURCES, BOOKING_STATUSES, CHARGE_KINDS } from "@app/shared/rooms/booking";
import { CONFERENCE_STATUSES } from "@app/shared/rooms/conference";
import { ONLINE_REQUEST_STATUSES } from "@app/shared/rooms/online-booking";
import { ROOM_STATUSES, type Season } from "@app/shared/rooms/room";
import { businesses } from "../businesses/businesses.table.ts";
import { sales } from "../sales/sales.table.ts";
import { now } from "../../platform/clock.ts";

const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
const at = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: "string" });
const stamp = (name: string) =>
  at(name)
    .notNull()
    .default(sql`clock_timestamp()`)
    .$defaultFn(now);
const tenant = (t: { businessId: AnyPgColumn }) =>
  foreignKey({ columns: [t.businessId], foreignColumns: [businesses.id] });

/** Kinds of room with their prices: a nightly rate, an optional weekend rate, seasons. */
export const roomTypes = pgTable(
  "room_types",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    capacity: integer("capacity").notNull().default(2),
    rate: cents("rate"),
    weekendRate: bigint("weekend_rate", { mode: "number" }),
    seasons: jsonb("seasons").$type<Season[]>().notNull().default([]),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    uniqueIndex("room_types_business_name_key").on(t.businessId, sql`lower(${t.name})`),
    index("room_types_id_idx").on(t.id),
  ],
);

/** The rooms of a hotel, their status now, and their images (URLs of uploaded files). */
export const rooms = pgTable(
  "rooms",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    roomTypeId: uuid("room_type_id").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: ROOM_STATUSES }).notNull().default("available"),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    /** A deleted room: gone from lists and the board, kept for the bookings it had. */
    deletedAt: at("deleted_at"),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    foreignKey({ columns: [t.businessId, t.roomTypeId], foreignColumns: [roomTypes.businessId, roomTypes.id] }),
    uniqueIndex("rooms_business_name_key")
      .on(t.businessId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    index("rooms_id_idx").on(t.id),
  ],
);

/**
 * A stay in one room from check_in to check_out (the nights in between). Its nightly rates are
 * fixed when it is made. No two live (booked or checked-in) bookings of one room share a night:
 * an exclusion constraint says so (custom migration rooms_extra), so concurrent desks cannot
 * double-book.
 */
export const bookings = pgTable(
  "bookings",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    roomId: uuid("room_id").notNull(),
    guestName: text("guest_name").notNull(),
    guestPhone: text("guest_phone").notNull(),
    guests: integer("guests").notNull().default(1),
    checkIn: day("check_in").notNull(),
    checkOut: day("check_out").notNull(),
    nightlyRates: jsonb("nightly_rates").$type<number[]>().notNull(),
    roomTotal: cents("room_total"),
    agreedRate: bigint("agreed_rate", { mode: "number" }),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("booked"),
    source: text("source", { enum: BOOKING_SOURCES }).notNull().default("desk"),
    notes: text("notes").notNull().default(""),
    checkedInAt: at("checked_in_at"),
    checkedOutAt: at("checked_out_at"),
    cancelledAt: at("cancelled_at"),
    cancelReason: text("cancel_reason"),
    overrideBy: text("override_by"),
    overrideReason: text("override_reason"),
    createdBy: text("created_by").notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    foreignKey({ columns: [t.businessId, t.roomId], foreignColumns: [rooms.businessId, rooms.id] }),
    check("bookings_stay_check", sql`${t.checkOut} > ${t.checkIn}`),
    index("bookings_id_idx").on(t.id),
    index("bookings_business_stay_idx").on(t.businessId, t.checkIn, t.checkOut),
    index("bookings_business_room_idx").on(t.businessId, t.roomId, t.checkIn),
    index("bookings_business_status_idx").on(t.businessId, t.status),
  ],
);

/** Conference and event packages: a price per person per day and hall hire per day. */
export const conferencePrices = pgTable(
  "conference_prices",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    perPersonPerDay: cents("per_person_per_day"),
    hallHirePerDay: cents("hall_hire_per_day"),
    active: boolean("active").notNull().default(true),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    uniqueIndex("conference_prices_business_name_key").on(t.businessId, sql`lower(${t.name})`),
    index("conference_prices_id_idx").on(t.id),
  ],
);

/** A conference or event booking, priced from a package (the prices are copied onto it). */
export const conferences = pgTable(
  "conferences",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    organiser: text("organiser").notNull(),
    organiserPhone: text("organiser_phone").notNull(),
    hall: text("hall").notNull().default(""),
    startDay: day("start_day").notNull(),
    endDay: day("end_day").notNull(),
    persons: integer("persons").notNull(),
    priceId: uuid("price_id").notNull(),
    perPersonPerDay: cents("per_person_per_day"),
    hallHirePerDay: cents("hall_hire_per_day"),
    total: cents("total"),
    status: text("status", { enum: CONFERENCE_STATUSES }).notNull().default("booked"),
    /** The guest booking whose bill carries this conference (then it takes no payments of its own). */
    bookingId: uuid("booking_id"),
    notes: text("notes").notNull().default(""),
    cancelledAt: at("cancelled_at"),
    createdBy: text("created_by").notNull(),
    createdAt: stamp("created_at"),
    updatedAt: stamp("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    foreignKey({
      columns: [t.businessId, t.priceId],
      foreignColumns: [conferencePrices.businessId, conferencePrices.id],
    }),
    foreignKey({ columns: [t.businessId, t.bookingId], foreignColumns: [bookings.businessId, bookings.id] }),
    check("conferences_days_check", sql`${t.endDay} >= ${t.startDay}`),
    index("conferences_id_idx").on(t.id),
    index("conferences_business_start_idx").on(t.businessId, t.startDay),
  ],
);

/**
 * What a guest bill carries besides room nights: POS sales charged to the room (sale_id; a
 * voided sale drops off the bill), a conference billed to the guest, or a charge added by hand.
 */
export const bookingCharges = pgTable(
  "booking_charges",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    bookingId: uuid("booking_id").notNull(),
    kind: text("kind", { enum: CHARGE_KINDS }).notNull(),
    description: text("description").notNull(),
    amount: cents("amount"),
    saleId: uuid("sale_id"),
    conferenceId: uuid("conference_id"),
    createdBy: text("created_by").notNull(),
    createdAt: stamp("created_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.bookingId], foreignColumns: [bookings.businessId, bookings.id] }),
    foreignKey({ columns: [t.businessId, t.saleId], foreignColumns: [sales.businessId, sales.id] }),
    foreignKey({
      columns: [t.businessId, t.conferenceId],
      foreignColumns: [conferences.businessId, conferences.id],
    }),
    index("booking_charges_booking_idx").on(t.businessId, t.bookingId),
    uniqueIndex("booking_charges_conference_key")
      .on(t.businessId, t.conferenceId)
      .where(sql`${t.conferenceId} IS NOT NULL`),
  ],
);

/** Money received towards a guest bill (deposits before check-in, payments after) or a conference. */
export const billPayments = pgTable(
  "bill_payments",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    bookingId: uuid("booking_id"),
    conferenceId: uuid("conference_id"),
    kind: text("kind", { enum: ["deposit", "payment"] }).notNull(),
    method: text("method", { enum: BILL_PAYMENT_METHODS }).notNull(),
    amount: cents("amount"),
    reference: text("reference"),
    paidAt: at("paid_at").notNull(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: stamp("created_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({ columns: [t.businessId, t.bookingId], foreignColumns: [bookings.businessId, bookings.id] }),
    foreignKey({
      columns: [t.businessId, t.conferenceId],
      foreignColumns: [conferences.businessId, conferences.id],
    }),
    check("bill_payments_one_bill_check", sql`(${t.bookingId} IS NULL) <> (${t.conferenceId} IS NULL)`),
    check("bill_payments_amount_check", sql`${t.amount} > 0`),
    index("bill_payments_booking_idx").on(t.businessId, t.bookingId),
    index("bill_payments_conference_idx").on(t.businessId, t.conferenceId),
  ],
);

/** Requests guests send from the hotel's public page, waiting for staff to confirm or decline. */
export const onlineRequests = pgTable(
  "online_requests",
  {
    businessId: uuid("business_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    roomTypeId: uuid("room_type_id").notNull(),
    guestName: text("guest_name").notNull(),
    guestPhone: text("guest_phone").notNull(),
    guests: integer("guests").notNull().default(1),
    checkIn: day("check_in").notNull(),
    checkOut: day("check_out").notNull(),
    message: text("message").notNull().default(""),
    status: text("status", { enum: ONLINE_REQUEST_STATUSES }).notNull().default("pending"),
    bookingId: uuid("booking_id"),
    decidedBy: text("decided_by"),
    decidedAt: at("decided_at"),
    declineReason: text("decline_reason"),
    createdAt: stamp("created_at"),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    tenant(t),
    foreignKey({ columns: [t.businessId, t.roomTypeId], foreignColumns: [roomTypes.businessId, roomTypes.id] }),
    foreignKey({ columns: [t.businessId, t.bookingId], foreignColumns: [bookings.businessId, bookings.id] }),
    index("online_requests_id_idx").on(t.id),
    index("online_requests_business_status_idx").on(t.businessId, t.status, t.createdAt),
  ],
);

/** A hotel's public booking page: the unguessable code in its address, and whether it is open. */
export const bookingPages = pgTable(
  "booking_pages",
  {
    businessId: uuid("business_id").notNull().primaryKey(),
    /** A random UUID of its own, so the page's address reveals nothing of the business. */
    code: uuid("code").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: stamp("created_at"),
  },
  (t) => [tenant(t), uniqueIndex("booking_pages_code_key").on(t.code)],
);
