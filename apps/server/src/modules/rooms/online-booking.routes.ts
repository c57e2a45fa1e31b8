import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { bookingSchema } from "@app/shared/rooms/booking";
import {
  availabilityQuerySchema,
  bookingCodeSchema,
  confirmOnlineRequestInputSchema,
  declineOnlineRequestInputSchema,
  listOnlineRequestsQuerySchema,
  onlineRequestInputSchema,
  onlineRequestReceiptSchema,
  onlineRequestSchema,
  publicAvailabilitySchema,
} from "@app/shared/rooms/online-booking";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { AppError, parseInput } from "../../platform/errors.ts";
import * as service from "./online-booking.service.ts";
import * as guests from "./public-booking.service.ts";
import { roomsTenant } from "./rooms.routes.ts";

const tags = ["online bookings"];
const idParams = z.object({ id: z.uuid() });
const codeParams = z.object({ code: bookingCodeSchema });
const requestRecord: AccessPolicy = {
  kind: "record",
  what: "Request",
  resolve: (db, p) => service.businessIdOfOnlineRequest(db, p.id!),
  area: "rooms",
};

export type OnlineBookingLimits = {
  /** Availability look-ups one address may make per minute. */
  lookupsPerMinute: number;
  /** Requests one address may send per hour (to any hotel). */
  requestsPerHour: number;
};

/**
 * GET /onlinebooking (spec section 7) and the staff's confirm and decline; the public page's
 * two calls (no sign-in), rate limited per address, revealing nothing but availability.
 */
export const onlineBookingRoutes: FastifyPluginAsyncZod<{ limits: OnlineBookingLimits }> = async (app, { limits }) => {
  // Counted on arrival, before the body is read or checked: a flood of bad requests counts too.
  const limiter = (name: string, max: number, timeWindow: string, message: string): onRequestAsyncHookHandler => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${name}|${req.ip}` });
    return async (req) => {
      const r = await check(req);
      if (!r.isAllowed && r.isExceeded) throw new AppError(ERROR_CODES.RATE_LIMITED, message);
    };
  };
  const lookups = limiter(
    "booking-lookup",
    limits.lookupsPerMinute,
    "1 minute",
    "Too many look-ups. Please wait a minute and try again.",
  );
  const requests = limiter(
    "booking-request",
    limits.requestsPerHour,
    "1 hour",
    "Too many requests from this connection. Please call the hotel or try again later.",
  );

  app.get(
    "/api/public/booking/:code",
    {
      config: { access: { kind: "public" } },
      onRequest: lookups,
      schema: {
        tags,
        summary: "A hotel's public page: its room types, prices and, for dates, how many rooms are free (no sign-in)",
        params: codeParams,
        querystring: z.object({ checkIn: z.string().optional(), checkOut: z.string().optional() }),
        response: { 200: publicAvailabilitySchema },
      },
    },
    async (req) => {
      const { checkIn, checkOut } = req.query;
      const stay = checkIn || checkOut ? parseInput(availabilityQuerySchema, { checkIn, checkOut }) : null;
      return guests.publicAvailability(app.db, req.params.code, stay);
    },
  );
  app.post(
    "/api/public/booking/:code/requests",
    {
      config: { access: { kind: "public" } },
      onRequest: requests,
      schema: {
        tags,
        summary: "A guest asks for a room (name, phone, dates); the hotel confirms or declines (no sign-in)",
        params: codeParams,
        body: onlineRequestInputSchema,
        response: { 201: onlineRequestReceiptSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await guests.sendOnlineRequest(app.db, req.params.code, req.body)),
  );

  app.get(
    "/api/onlinebooking",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Guests' requests from the public page, newest first",
        querystring: listOnlineRequestsQuerySchema,
        response: { 200: z.array(onlineRequestSchema) },
      },
    },
    async (req) => service.listOnlineRequests(ctxOf(req), req.query),
  );
  app.post(
    "/api/onlinebooking/:id/confirm",
    {
      config: { access: requestRecord },
      schema: {
        tags,
        summary: "Confirm a request: books a room of the type (409 ROOM_ALREADY_BOOKED when none is free)",
        params: idParams,
        body: confirmOnlineRequestInputSchema,
        response: { 201: bookingSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.confirmOnlineRequest(ctxOf(req), req.params.id, req.body.roomId ?? undefined)),
  );
  app.post(
    "/api/onlinebooking/:id/decline",
    {
      config: { access: requestRecord },
      schema: {
        tags,
        summary: "Decline a request",
        params: idParams,
        body: declineOnlineRequestInputSchema,
        response: { 200: onlineRequestSchema },
      },
    },
    async (req) => service.declineOnlineRequest(ctxOf(req), req.params.id, req.body.reason),
  );
};
