import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createPrinterInputSchema, printerSchema } from "@app/shared/printing/printer";
import { receiptLines } from "@app/shared/printing/receipt";
import { captainOrderPrintInputSchema, captainOrderPrintSchema, PRINT_STATUSES } from "@app/shared/restaurant/kitchen";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { TILL_AREAS } from "../restaurant/sections.routes.ts";
import { businessIdOfSale, readSale } from "../sales/sale-read.ts";
import * as kitchen from "../restaurant/kitchen.service.ts";
import * as service from "./printers.service.ts";

const idParams = z.object({ id: z.uuid() });
const outcomeSchema = z.object({ printStatus: z.enum(PRINT_STATUSES), printerError: z.string().nullable() });
const printerRecord: AccessPolicy = {
  kind: "record",
  what: "Printer",
  resolve: (db, p) => service.businessIdOfPrinter(db, p.id!),
  area: null,
  ownerOnly: true,
};

/** Printers (/api/printers), kitchen tickets (/api/captainOrderPrint) and receipt printing. */
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
    async (req, reply) => reply.code(201).send(await service.createPrinter(ctxOf(req), req.body)),
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
    async (req) => service.testPrinter(ctxOf(req), req.params.id),
  );

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
      const print = await kitchen.printCaptainOrder(ctxOf(req), req.body);
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
    async (req) => kitchen.reprintCaptainOrder(ctxOf(req), req.params.id),
  );

  for (const [base, channel, areas] of [
    ["/api/sales", "retail", ["sales", "pos", "pharmacy"]],
    ["/api/orders", "wholesale", ["wholesale"]],
  ] as const) {
    app.post(
      `${base}/:id/print`,
      {
        config: {
          access: {
            kind: "record",
            what: channel === "retail" ? "Sale" : "Order",
            resolve: (db, p) => businessIdOfSale(db, p.id!),
            area: areas,
          },
        },
        schema: {
          tags: ["printers"],
          summary: "Print the receipt on the network receipt printer (browser: print it at the till)",
          params: idParams,
          response: { 200: outcomeSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        const sale = await readSale(ctx.db, ctx.businessId, channel, req.params.id);
        const printer = await service.networkPrinterFor(ctx.db, ctx.businessId, "receipt");
        return service.printOn(printer, (columns) => receiptLines(sale, ctx.business, columns));
      },
    );
  }
};
