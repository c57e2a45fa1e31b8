import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { listReceiptsQuerySchema, receiptPageSchema, receiptPdfQuerySchema } from "@app/shared/sales-documents/receipt";
import { ctxOf } from "../../platform/access.ts";
import { businessIdOfMovement } from "../transactions/transactions.public.ts";
import { listReceiptsOf, receiptPdf } from "./receipts.service.ts";

/** Receipts (/receipts): one per sale or payment that took money in, reprintable on 80 mm or A4. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/receipts",
    {
      config: { access: { kind: "tenant", from: "query", area: "salesDocuments" } },
      schema: {
        tags: ["receipts"],
        summary: "Receipts of sales, credit repayments and invoice payments, newest first (period, kind, search)",
        querystring: listReceiptsQuerySchema,
        response: { 200: receiptPageSchema },
      },
    },
    async (req) => listReceiptsOf(ctxOf(req), req.query),
  );
  app.get(
    "/api/receipts/:id/pdf",
    {
      config: {
        access: {
          kind: "record",
          what: "Receipt",
          resolve: (db, p) => businessIdOfMovement(db, p.id!),
          // The owner's Receipts page, and the sales registers and tills that reprint a sale's receipt.
          area: ["salesDocuments", "sales", ...TILL_AREAS],
        },
      },
      schema: {
        tags: ["receipts"],
        summary: "Reprint a receipt as a PDF (format 80mm or a4)",
        params: z.object({ id: z.uuid() }),
        querystring: receiptPdfQuerySchema,
        produces: ["application/pdf"],
      },
    },
    async (req, reply) => {
      const { fileName, pdf } = await receiptPdf(ctxOf(req), req.params.id, req.query.format);
      return reply.type("application/pdf").header("Content-Disposition", `inline; filename="${fileName}"`).send(pdf);
    },
  );
};
