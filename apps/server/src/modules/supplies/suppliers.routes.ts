import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createSupplierInputSchema,
  deleteSupplierResultSchema,
  listSuppliersQuerySchema,
  supplierPageSchema,
  supplierSchema,
  supplierStatementSchema,
  updateSupplierInputSchema,
} from "@app/shared/supplies/supplier";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./suppliers.service.ts";

const tags = ["suppliers"];
const idParams = z.object({ id: z.uuid() });

/** A route on one supplier: the business that owns it, the Supplies area (admin or viewSupplies). */
const supplierRecord = (ownerOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Supplier",
  resolve: (db, p) => service.businessIdOfSupplier(db, p.id!),
  area: "supplies",
  ownerOnly,
});

/** Suppliers (spec section 7: GET/POST /api/suppliers, DELETE /api/suppliers/{id}), their details and statement. */
export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/suppliers",
    {
      config: { access: { kind: "tenant", from: "query", area: "supplies" } },
      schema: {
        tags,
        summary: "A business's suppliers by name with what is owed to each (q: name, contact or phone; owing)",
        querystring: listSuppliersQuerySchema,
        response: { 200: supplierPageSchema },
      },
    },
    async (req) => service.listSuppliers(ctxOf(req), req.query),
  );
  app.post(
    "/api/suppliers",
    {
      config: { access: { kind: "tenant", from: "body", area: "supplies" } },
      schema: {
        tags,
        summary: "Add a supplier (409 when a supplier of the business has the name)",
        body: createSupplierInputSchema,
        response: { 201: supplierSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createSupplier(ctxOf(req), req.body)),
  );
  app.get(
    "/api/suppliers/:id",
    {
      config: { access: supplierRecord() },
      schema: { tags, summary: "One supplier", params: idParams, response: { 200: supplierSchema } },
    },
    async (req) => service.getSupplier(ctxOf(req), req.params.id),
  );
  app.put(
    "/api/suppliers/:id",
    {
      config: { access: supplierRecord() },
      schema: {
        tags,
        summary: "Change a supplier's details",
        params: idParams,
        body: updateSupplierInputSchema,
        response: { 200: supplierSchema },
      },
    },
    async (req) => service.updateSupplier(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/suppliers/:id",
    {
      config: { access: supplierRecord(true) },
      schema: {
        tags,
        summary: "Delete a supplier without supplies; one with supplies is archived instead (owner)",
        params: idParams,
        response: { 200: deleteSupplierResultSchema },
      },
    },
    async (req) => service.deleteSupplier(ctxOf(req), req.params.id),
  );
  app.get(
    "/api/suppliers/:id/statement",
    {
      config: { access: supplierRecord() },
      schema: {
        tags,
        summary: "Every supply and payment of a supplier, oldest first, with the running balance owed",
        params: idParams,
        response: { 200: supplierStatementSchema },
      },
    },
    async (req) => service.supplierStatement(ctxOf(req), req.params.id),
  );
  app.get(
    "/api/suppliers/:id/statement/pdf",
    {
      config: { access: supplierRecord() },
      schema: { tags, summary: "The supplier statement as a PDF", params: idParams, produces: ["application/pdf"] },
    },
    async (req, reply) => {
      const { fileName, pdf } = await service.supplierStatementPdf(ctxOf(req), req.params.id);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
