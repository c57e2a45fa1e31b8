import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  customerPageSchema,
  customerSchema,
  customerStatementSchema,
  deleteCustomerResultSchema,
  listCustomersQuerySchema,
  updateCustomerInputSchema,
} from "@app/shared/customers/customer";
import { ctxOf } from "../platform/access.ts";
import { customerRecord } from "../modules/customers/customers.public.ts";
import * as service from "./customer-accounts.ts";

const tags = ["customers"];
const idParams = z.object({ id: z.uuid() });

/** Customers with what they owe: the list, one customer, changes, removal, the statement (spec sections 2 and 7). */
export const customerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
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
