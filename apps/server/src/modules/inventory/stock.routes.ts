import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dailyStockLogSchema, dailyStockQuerySchema } from "@app/shared/inventory/daily-stock";
import { productSchema } from "@app/shared/inventory/product";
import { adjustStockInputSchema, clearQuantityInputSchema, movementPageSchema } from "@app/shared/inventory/stock";
import { ctxOf } from "../../platform/access.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import { inventoryTenant, productRecord } from "./products.routes.ts";
import * as stock from "./stock.service.ts";
import { pageQueryFields } from "@app/shared/paging";

const idParams = z.object({ id: z.uuid() });
const pageQuery = z.object({
  ...pageQueryFields({ size: 25, maxSize: 200 }),
});
const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  type: z.string(),
  businessId: z.uuid(),
  priority: z.number(),
});

/** Stock changes and what the ledger tells: movements, transfer log, daily stock, low stock. */
export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/products/:id/stock",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["stock"],
        summary: "Adjust stock: set a counted quantity or add/remove units, with a note",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: adjustStockInputSchema,
        response: { 200: productSchema },
      },
    },
    async (req) => stock.adjustStock(ctxOf(req), req.params.id, req.body, req.headers["idempotency-key"]),
  );

  app.patch(
    "/api/clearquantity/:id",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["stock"],
        summary: "Set a product's quantity to zero, with the reason logged",
        params: idParams,
        headers: idempotencyHeadersSchema,
        body: clearQuantityInputSchema,
        response: { 200: productSchema },
      },
    },
    async (req) => stock.clearQuantity(ctxOf(req), req.params.id, req.body.reason, req.headers["idempotency-key"]),
  );

  app.get(
    "/api/products/:id/movements",
    {
      config: { access: productRecord("view") },
      schema: {
        tags: ["stock"],
        summary: "A product's stock movement history, newest first",
        params: idParams,
        querystring: pageQuery,
        response: { 200: movementPageSchema },
      },
    },
    async (req) => stock.listMovements(ctxOf(req), req.params.id, req.query),
  );

  app.get(
    "/api/products/transfer/quantity/:id",
    {
      config: { access: productRecord("view") },
      schema: {
        tags: ["stock"],
        summary: "A product's transfer log (transfers in and out)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: movementPageSchema },
      },
    },
    async (req) => stock.listMovements(ctxOf(req), req.params.id, { ...req.query, transfersOnly: true }),
  );

  app.get(
    "/api/products/dailystock/log",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags: ["stock"],
        summary: "Opening and closing stock of every product for a period (from the ledger)",
        querystring: dailyStockQuerySchema,
        response: { 200: z.array(dailyStockLogSchema) },
      },
    },
    async (req) => stock.listDailyStockLogs(ctxOf(req), req.query),
  );

  app.get(
    "/api/notifications",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags: ["stock"],
        summary: "Low-stock notifications of a business, highest priority first",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (req) => stock.listLowStockNotifications(ctxOf(req)),
  );
};
