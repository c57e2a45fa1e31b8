import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessPairInputSchema, transferProductsInputSchema, transferSchema } from "@app/shared/inventory/transfer";
import { ctxOf } from "../../platform/access.ts";
import type { FileStorage } from "../../platform/files.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import { inventoryTenant } from "./products.routes.ts";
import * as log from "./transfer-log.service.ts";
import * as service from "./transfers.service.ts";
import { pageQueryFields, pageSchemaOf } from "@app/shared/paging";

const tags = ["transfers"];
const headers = idempotencyHeadersSchema;

/** Stock transfers and catalog copies between businesses of one owner, and the transfer log. */
export const transferRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.post(
    "/api/businesses/products/transfer",
    {
      config: { access: inventoryTenant("body", "transfer") },
      schema: {
        tags,
        summary: "Move quantities of products to another business (all lines or none)",
        headers,
        body: transferProductsInputSchema,
        response: { 201: transferSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.transferProducts(ctxOf(req), files, req.body, req.headers["idempotency-key"])),
  );

  app.post(
    "/api/businesses/all/products/transfer",
    {
      config: { access: inventoryTenant("body", "transfer") },
      schema: {
        tags,
        summary: "Move all stock to another business",
        headers,
        body: businessPairInputSchema,
        response: { 201: transferSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await service.transferAllProducts(ctxOf(req), files, req.body, req.headers["idempotency-key"])),
  );

  app.post(
    "/api/businesses/all/products/copy/business",
    {
      config: { access: inventoryTenant("body", "transfer") },
      schema: {
        tags,
        summary: "Copy the catalog (no quantities) to another business",
        headers,
        body: businessPairInputSchema,
        response: { 201: transferSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.copyCatalog(ctxOf(req), files, req.body, req.headers["idempotency-key"])),
  );

  app.get(
    "/api/transfers",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags,
        summary: "The transfer log of a business (in and out), newest first",
        querystring: z.object({
          businessId: z.uuid(),
          ...pageQueryFields({ size: 25, maxSize: 200 }),
        }),
        response: { 200: pageSchemaOf(transferSchema) },
      },
    },
    async (req) => log.listTransfers(ctxOf(req), req.query),
  );
};
