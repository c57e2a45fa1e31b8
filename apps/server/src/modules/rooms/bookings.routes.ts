import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TILL_AREAS, type Area } from "@app/shared/permissions/areas";
import { roomChargeInputSchema } from "@app/shared/rooms/bill";
import {
  billChargeInputSchema,
  billPaymentInputSchema,
  bookingSchema,
  bookingSummarySchema,
  cancelBookingQuerySchema,
  checkOutInputSchema,
  createBookingInputSchema,
  inHouseGuestSchema,
  listBookingsQuerySchema,
  updateBookingInputSchema,
} from "@app/shared/rooms/booking";
import { businessQuerySchema } from "@app/shared/rooms/room";
import { saleSchema } from "@app/shared/sales/sale";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as bill from "./bill.service.ts";
import { businessIdOfBooking, readBooking } from "./booking-read.ts";
import * as lists from "./booking-lists.service.ts";
import * as service from "./bookings.service.ts";
import { roomsTenant } from "./rooms.routes.ts";

const tags = ["bookings"];
const idParams = z.object({ id: z.uuid() });
const headers = idempotencyHeadersSchema;
const bookingRecord = (area: Area | readonly Area[] = "rooms"): AccessPolicy => ({
  kind: "record",
  what: "Booking",
  resolve: (db, p) => businessIdOfBooking(db, p.id!),
  area,
});

/** GET/POST /bookings, PUT/DELETE /bookings/{id} (spec section 7); check-in and out, the bill, the POS's charge to room. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/bookings",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Bookings, newest stay first (status, room, dates, guest search)",
        querystring: listBookingsQuerySchema,
        response: { 200: z.array(bookingSummarySchema) },
      },
    },
    async (req) => lists.listBookings(ctxOf(req), req.query),
  );
  app.post(
    "/api/bookings",
    {
      config: { access: roomsTenant("body") },
      schema: {
        tags,
        summary: "Book a room (409 ROOM_ALREADY_BOOKED when a night is taken; Idempotency-Key)",
        headers,
        body: createBookingInputSchema,
        response: { 201: bookingSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createBooking(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.get(
    "/api/bookings/inhouse",
    {
      // The till charges rooms: its users see who is in which room, nothing more.
      config: { access: { kind: "tenant", from: "query", area: ["rooms", ...TILL_AREAS] } },
      schema: {
        tags,
        summary: "Guests checked in now, by room (for the POS's charge to room)",
        querystring: businessQuerySchema,
        response: { 200: z.array(inHouseGuestSchema) },
      },
    },
    async (req) => lists.listInHouse(ctxOf(req)),
  );
  app.get(
    "/api/bookings/:id",
    {
      config: { access: bookingRecord() },
      schema: { tags, summary: "A booking with its bill", params: idParams, response: { 200: bookingSchema } },
    },
    async (req) => readBooking(req.server.db, ctxOf(req).businessId, req.params.id),
  );
  app.put(
    "/api/bookings/:id",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "Change a booking's guest, dates, room or agreed rate (same no-double-booking rule)",
        params: idParams,
        body: updateBookingInputSchema,
        response: { 200: bookingSchema },
      },
    },
    async (req) => service.updateBooking(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/bookings/:id",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "Cancel a booking not yet checked in (the record stays; its nights are freed)",
        params: idParams,
        querystring: cancelBookingQuerySchema,
        response: { 200: bookingSchema },
      },
    },
    async (req) => service.cancelBooking(ctxOf(req), req.params.id, req.query.reason),
  );
  app.post(
    "/api/bookings/:id/checkin",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "Check the guest in: the room becomes occupied",
        params: idParams,
        response: { 200: bookingSchema },
      },
    },
    async (req) => service.checkIn(ctxOf(req), req.params.id),
  );
  app.post(
    "/api/bookings/:id/checkout",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "Check the guest out (zero balance, or the owner's override); the room goes to cleaning",
        params: idParams,
        body: checkOutInputSchema,
        response: { 200: bookingSchema },
      },
    },
    async (req) => bill.checkOut(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    "/api/bookings/:id/payments",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "A deposit or payment on the bill: Cash, M-Pesa (code) or Bank Transfer (Idempotency-Key)",
        params: idParams,
        headers,
        body: billPaymentInputSchema,
        response: { 201: bookingSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await bill.payBooking(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );
  app.post(
    "/api/bookings/:id/charges",
    {
      config: { access: bookingRecord() },
      schema: {
        tags,
        summary: "Add a charge to the bill by hand",
        params: idParams,
        body: billChargeInputSchema,
        response: { 201: bookingSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await bill.addCharge(ctxOf(req), req.params.id, req.body)),
  );
  app.post(
    "/api/bookings/:id/roomcharge",
    {
      config: { access: bookingRecord(["rooms", ...TILL_AREAS]) },
      schema: {
        tags,
        summary: "The POS's charge to room: a sale put on a checked-in guest's bill (Idempotency-Key)",
        params: idParams,
        headers,
        body: roomChargeInputSchema,
        response: { 201: saleSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await bill.chargeToRoom(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );
};
