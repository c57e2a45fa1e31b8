import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createWholesaleProductInputSchema,
  listWholesaleProductsQuerySchema,
  updateWholesaleProductInputSchema,
  wholesaleProductSchema,
} from "@app/shared/inventory/wholesale-product";
import { mayDoInventory } from "@app/shared/permissions/inventory";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { inventoryTenant } from "./products.routes.ts";
import * as service from "./wholesale-products.service.ts";

/** A route on one wholesale product: its business is the row's; changing it is managing products. */
const wholesaleRecord: AccessPolicy = {
  kind: "record",
  what: "Wholesale product",
  resolve: (db, p) => service.businessIdOfWholesaleProduct(db, p.id!),
  area: "inventory",
  permit: (actor) => mayDoInventory("manage", actor),
};
const idParams = z.object({ id: z.uuid() });
const tags = ["wholesale products"];

/** The wholesale catalogue (issue 33; spec: POST /wholesaleProducts): what the wholesale till sells. */
export const wholesaleProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/wholesaleProducts",
    {
      // The wholesale till reads it too: the owner's (Wholesale is admin only), and inventory's.
      config: { access: { kind: "tenant", from: "query", area: ["wholesale", "inventory"] } },
      schema: {
        tags,
        summary: "The business's wholesale catalogue",
        querystring: listWholesaleProductsQuerySchema,
        response: { 200: z.array(wholesaleProductSchema) },
      },
    },
    async (req) => service.listWholesaleProducts(ctxOf(req)),
  );

  app.post(
    "/api/wholesaleProducts",
    {
      config: { access: inventoryTenant("body", "manage") },
      schema: {
        tags,
        summary: "Put a product in the wholesale catalogue (sets its wholesale price)",
        body: createWholesaleProductInputSchema,
        response: { 201: wholesaleProductSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createWholesaleProduct(ctxOf(req), req.body)),
  );

  app.put(
    "/api/wholesaleProducts/:id",
    {
      config: { access: wholesaleRecord },
      schema: {
        tags,
        summary: "Change a wholesale product's price and minimum quantity",
        params: idParams,
        body: updateWholesaleProductInputSchema,
        response: { 200: wholesaleProductSchema },
      },
    },
    async (req) => service.updateWholesaleProduct(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/wholesaleProducts/:id",
    {
      config: { access: wholesaleRecord },
      schema: {
        tags,
        summary: "Take a product out of the wholesale catalogue (clears its wholesale price)",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.deleteWholesaleProduct(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
