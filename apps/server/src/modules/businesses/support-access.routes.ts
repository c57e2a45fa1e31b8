import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  grantSupportAccessInputSchema,
  listSupportActionsQuerySchema,
  supportAccessGrantSchema,
  supportAccessSchema,
  supportActionPageSchema,
} from "@app/shared/businesses/support-access";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { businessIdOfBusiness } from "./businesses.service.ts";
import * as service from "./support-access.service.ts";

const tags = ["businesses"];
const idParams = z.object({ id: z.uuid() });
/** The owner's Settings; support reads it too (to know whether it may help), but never grants itself access. */
const settingsOf = (ownerOnly: "owner" | "owner or support"): AccessPolicy => ({
  kind: "record",
  what: "Business",
  resolve: (db, p) => businessIdOfBusiness(db, p.id!),
  area: "settings",
  ownerOnly: true,
  ...(ownerOnly === "owner" ? { permit: (a) => !a.details.isSupportUser } : {}),
});

/** Support access: the owner grants provider support a few hours to change data, and reads what it did. */
export const supportAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/businesses/:id/supportAccess",
    {
      config: { access: settingsOf("owner or support") },
      schema: {
        tags,
        summary: "The support access in force now (null: support may only read and manage the account)",
        params: idParams,
        response: { 200: supportAccessSchema },
      },
    },
    async (req) => service.getSupportAccess(ctxOf(req)),
  );

  app.post(
    "/api/businesses/:id/supportAccess",
    {
      config: { access: settingsOf("owner") },
      schema: {
        tags,
        summary:
          "Allow provider support to change data in this business for 1, 4 or 24 hours (replaces a grant in force)",
        params: idParams,
        body: grantSupportAccessInputSchema,
        response: { 201: supportAccessGrantSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.grantSupportAccess(ctxOf(req), req.body)),
  );

  app.delete(
    "/api/businesses/:id/supportAccess",
    {
      config: { access: settingsOf("owner") },
      schema: {
        tags,
        summary: "End support access now",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.revokeSupportAccess(ctxOf(req));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/businesses/:id/supportAccess/actions",
    {
      config: { access: settingsOf("owner or support") },
      schema: {
        tags,
        summary: "What provider support changed in this business, newest first",
        params: idParams,
        querystring: listSupportActionsQuerySchema,
        response: { 200: supportActionPageSchema },
      },
    },
    async (req) => service.listSupportActions(ctxOf(req), req.query),
  );
};
