import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  answerRequestInputSchema,
  createRequestInputSchema,
  listRequestsQuerySchema,
  requestPageSchema,
  supportRequestSchema,
} from "@app/shared/requests/request";
import { ctxOf, userCtxOf } from "../../platform/access.ts";
import * as service from "./requests.service.ts";

const tags = ["requests"];

/** Support requests: owners raise them (Settings), provider support answers them (/request). */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/requests",
    {
      config: {
        access: {
          kind: "tenant",
          from: "body",
          area: null,
          ownerOnly: true,
          allowInactive: true,
          supportManages: true,
        },
      },
      schema: {
        tags,
        summary: "Raise a support request for a business (its owner; also on an inactive account)",
        body: createRequestInputSchema,
        response: { 201: supportRequestSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createRequest(ctxOf(req), req.body)),
  );

  app.get(
    "/api/requests",
    {
      config: {
        access: { kind: "tenant", from: "query", optional: true, area: null, ownerOnly: true, allowInactive: true },
      },
      schema: {
        tags,
        summary: "Support requests, newest first (support: all; owners: their businesses'; staff: 403)",
        querystring: listRequestsQuerySchema,
        response: { 200: requestPageSchema },
      },
    },
    async (req) => service.listRequests(userCtxOf(req), req.query),
  );

  app.patch(
    "/api/requests/:id/answer",
    {
      config: {
        access: {
          kind: "record",
          what: "Request",
          resolve: (db, p) => service.businessIdOfRequest(db, p.id!),
          area: null,
          permit: (a) => a.details.isSupportUser,
          supportManages: true,
        },
      },
      schema: {
        tags,
        summary: "Answer a support request (support)",
        params: z.object({ id: z.uuid() }),
        body: answerRequestInputSchema,
        response: { 200: supportRequestSchema },
      },
    },
    async (req) => service.answerRequest(ctxOf(req), req.params.id, req.body),
  );
};
