import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createProductInputSchema,
  listProductsQuerySchema,
  productPageSchema,
  productSchema,
  updateProductInputSchema,
} from "@app/shared/inventory/product";
import { mayDoInventory, type InventoryAction } from "@app/shared/permissions/inventory";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./products.service.ts";

const idParams = z.object({ id: z.uuid() });
const may = (action: InventoryAction) => (actor: Parameters<typeof mayDoInventory>[1]) => mayDoInventory(action, actor);

/** A route on one product: its business is the product's, and the Inventory rules apply. */
export const productRecord = (action: InventoryAction): AccessPolicy => ({
  kind: "record",
  what: "Product",
  resolve: (db, p) => service.businessIdOfProduct(db, p.id!),
  area: "inventory",
  permit: may(action),
});
export const inventoryTenant = (from: "query" | "body", action: InventoryAction): AccessPolicy => ({
  kind: "tenant",
  from,
  area: "inventory",
  permit: may(action),
});

/** Products of a business: list (paged, searched), one, create, edit, delete/archive. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags: ["products"],
        summary: "One page of a business's products (search by name, SKU or barcode)",
        querystring: listProductsQuerySchema,
        response: { 200: productPageSchema },
      },
    },
    async (req) => service.listProducts(ctxOf(req), req.query),
  );

  app.post(
    "/api/products",
    {
      config: { access: inventoryTenant("body", "manage") },
      schema: {
        tags: ["products"],
        summary: "Create a product (opening quantity enters the stock ledger)",
        body: createProductInputSchema,
        response: { 201: productSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createProduct(ctxOf(req), req.body)),
  );

  app.get(
    "/api/products/:id",
    {
      config: { access: productRecord("view") },
      schema: { tags: ["products"], summary: "One product", params: idParams, response: { 200: productSchema } },
    },
    async (req) => service.getProduct(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/products/:id",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["products"],
        summary: "Edit a product (quantity changes only through stock movements)",
        params: idParams,
        body: updateProductInputSchema,
        response: { 200: productSchema },
      },
    },
    async (req) => service.updateProduct(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/products/:id",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["products"],
        summary: "Delete a product, or archive it when it has sales",
        params: idParams,
        response: { 200: z.object({ archived: z.boolean() }) },
      },
    },
    async (req) => service.deleteProduct(ctxOf(req), req.params.id),
  );
};
