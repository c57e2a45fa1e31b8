import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categorySchema,
  createCategoryInputSchema,
  createSubcategoryInputSchema,
  renameInputSchema,
  subcategorySchema,
} from "@app/shared/inventory/category";
import { productSchema } from "@app/shared/inventory/product";
import { mayDoInventory, type InventoryAction } from "@app/shared/permissions/inventory";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { inventoryTenant, productRecord } from "./products.routes.ts";
import * as service from "./categories.service.ts";

/** A route on one category: the category's business, Inventory rules. */
const categoryRecord = (param: "id" | "categoryId", action: InventoryAction): AccessPolicy => ({
  kind: "record",
  what: "Category",
  resolve: (db, p) => service.businessIdOfCategory(db, p[param]!),
  area: "inventory",
  permit: (actor) => mayDoInventory(action, actor),
});
const tags = ["categories"];

/** Categories and subcategories (spec section 7), and moving a product into a subcategory. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/categories",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags,
        summary: "Categories with subcategories",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(categorySchema) },
      },
    },
    async (req) => service.listCategories(ctxOf(req)),
  );

  app.post(
    "/api/categories",
    {
      config: { access: inventoryTenant("body", "manage") },
      schema: {
        tags,
        summary: "Create a category",
        body: createCategoryInputSchema,
        response: { 201: categorySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createCategory(ctxOf(req), req.body.name)),
  );

  app.put(
    "/api/categories/:id",
    {
      config: { access: categoryRecord("id", "manage") },
      schema: {
        tags,
        summary: "Rename a category",
        params: z.object({ id: z.uuid() }),
        body: renameInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (req) => service.renameCategory(ctxOf(req), req.params.id, req.body.name),
  );

  app.delete(
    "/api/categories/:id",
    {
      config: { access: categoryRecord("id", "manage") },
      schema: {
        tags,
        summary: "Delete a category (its products stay, uncategorised)",
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.deleteCategory(ctxOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/categories/subcategory/:categoryId",
    {
      config: { access: categoryRecord("categoryId", "manage") },
      schema: {
        tags,
        summary: "Add a subcategory",
        params: z.object({ categoryId: z.uuid() }),
        body: createSubcategoryInputSchema,
        response: { 201: z.object({ subcategory: subcategorySchema, category: categorySchema }) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createSubcategory(ctxOf(req), req.params.categoryId, req.body.name)),
  );

  app.put(
    "/api/categories/:id/subcategories/:subId",
    {
      config: { access: categoryRecord("id", "manage") },
      schema: {
        tags,
        summary: "Rename a subcategory",
        params: z.object({ id: z.uuid(), subId: z.uuid() }),
        body: renameInputSchema,
        response: { 200: categorySchema },
      },
    },
    async (req) => service.renameSubcategory(ctxOf(req), req.params.id, req.params.subId, req.body.name),
  );

  app.delete(
    "/api/categories/category/:id/subcategory/:subId",
    {
      config: { access: categoryRecord("id", "manage") },
      schema: {
        tags,
        summary: "Delete a subcategory (its products stay in the category)",
        params: z.object({ id: z.uuid(), subId: z.uuid() }),
        response: { 200: categorySchema },
      },
    },
    async (req) => service.deleteSubcategory(ctxOf(req), req.params.id, req.params.subId),
  );

  app.put(
    "/api/categories/move/:id/subcategory/:subId",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags,
        summary: "Move product {id} into subcategory {subId}",
        params: z.object({ id: z.uuid(), subId: z.uuid() }),
        response: { 200: productSchema },
      },
    },
    async (req) => service.moveProductToSubcategory(ctxOf(req), req.params.id, req.params.subId),
  );
};
