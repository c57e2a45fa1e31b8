import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { billPaymentInputSchema } from "@app/shared/rooms/booking";
import {
  conferencePriceSchema,
  conferenceSchema,
  createConferenceInputSchema,
  createConferencePriceInputSchema,
  listConferencesQuerySchema,
  updateConferenceInputSchema,
  updateConferencePriceInputSchema,
} from "@app/shared/rooms/conference";
import { businessQuerySchema } from "@app/shared/rooms/room";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as prices from "./conference-prices.service.ts";
import * as service from "./conferences.service.ts";
import { roomsTenant } from "./rooms.routes.ts";

const tags = ["conferences"];
const idParams = z.object({ id: z.uuid() });
const conferenceRecord: AccessPolicy = {
  kind: "record",
  what: "Conference",
  resolve: (db, p) => service.businessIdOfConference(db, p.id!),
  area: "rooms",
};
const priceRecord: AccessPolicy = {
  kind: "record",
  what: "Package",
  resolve: (db, p) => prices.businessIdOfPrice(db, p.id!),
  area: "rooms",
};

/** GET/POST /conferences, PUT/DELETE /conferences/{id}, GET /conferences/price, POST /conferences/price/, PUT /conferences/price/{id}. */
export const conferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/conferences/price",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Conference packages: per person per day, hall hire per day",
        querystring: businessQuerySchema,
        response: { 200: z.array(conferencePriceSchema) },
      },
    },
    async (req) => prices.listPrices(ctxOf(req)),
  );
  app.post(
    // The path of spec section 7, trailing slash included.
    "/api/conferences/price/",
    {
      config: { access: roomsTenant("body") },
      schema: {
        tags,
        summary: "Add a conference package",
        body: createConferencePriceInputSchema,
        response: { 201: conferencePriceSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await prices.createPrice(ctxOf(req), req.body)),
  );
  app.put(
    "/api/conferences/price/:id",
    {
      config: { access: priceRecord },
      schema: {
        tags,
        summary: "Change a package (conferences already booked keep their prices); active false stops offering it",
        params: idParams,
        body: updateConferencePriceInputSchema,
        response: { 200: conferencePriceSchema },
      },
    },
    async (req) => prices.updatePrice(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    "/api/conferences",
    {
      config: { access: roomsTenant("query") },
      schema: {
        tags,
        summary: "Conference and event bookings, latest first",
        querystring: listConferencesQuerySchema,
        response: { 200: z.array(conferenceSchema) },
      },
    },
    async (req) => service.listConferences(ctxOf(req), req.query),
  );
  app.post(
    "/api/conferences",
    {
      config: { access: roomsTenant("body") },
      schema: {
        tags,
        summary: "Book a conference or event",
        body: createConferenceInputSchema,
        response: { 201: conferenceSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createConference(ctxOf(req), req.body)),
  );
  app.get(
    "/api/conferences/:id",
    {
      config: { access: conferenceRecord },
      schema: {
        tags,
        summary: "A conference with its payments",
        params: idParams,
        response: { 200: conferenceSchema },
      },
    },
    async (req) => service.readConference(req.server.db, ctxOf(req).businessId, req.params.id),
  );
  app.put(
    "/api/conferences/:id",
    {
      config: { access: conferenceRecord },
      schema: {
        tags,
        summary: "Change a conference (re-priced from its package)",
        params: idParams,
        body: updateConferenceInputSchema,
        response: { 200: conferenceSchema },
      },
    },
    async (req) => service.updateConference(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/conferences/:id",
    {
      config: { access: conferenceRecord },
      schema: {
        tags,
        summary: "Cancel a conference (the record and payments stay)",
        params: idParams,
        response: { 200: conferenceSchema },
      },
    },
    async (req) => service.cancelConference(ctxOf(req), req.params.id),
  );
  app.post(
    "/api/conferences/:id/payments",
    {
      config: { access: conferenceRecord },
      schema: {
        tags,
        summary: "A payment towards a conference billed on its own (Idempotency-Key)",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: billPaymentInputSchema,
        response: { 201: conferenceSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.payConference(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );
};
