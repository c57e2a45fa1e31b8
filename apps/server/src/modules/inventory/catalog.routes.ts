import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogPayloadSchema } from "@app/shared/pos/catalog-schema";
import { ctxOf } from "../../platform/access.ts";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { tilesQuerySchema, tilesSchema } from "@app/shared/pos/tiles";
import { catalogJson, tilesOf } from "./catalog.service.ts";

/**
 * GET /api/products/catalog: what a till loads once (compressed), then refreshes with `since`.
 * GET /api/products/tiles: the order of the till's product tiles (the tiles come from the catalog).
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products/catalog",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags: ["products"],
        summary: "Every sellable product for the POS, column by column; with since, only what changed",
        querystring: z.object({ businessId: z.uuid(), since: z.string().max(64).optional() }),
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

  app.get(
    "/api/products/tiles",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags: ["products"],
        summary:
          "The POS tile grid's order: categories, and the best sellers or a category's products, most sold first",
        querystring: tilesQuerySchema,
        response: { 200: tilesSchema },
      },
    },
    async (req) => tilesOf(ctxOf(req), req.query.categoryId),
  );
};
