import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCustomerInputSchema, customerSchema } from "@app/shared/customers/customer";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./customers.service.ts";

const tags = ["customers"];

/** A route on one customer: the business that owns it, the Customers area (spec section 6). */
export const customerRecord = (ownerOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Customer",
  resolve: (db, p) => service.businessIdOfCustomer(db, p.id!),
  area: "customers",
  ownerOnly,
});

/** Customers: the people a business sells to (spec sections 2 and 7); their accounts are in flows/customer-accounts.routes.ts. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
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
};
