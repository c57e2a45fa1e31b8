import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPrinterInputSchema,
  drawerLogQuerySchema,
  drawerOpeningSchema,
  openDrawerInputSchema,
  printerSchema,
} from "@app/shared/printing/printer";
import { PRINT_STATUSES } from "@app/shared/restaurant/kitchen";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import * as service from "./printers.service.ts";
import { listDrawerLog, openDrawerNoSale } from "./drawer.service.ts";

const idParams = z.object({ id: z.uuid() });
const outcomeSchema = z.object({ printStatus: z.enum(PRINT_STATUSES), printerError: z.string().nullable() });
const printerRecord: AccessPolicy = {
  kind: "record",
  what: "Printer",
  resolve: (db, p) => service.businessIdOfPrinter(db, p.id!),
  area: null,
  ownerOnly: true,
};

/** Printers (/api/printers); receipts are printed by the sales module, kitchen tickets by restaurant. */
export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/printers",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags: ["printers"],
        summary: "The printers of a business",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(printerSchema) },
      },
    },
    async (req) => service.listPrinters(ctxOf(req)),
  );
  app.post(
    "/api/printers",
    {
      config: { access: { kind: "tenant", from: "body", area: null, ownerOnly: true } },
      schema: {
        tags: ["printers"],
        summary: "Add a network ESC/POS printer (IP, port 9100) or the browser's print dialog",
        body: createPrinterInputSchema,
        response: { 201: printerSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createPrinter(ctxOf(req), req.body, app.printing)),
  );
  app.delete(
    "/api/printers/:id",
    {
      config: { access: printerRecord },
      schema: {
        tags: ["printers"],
        summary: "Remove a printer",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => service.deletePrinter(ctxOf(req), req.params.id),
  );
  app.post(
    "/api/printers/:id/test",
    {
      config: { access: printerRecord },
      schema: {
        tags: ["printers"],
        summary: "Print a test page on a network printer",
        params: idParams,
        response: { 200: outcomeSchema },
      },
    },
    async (req) => service.testPrinter(ctxOf(req), req.params.id, app.printing),
  );

  // The cash drawer (issue 31): "No sale" at the till, and the owner's log of every opening.
  app.post(
    "/api/drawer/open",
    {
      config: { access: { kind: "tenant", from: "body", area: TILL_AREAS } },
      schema: {
        tags: ["printers"],
        summary: "No sale: open the cash drawer through the receipt printer (logged with who and when)",
        body: openDrawerInputSchema,
        response: { 200: outcomeSchema },
      },
    },
    async (req) => openDrawerNoSale(ctxOf(req), app.printing),
  );
  app.get(
    "/api/drawer/log",
    {
      config: { access: { kind: "tenant", from: "query", area: null, ownerOnly: true } },
      schema: {
        tags: ["printers"],
        summary: "Every opening of the cash drawer, newest first: cash sales and No sale, who and when (owner)",
        querystring: drawerLogQuerySchema,
        response: { 200: z.array(drawerOpeningSchema) },
      },
    },
    async (req) => listDrawerLog(ctxOf(req), req.query.limit),
  );
};
