import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cashUpPreviewSchema,
  cashUpSchema,
  createCashUpInputSchema,
  createTransactionInputSchema,
  listTransactionsQuerySchema,
  manualTransactionSchema,
  transactionPageSchema,
} from "@app/shared/transactions/transaction";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as cashUps from "./cash-up.service.ts";
import * as service from "./transactions.service.ts";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";
import { renderZReport } from "./z-report.ts";

const tags = ["transactions"];
const idParams = z.object({ id: z.uuid() });
const headers = idempotencyHeadersSchema;
/** Spec section 6: Transactions is for the owner and Cashiers, never Stock Handlers (mayUseArea). */
const area = "transactions" as const;
const cashUpRecord: AccessPolicy = {
  kind: "record",
  what: "Cash-up",
  resolve: (db, p) => cashUps.businessIdOfCashUp(db, p.id!),
  area,
};

/** The cash book (/api/transactions, spec section 7) and the end-of-day cash-up with its Z report. */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/transactions",
    {
      config: { access: { kind: "tenant", from: "query", area } },
      schema: {
        tags,
        summary: "Every movement of money, newest first, with totals (period, search, method, direction, kind)",
        querystring: listTransactionsQuerySchema,
        response: { 200: transactionPageSchema },
      },
    },
    async (req) => service.listTransactions(ctxOf(req), req.query),
  );
  app.post(
    "/api/transactions",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags,
        summary: "Enter a transaction by hand: owner's drawings, capital in, a bank deposit of cash (Idempotency-Key)",
        headers,
        body: createTransactionInputSchema,
        response: { 201: manualTransactionSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createTransaction(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.delete(
    "/api/transactions/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Transaction",
          resolve: (db, p) => service.businessIdOfTransaction(db, p.id!),
          area,
          ownerOnly: true,
        },
      },
      schema: {
        tags,
        summary:
          "Delete a transaction entered by hand (cancelling movements are appended); others change through their source (409)",
        params: idParams,
        headers,
        response: { 200: manualTransactionSchema },
      },
    },
    async (req) => service.deleteTransaction(ctxOf(req), req.params.id, idempotencyOf(req)),
  );

  app.get(
    "/api/transactions/cashup",
    {
      config: { access: { kind: "tenant", from: "query", area } },
      schema: {
        tags,
        summary:
          "What each till holds now (movements not yet cashed up): the owner sees every till, a cashier their own",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: cashUpPreviewSchema },
      },
    },
    async (req) => cashUps.cashUpPreview(ctxOf(req)),
  );
  app.post(
    "/api/transactions/cashup",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags,
        summary:
          "End-of-day cash-up of a till (or all): expected cash, the counted cash and the difference (Idempotency-Key)",
        headers,
        body: createCashUpInputSchema,
        response: { 201: cashUpSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await cashUps.createCashUp(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.get(
    "/api/transactions/cashups",
    {
      config: { access: { kind: "tenant", from: "query", area } },
      schema: {
        tags,
        summary: "Recorded cash-ups, newest first (a cashier: their own)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(cashUpSchema) },
      },
    },
    async (req) => cashUps.listCashUps(ctxOf(req)),
  );
  app.get(
    "/api/transactions/cashups/:id/zreport",
    {
      config: { access: cashUpRecord },
      schema: {
        tags,
        summary: "The Z report of a cash-up (PDF, 80 mm)",
        params: idParams,
        produces: ["application/pdf"],
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const cashUp = await cashUps.getCashUp(ctx, req.params.id);
      const pdf = await renderZReport(cashUp, ctx.business, documentLanguageOf(req.headers["accept-language"]));
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `inline; filename="z-report-${cashUp.zNumber}.pdf"`)
        .send(pdf);
    },
  );
};
