import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { captainOrderPrintInputSchema, captainOrderPrintSchema } from "@app/shared/restaurant/kitchen";
import { ctxOf } from "../../platform/access.ts";
import * as kitchen from "./kitchen.service.ts";

const idParams = z.object({ id: z.uuid() });

/** Kitchen tickets (/api/captainOrderPrint): what changed on a ticket goes to the kitchen printer. */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/captainOrderPrint",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags: ["kitchen"],
        summary: "Captain order prints of a sale or ticket, or the latest of the business",
        querystring: z.object({ businessId: z.uuid(), saleId: z.uuid().optional(), ticketId: z.uuid().optional() }),
        response: { 200: z.array(captainOrderPrintSchema) },
      },
    },
    async (req) => kitchen.listCaptainOrders(ctxOf(req), req.query),
  );
  app.post(
    "/api/captainOrderPrint",
    {
      config: { access: { kind: "tenant", from: "body", area: TILL_AREAS } },
      schema: {
        tags: ["kitchen"],
        summary:
          "Send the kitchen what changed on a ticket since its last print (201), or nothing when nothing changed (200, print null)",
        body: captainOrderPrintInputSchema,
        response: { 200: z.object({ print: z.null() }), 201: z.object({ print: captainOrderPrintSchema }) },
      },
    },
    async (req, reply) => {
      const print = await kitchen.printCaptainOrder(ctxOf(req), req.body, app.printing);
      return print ? reply.code(201).send({ print }) : reply.code(200).send({ print: null });
    },
  );
  app.post(
    "/api/captainOrderPrint/:id/reprint",
    {
      config: {
        access: {
          kind: "record",
          what: "Captain order print",
          resolve: (db, p) => kitchen.businessIdOfPrint(db, p.id!),
          area: TILL_AREAS,
        },
      },
      schema: {
        tags: ["kitchen"],
        summary: "Print a kitchen ticket again",
        params: idParams,
        response: { 200: captainOrderPrintSchema },
      },
    },
    async (req) => kitchen.reprintCaptainOrder(ctxOf(req), req.params.id, app.printing),
  );
};
