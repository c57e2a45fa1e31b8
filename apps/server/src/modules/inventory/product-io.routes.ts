import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { importProductsInputSchema, MAX_IMPORT_BODY_BYTES } from "@app/shared/inventory/product-csv";
import { productSchema } from "@app/shared/inventory/product";
import { ctxOf } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { MIME_BY_EXT, readImageUpload, type FileStorage } from "../../platform/files.ts";
import { inventoryTenant, productRecord } from "./products.routes.ts";
import * as io from "./product-io.service.ts";

/** Product images, uploaded files, and CSV import/export. */
export const productIoRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.post(
    "/api/products/:id/image",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["products"],
        summary: "Upload a product image (multipart field 'image': JPEG, PNG or WebP, up to 5 MB)",
        params: z.object({ id: z.uuid() }),
        response: { 200: productSchema },
      },
    },
    async (req) => {
      const data = await readImageUpload(req);
      return io.setProductImage(ctxOf(req), files, req.params.id, data);
    },
  );

  app.delete(
    "/api/products/:id/image",
    {
      config: { access: productRecord("manage") },
      schema: {
        tags: ["products"],
        summary: "Remove a product's image",
        params: z.object({ id: z.uuid() }),
        response: { 200: productSchema },
      },
    },
    async (req) => io.removeProductImage(ctxOf(req), files, req.params.id),
  );

  app.get(
    "/api/files/*",
    // Image URLs are unguessable (random ids) and load in <img> tags, which send no token.
    { config: { access: { kind: "public" } }, schema: { tags: ["files"], summary: "An uploaded file", hide: true } },
    async (req, reply) => {
      const key = (req.params as { "*": string })["*"];
      const file = await files.get(key);
      if (!file) throw new AppError("NOT_FOUND", "File not found");
      return reply
        .type(MIME_BY_EXT[key.split(".").pop() ?? ""] ?? "application/octet-stream")
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Content-Length", file.size)
        .send(file.stream);
    },
  );

  app.post(
    "/api/products/import",
    {
      config: { access: inventoryTenant("body", "manage") },
      // The import dialog checks the file and the request against the same constants before sending.
      bodyLimit: MAX_IMPORT_BODY_BYTES,
      schema: {
        tags: ["products"],
        summary: "Import products (all rows or none); rows as parsed from the CSV",
        body: importProductsInputSchema,
        response: { 201: z.object({ created: z.number().int() }) },
      },
    },
    async (req, reply) => reply.code(201).send(await io.importProducts(ctxOf(req), req.body.rows)),
  );

  app.get(
    "/api/products/export",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags: ["products"],
        summary: "Every product as CSV",
        querystring: z.object({ businessId: z.uuid() }),
        produces: ["text/csv"],
      },
    },
    async (req, reply) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="products.csv"`)
        .send(await io.exportProducts(ctxOf(req))),
  );
};
