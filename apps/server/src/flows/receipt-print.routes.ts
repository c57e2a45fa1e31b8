import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PRINT_STATUSES } from "@app/shared/restaurant/kitchen";
import { receiptLines } from "@app/shared/printing/receipt";
import { ctxOf } from "../platform/access.ts";
import { receiptBranchOf } from "../modules/etims/etims.public.ts";
import { logDrawerOpening, networkPrinterFor, printOn } from "../modules/printing/printing.public.ts";
import { businessIdOfSale, readSale } from "../modules/sales/sales.public.ts";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

const idParams = z.object({ id: z.uuid() });
const printQuerySchema = z.object({ openDrawer: z.enum(["true", "false"]).optional() });
const outcomeSchema = z.object({ printStatus: z.enum(PRINT_STATUSES), printerError: z.string().nullable() });

/**
 * POST /api/sales/:id/print and /api/orders/:id/print: a sale's receipt on the receipt printer,
 * with KRA's proof and QR code once signed. A flow: the sale (sales) and the business's eTIMS
 * branch (etims, a layer above sales) make the receipt together.
 */
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
          querystring: printQuerySchema,
          response: { 200: outcomeSchema },
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        const sale = await readSale(ctx.db, ctx.businessId, channel, req.params.id);
        const printer = await networkPrinterFor(ctx.db, ctx.businessId, "receipt", app.printing);
        const etims = await receiptBranchOf(ctx.db, ctx.businessId);
        // The till asks the drawer open when it prints a cash sale's receipt (issue 31); reprints do not.
        const openDrawer = req.query.openDrawer === "true" && sale.payments.some((p) => p.method === "Cash");
        const outcome = await printOn(
          printer,
          (columns) =>
            receiptLines(sale, { ...ctx.business, etims }, columns, {
              language: documentLanguageOf(req.headers["accept-language"]),
            }),
          app.printing,
          { openDrawer },
        );
        if (openDrawer && outcome.printStatus === "sent") await logDrawerOpening(ctx.db, ctx, "cash_sale", sale._id);
        return outcome;
      },
    );
  }
};
