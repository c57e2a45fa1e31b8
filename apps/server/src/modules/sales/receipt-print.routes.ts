import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PRINT_STATUSES } from "@app/shared/restaurant/kitchen";
import { receiptLines } from "@app/shared/printing/receipt";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";
import { ctxOf } from "../../platform/access.ts";
import { networkPrinterFor, printOn } from "../printing/printing.public.ts";
import { businessIdOfSale, readSale } from "./sale-read.ts";

const idParams = z.object({ id: z.uuid() });
const outcomeSchema = z.object({ printStatus: z.enum(PRINT_STATUSES), printerError: z.string().nullable() });

/** POST /api/sales/:id/print and /api/orders/:id/print: a sale's receipt on the receipt printer. */
export const receiptPrintRoutes: FastifyPluginAsyncZod = async (app) => {
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
        const printer = await networkPrinterFor(ctx.db, ctx.businessId, "receipt", app.printing);
        return printOn(
          printer,
          (columns) =>
            receiptLines(sale, ctx.business, columns, { language: documentLanguageOf(req.headers["accept-language"]) }),
          app.printing,
        );
      },
    );
  }
};
