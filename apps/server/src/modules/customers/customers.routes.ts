import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createCustomerInputSchema,
  customerPageSchema,
  customerSchema,
  customerStatementSchema,
  deleteCustomerResultSchema,
  listCustomersQuerySchema,
  updateCustomerInputSchema,
} from "@app/shared/customers/customer";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./customers.service.ts";

const tags = ["customers"];
const idParams = z.object({ id: z.uuid() });

/** A route on one customer: the business that owns it, the Customers area (spec section 6). */
const customerRecord = (ownerOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Customer",
  resolve: (db, p) => service.businessIdOfCustomer(db, p.id!),
  area: "customers",
  ownerOnly,
});

/** Customers: the people a business sells to (spec sections 2 and 7). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/customers",
    {
      config: { access: { kind: "tenant", from: "query", area: "customers" } },
      schema: {
        tags,
        summary: "A business's customers by name, with what each owes and their last purchase (q: name or phone)",
        querystring: listCustomersQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (req) => service.listCustomers(ctxOf(req), req.query),
  );

  app.post(
    "/api/customersAuth/register",
    {
      config: { access: { kind: "tenant", from: "body", area: "customers" } },
      schema: {
        tags,
        summary: "Create a customer record (customers do not sign in); 409 when the phone is another customer's",
        body: createCustomerInputSchema,
        response: { 201: customerSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createCustomer(ctxOf(req), req.body)),
  );

  app.get(
    "/api/customers/:id",
    {
      config: { access: customerRecord() },
      schema: { tags, summary: "One customer", params: idParams, response: { 200: customerSchema } },
    },
    async (req) => service.getCustomer(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/customers/:id",
    {
      config: { access: customerRecord() },
      schema: {
        tags,
        summary: "Change a customer's details or credit limit (null: no limit)",
        params: idParams,
        body: updateCustomerInputSchema,
        response: { 200: customerSchema },
      },
    },
    async (req) => service.updateCustomer(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    "/api/customers/:id",
    {
      config: { access: customerRecord(true) },
      schema: {
        tags,
        summary: "Delete a customer who never bought anything; one with sales is archived instead (owner)",
        params: idParams,
        response: { 200: deleteCustomerResultSchema },
      },
    },
    async (req) => service.deleteCustomer(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/customers/:id/statement",
    {
      config: { access: customerRecord() },
      schema: {
        tags,
        summary: "Every credit sale and payment of a customer, oldest first, with the running balance",
        params: idParams,
        response: { 200: customerStatementSchema },
      },
    },
    async (req) => service.customerStatement(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/customers/:id/statement/pdf",
    {
      config: { access: customerRecord() },
      schema: { tags, summary: "The statement as a PDF", params: idParams, produces: ["application/pdf"] },
    },
    async (req, reply) => {
      const { fileName, pdf } = await service.customerStatementPdf(ctxOf(req), req.params.id);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
