import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  convertQuotationInputSchema,
  createCreditNoteInputSchema,
  createInvoiceInputSchema,
  createQuotationInputSchema,
  documentPageSchema,
  invoiceInputSchema,
  invoicePaymentInputSchema,
  listDocumentsQuerySchema,
  quotationInputSchema,
  salesDocumentSchema,
  type DocumentType,
} from "@app/shared/sales-documents/document";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import { createCreditNote, payInvoice } from "./document-money.service.ts";
import { renderDocumentPdf } from "./document-pdf.ts";
import { receiptBranchOf } from "../etims/etims.public.ts";
import * as docs from "./documents.service.ts";
import * as invoices from "./invoices.service.ts";
import * as quotations from "./quotations.service.ts";
import { listPaymentDetails } from "./payment-details.service.ts";
import { issuerOf } from "./receipts.service.ts";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

const idParams = z.object({ id: z.uuid() });
const headers = idempotencyHeadersSchema;
/** Spec section 6: Sales Documents is the owner's. */
const area = "salesDocuments" as const;
const record = (what: string): AccessPolicy => ({
  kind: "record",
  what,
  resolve: (db, p) => docs.businessIdOfDocument(db, p.id!),
  area,
});

/** Invoices, quotations and credit notes (spec section 7: /api/invoices, /api/quotations). */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = (type: DocumentType, base: string, what: string, tags: string[]) => {
    app.get(
      base,
      {
        config: { access: { kind: "tenant", from: "query", area } },
        schema: {
          tags,
          summary: `${what}s, newest first, with totals (search, status, overdue, client)`,
          querystring: listDocumentsQuerySchema,
          response: { 200: documentPageSchema },
        },
      },
      async (req) => docs.listDocuments(ctxOf(req), type, req.query),
    );
    app.get(
      `${base}/:id`,
      {
        config: { access: record(what) },
        schema: {
          tags,
          summary: `One ${what.toLowerCase()}`,
          params: idParams,
          response: { 200: salesDocumentSchema },
        },
      },
      async (req) => docs.readDocument(req.server.db, ctxOf(req), type, req.params.id),
    );
    app.get(
      `${base}/:id/pdf`,
      {
        config: { access: record(what) },
        schema: {
          tags,
          summary: `The ${what.toLowerCase()} as a PDF: business and client KRA PINs, lines, VAT per band, balance`,
          params: idParams,
          produces: ["application/pdf"],
        },
      },
      async (req, reply) => {
        const ctx = ctxOf(req);
        const doc = await docs.readDocument(ctx.db, ctx, type, req.params.id);
        const pdf = await renderDocumentPdf(
          doc,
          await issuerOf(ctx),
          await listPaymentDetails(ctx.db, ctx.businessId),
          await receiptBranchOf(ctx.db, ctx.businessId),
          documentLanguageOf(req.headers["accept-language"]),
        );
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="${doc.number}.pdf"`)
          .send(pdf);
      },
    );
  };

  common("invoice", "/api/invoices", "Invoice", ["invoices"]);
  common("quotation", "/api/quotations", "Quotation", ["quotations"]);
  common("credit_note", "/api/creditNotes", "Credit note", ["invoices"]);

  app.post(
    "/api/invoices",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags: ["invoices"],
        summary: "Issue an invoice: the next INV number, lines with VAT per band (Idempotency-Key)",
        headers,
        body: createInvoiceInputSchema,
        response: { 201: salesDocumentSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await invoices.createInvoice(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.put(
    "/api/invoices/:id",
    {
      config: { access: record("Invoice") },
      schema: {
        tags: ["invoices"],
        summary: "Edit an invoice until it is paid (a paid one: 409 DOCUMENT_LOCKED, issue a credit note)",
        params: idParams,
        headers,
        body: invoiceInputSchema,
        response: { 200: salesDocumentSchema },
      },
    },
    async (req) => invoices.updateInvoice(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
  app.delete(
    "/api/invoices/:id",
    {
      config: { access: record("Invoice") },
      schema: {
        tags: ["invoices"],
        summary: "Cancel an invoice nothing was paid or credited on (its number stays taken)",
        params: idParams,
        response: { 200: salesDocumentSchema },
      },
    },
    async (req) => docs.cancelDocument(ctxOf(req), "invoice", req.params.id),
  );
  app.post(
    "/api/invoices/:id/payments",
    {
      config: { access: record("Invoice") },
      schema: {
        tags: ["invoices"],
        summary: "A payment towards an invoice (Partial, then Paid; above the balance: 422 INVOICE_OVERPAYMENT)",
        params: idParams,
        headers,
        body: invoicePaymentInputSchema,
        response: { 200: salesDocumentSchema },
      },
    },
    async (req) => payInvoice(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
  app.post(
    "/api/invoices/:id/creditNotes",
    {
      config: { access: record("Invoice") },
      schema: {
        tags: ["invoices"],
        summary: "Issue a credit note against an invoice: never more than the invoice (422), a refund when it was paid",
        params: idParams,
        headers,
        body: createCreditNoteInputSchema,
        response: { 201: salesDocumentSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createCreditNote(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );

  app.post(
    "/api/quotations",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags: ["quotations"],
        summary: "Make a quotation (next QUO number) for a client or a walk-in (Idempotency-Key)",
        headers,
        body: createQuotationInputSchema,
        response: { 201: salesDocumentSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await quotations.createQuotation(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.put(
    "/api/quotations/:id",
    {
      config: { access: record("Quotation") },
      schema: {
        tags: ["quotations"],
        summary: "Edit an open quotation",
        params: idParams,
        headers,
        body: quotationInputSchema,
        response: { 200: salesDocumentSchema },
      },
    },
    async (req) => quotations.updateQuotation(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
  app.delete(
    "/api/quotations/:id",
    {
      config: { access: record("Quotation") },
      schema: {
        tags: ["quotations"],
        summary: "Cancel an open quotation (its number stays taken)",
        params: idParams,
        response: { 200: salesDocumentSchema },
      },
    },
    async (req) => docs.cancelDocument(ctxOf(req), "quotation", req.params.id),
  );
  app.post(
    "/api/quotations/:id/convert",
    {
      config: { access: record("Quotation") },
      schema: {
        tags: ["quotations"],
        summary: "Convert a quotation into an invoice, once (again: 409 QUOTATION_CONVERTED)",
        params: idParams,
        headers,
        body: convertQuotationInputSchema,
        response: { 201: salesDocumentSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await quotations.convertQuotation(ctxOf(req), req.params.id, req.body, idempotencyOf(req))),
  );
};
