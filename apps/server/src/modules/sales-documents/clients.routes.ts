import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  clientSchema,
  createClientInputSchema,
  listClientsQuerySchema,
  updateClientInputSchema,
} from "@app/shared/sales-documents/client";
import { createPaymentDetailInputSchema, paymentDetailSchema } from "@app/shared/sales-documents/payment-detail";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as clients from "./clients.service.ts";
import * as details from "./payment-details.service.ts";

const idParams = z.object({ id: z.uuid() });
/** Clients serve the Sales Documents (spec section 6: the owner's). */
const area = "salesDocuments" as const;
const clientRecord: AccessPolicy = {
  kind: "record",
  what: "Client",
  resolve: (db, p) => clients.businessIdOfClient(db, p.id!),
  area,
};

/** Business clients (/api/clients) and the business's own payment details (/api/paymentDetails), spec section 7. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["clients"];
  app.get(
    "/api/clients",
    {
      config: { access: { kind: "tenant", from: "query", area } },
      schema: {
        tags,
        summary: "The business's clients by name (search by name, KRA PIN, contact or phone)",
        querystring: listClientsQuerySchema,
        response: { 200: z.array(clientSchema) },
      },
    },
    async (req) => clients.listClients(ctxOf(req), req.query.q),
  );
  app.post(
    "/api/clients",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags,
        summary: "Add a client: company name, KRA PIN, contact, address",
        body: createClientInputSchema,
        response: { 201: clientSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await clients.createClient(ctxOf(req), req.body)),
  );
  app.get(
    "/api/clients/:id",
    {
      config: { access: clientRecord },
      schema: { tags, summary: "One client", params: idParams, response: { 200: clientSchema } },
    },
    async (req) => clients.getClient(ctxOf(req), req.params.id),
  );
  app.put(
    "/api/clients/:id",
    {
      config: { access: clientRecord },
      schema: {
        tags,
        summary: "Edit a client (documents already issued keep the details they were issued with)",
        params: idParams,
        body: updateClientInputSchema,
        response: { 200: clientSchema },
      },
    },
    async (req) => clients.updateClient(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/clients/:id",
    {
      config: { access: clientRecord },
      schema: {
        tags,
        summary: "Remove a client from the lists (archived: its documents stay)",
        params: idParams,
        response: { 200: z.object({ archived: z.literal(true) }) },
      },
    },
    async (req) => clients.deleteClient(ctxOf(req), req.params.id),
  );

  const detailTags = ["paymentDetails"];
  app.get(
    "/api/paymentDetails",
    {
      // Printed on receipts too: anyone of the business may read them.
      config: { access: { kind: "tenant", from: "query", area: null } },
      schema: {
        tags: detailTags,
        summary: "How clients pay the business (paybill, till, bank), printed on invoices and receipts",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(paymentDetailSchema) },
      },
    },
    async (req) => details.listPaymentDetails(req.server.db, ctxOf(req).businessId),
  );
  app.post(
    "/api/paymentDetails",
    {
      config: { access: { kind: "tenant", from: "body", area: null, ownerOnly: true } },
      schema: {
        tags: detailTags,
        summary: "Add a payment detail (the owner): M-Pesa Paybill, M-Pesa Till or a bank account",
        body: createPaymentDetailInputSchema,
        response: { 201: paymentDetailSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await details.createPaymentDetail(ctxOf(req), req.body)),
  );
  app.delete(
    "/api/paymentDetails/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Payment detail",
          resolve: (db, p) => details.businessIdOfPaymentDetail(db, p.id!),
          area: null,
          ownerOnly: true,
        },
      },
      schema: {
        tags: detailTags,
        summary: "Remove a payment detail (the owner)",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => details.deletePaymentDetail(ctxOf(req), req.params.id),
  );
};
