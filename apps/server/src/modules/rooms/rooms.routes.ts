import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { analysisQuerySchema, analysisSchema } from "@app/shared/rooms/analysis";
import { boardQuerySchema, boardSchema, roomDetailSchema } from "@app/shared/rooms/booking";
import { bookingPageSchema, updateBookingPageInputSchema } from "@app/shared/rooms/online-booking";
import {
  businessQuerySchema,
  createRoomInputSchema,
  createRoomTypeInputSchema,
  roomSchema,
  roomTypeSchema,
  updateRoomInputSchema,
  updateRoomTypeInputSchema,
} from "@app/shared/rooms/room";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { readImageUpload, type FileStorage } from "../../platform/files.ts";
import * as board from "./board.service.ts";
import * as online from "./online-booking.service.ts";
import * as types from "./room-types.service.ts";
import * as service from "./rooms.service.ts";

const tags = ["rooms"];
const idParams = z.object({ id: z.uuid() });

/** Rooms routes act for a hotel: admin or viewBooking, hotel businesses only (spec section 6). */
export const roomsTenant = (from: "query" | "body", ownerOnly = false): AccessPolicy => ({
  kind: "tenant",
  from,
  area: "rooms",
  ownerOnly,
});
const roomRecord: AccessPolicy = {
  kind: "record",
  what: "Room",
  resolve: (db, p) => service.businessIdOfRoom(db, p.id!),
  area: "rooms",
};
const typeRecord: AccessPolicy = {
  kind: "record",
  what: "Room type",
  resolve: (db, p) => types.businessIdOfRoomType(db, p.id!),
  area: "rooms",
};

/** GET/POST /rooms, PUT/DELETE /rooms/{id}, PUT /rooms/addImage/{id} (spec section 7); room types, the board, the analysis. */
export const roomRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.get(
    "/api/rooms",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "The hotel's rooms",
        querystring: businessQuerySchema,
        response: { 200: z.array(roomSchema) },
      },
    },
    async (req) => service.listRooms(ctxOf(req)),
  );
  app.post(
    "/api/rooms",
    {
      config: { access: roomsTenant("body") },
      schema: { tags, summary: "Add a room", body: createRoomInputSchema, response: { 201: roomSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createRoom(ctxOf(req), req.body)),
  );
  app.get(
    "/api/rooms/:id",
    {
      config: { access: roomRecord },
      schema: { tags, summary: "A room with its bookings", params: idParams, response: { 200: roomDetailSchema } },
    },
    async (req) => service.getRoom(ctxOf(req), req.params.id),
  );
  app.put(
    "/api/rooms/:id",
    {
      config: { access: roomRecord },
      schema: {
        tags,
        summary: "Edit a room: name, type, status (set directly), description, images kept",
        params: idParams,
        body: updateRoomInputSchema,
        response: { 200: roomSchema },
      },
    },
    async (req) => service.updateRoom(ctxOf(req), files, req.params.id, req.body),
  );
  app.delete(
    "/api/rooms/:id",
    {
      config: { access: roomRecord },
      schema: { tags, summary: "Delete a room (409 while it has bookings to come)", params: idParams },
    },
    async (req, reply) => {
      await service.deleteRoom(ctxOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  app.put(
    "/api/rooms/addImage/:id",
    {
      config: { access: roomRecord },
      schema: {
        tags,
        summary: "Add an image to a room (multipart field 'image': JPEG, PNG or WebP, up to 5 MB; 8 per room)",
        params: idParams,
        response: { 200: roomSchema },
      },
    },
    async (req) => {
      const data = await readImageUpload(req);
      return service.addRoomImage(ctxOf(req), files, req.params.id, data);
    },
  );

  app.get(
    "/api/rooms/types",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Room types with their rates (weekend and season prices)",
        querystring: businessQuerySchema,
        response: { 200: z.array(roomTypeSchema) },
      },
    },
    async (req) => types.listRoomTypes(ctxOf(req)),
  );
  app.post(
    "/api/rooms/types",
    {
      config: { access: roomsTenant("body") },
      schema: {
        tags,
        summary: "Add a room type and its rates",
        body: createRoomTypeInputSchema,
        response: { 201: roomTypeSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await types.createRoomType(ctxOf(req), req.body)),
  );
  app.put(
    "/api/rooms/types/:id",
    {
      config: { access: typeRecord },
      schema: {
        tags,
        summary: "Change a room type's rates (bookings already made keep theirs)",
        params: idParams,
        body: updateRoomTypeInputSchema,
        response: { 200: roomTypeSchema },
      },
    },
    async (req) => types.updateRoomType(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/rooms/types/:id",
    {
      config: { access: typeRecord },
      schema: { tags, summary: "Delete a room type no room uses", params: idParams },
    },
    async (req, reply) => {
      await types.deleteRoomType(ctxOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/rooms/board",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "The front desk: rooms by day with their stays, today's arrivals and departures",
        querystring: boardQuerySchema,
        response: { 200: boardSchema },
      },
    },
    async (req) => board.frontDeskBoard(ctxOf(req), req.query),
  );
  app.get(
    "/api/rooms/analysis",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Occupancy, average daily rate and revenue per available room, by day and month",
        querystring: analysisQuerySchema,
        response: { 200: analysisSchema },
      },
    },
    async (req) => board.occupancyAnalysis(ctxOf(req), req.query),
  );

  app.get(
    "/api/rooms/bookingpage",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "The hotel's public booking page: its address code and whether it is open",
        querystring: businessQuerySchema,
        response: { 200: bookingPageSchema },
      },
    },
    async (req) => online.bookingPageOf(ctxOf(req)),
  );
  app.put(
    "/api/rooms/bookingpage",
    {
      config: { access: roomsTenant("body", true) },
      schema: {
        tags,
        summary: "Open or close the public booking page (owner)",
        body: updateBookingPageInputSchema,
        response: { 200: bookingPageSchema },
      },
    },
    async (req) => online.setBookingPage(ctxOf(req), req.body.enabled),
  );
};
