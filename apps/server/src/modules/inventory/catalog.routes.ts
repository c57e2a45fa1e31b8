import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogPayloadSchema } from "@app/shared/pos/catalog";
import { ctxOf } from "../../platform/access.ts";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { catalogJson } from "./catalog.service.ts";

/** GET /api/products/catalog: what a till loads once (compressed), then refreshes with `since`. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products/catalog",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags: ["products"],
        summary: "Every sellable product for the POS, column by column; with since, only what changed",
        querystring: z.object({ businessId: z.uuid(), since: z.iso.datetime({ offset: true }).optional() }),
        response: { 200: catalogPayloadSchema },
      },
    },
    async (req, reply) => {
      const body = await catalogJson(ctxOf(req), req.query.since);
      // Already JSON text: sent as it is (compressed when the browser accepts it).
      reply.type("application/json; charset=utf-8").header("cache-control", "no-store");
      return reply.compress(body);
    },
  );
};
