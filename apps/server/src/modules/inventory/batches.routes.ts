import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { productBatchSchema, receiveBatchInputSchema } from "@app/shared/inventory/batch";
import { ctxOf } from "../../platform/access.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import { getProductBatches, receiveProductBatch } from "./batches.service.ts";
import { productRecord } from "./products.routes.ts";

const idParams = z.object({ id: z.uuid() });
/** Batches of a product (medicines): list, and receive units under a batch number and expiry date. */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products/:id/batches",
    {
      config: { access: productRecord("view") },
      schema: {
        tags: ["stock"],
        summary: "A product's batches, the first to expire first, with what is left of each",
        params: idParams,
        response: { 200: z.array(productBatchSchema) },
      },
    },
    async (req) => getProductBatches(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/products/:id/batches",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["stock"],
        summary: "Receive units under a batch number and expiry date (stock rises through the ledger; Idempotency-Key)",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: receiveBatchInputSchema,
        response: { 201: productBatchSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await receiveProductBatch(ctxOf(req), req.params.id, req.body, req.headers["idempotency-key"])),
  );
};
