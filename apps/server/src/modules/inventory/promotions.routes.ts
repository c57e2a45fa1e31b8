import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPromotionInputSchema,
  listPromotionsQuerySchema,
  promotionSchema,
  updatePromotionInputSchema,
} from "@app/shared/pos/promotion-schema";
import { mayDoInventory } from "@app/shared/permissions/inventory";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { inventoryTenant } from "./products.routes.ts";
import * as service from "./promotions.service.ts";

/** A route on one promotion: its business is the promotion's; changing it is managing products. */
const promotionRecord: AccessPolicy = {
  kind: "record",
  what: "Promotion",
  resolve: (db, p) => service.businessIdOfPromotion(db, p.id!),
  area: "inventory",
  permit: (actor) => mayDoInventory("manage", actor),
};
const idParams = z.object({ id: z.uuid() });
const tags = ["promotions"];

/** Promotions the owner defines (issue 31 item 2): the till reads them, product managers change them. */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/promotions",
    {
      // The till applies them as lines are added, so whoever may use a till (or see inventory) reads them.
      config: { access: { kind: "tenant", from: "query", area: [...TILL_AREAS, "inventory"] } },
      schema: {
        tags,
        summary: "The business's promotions",
        querystring: listPromotionsQuerySchema,
        response: { 200: z.array(promotionSchema) },
      },
    },
    async (req) => service.listPromotions(ctxOf(req)),
  );

  app.post(
    "/api/promotions",
    {
      config: { access: inventoryTenant("body", "manage") },
      schema: {
        tags,
        summary: "Create a promotion",
        body: createPromotionInputSchema,
        response: { 201: promotionSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createPromotion(ctxOf(req), req.body)),
  );

  app.put(
    "/api/promotions/:id",
    {
      config: { access: promotionRecord },
      schema: {
        tags,
        summary: "Change a promotion (all its values again)",
        params: idParams,
        body: updatePromotionInputSchema,
        response: { 200: promotionSchema },
      },
    },
    async (req) => service.updatePromotion(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/promotions/:id",
    {
      config: { access: promotionRecord },
      schema: { tags, summary: "Delete a promotion", params: idParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await service.deletePromotion(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
