import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { mayUseArea, type Area } from "@app/shared/permissions/areas";
import { mayManageSales } from "@app/shared/permissions/sales";
import type { Channel } from "@app/shared/pos/cart";
import { creditPaymentInputSchema } from "@app/shared/sales/credit";
import {
  createSaleInputSchema,
  creditQuerySchema,
  creditSummarySchema,
  debtSchema,
  deleteSaleQuerySchema,
  linkSaleCustomerInputSchema,
  listSalesQuerySchema,
  openCreditQuerySchema,
  saleSchema,
  salesLogQuerySchema,
  updateSaleInputSchema,
  updateVoidSaleInputSchema,
} from "@app/shared/sales/sale";
import { saleHistoryEntrySchema } from "@app/shared/sales/sale-history";
import { openShortfallSchema, settleShortfallInputSchema } from "@app/shared/sales/shortfall";
import { usualItemsQuerySchema, usualItemsSchema } from "@app/shared/sales/usual-items";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import type { Ctx } from "../../platform/context.ts";
import { forbidden } from "../../platform/errors.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as changes from "./sale-changes.service.ts";
import * as voids from "./sale-voids.service.ts";
import * as credit from "./credit.service.ts";
import { listSaleHistory } from "./sale-history.ts";
import { businessIdOfSale, readSale } from "./sale-read.ts";
import * as service from "./sales.service.ts";
import * as lists from "./sales-list.service.ts";
import * as shortfalls from "./shortfall.service.ts";
import { usualItems } from "./usual-items.service.ts";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A sale's Idempotency-Key and fingerprint. The fingerprint leaves out offlineAt: when the till
 * lost the server's answer it keeps the sale offline under the same key, stamped with the time,
 * and that later request is the same sale (the first one answers it), not another.
 */
const saleIdempotencyOf = (req: Parameters<typeof idempotencyOf>[0] & { body: { offlineAt?: string } }) =>
  idempotencyOf({ headers: req.headers, params: req.params, body: { ...req.body, offlineAt: undefined } });

const idParams = z.object({ id: z.uuid() });
const headers = idempotencyHeadersSchema;
const businessQuery = z.object({ businessId: z.uuid() });

type ChannelRoutes = {
  channel: Channel;
  checkRefundReason: voids.CheckRefundReason;
  base: "/api/sales" | "/api/orders";
  /** Who rings up, who reads, who corrects (beyond mayManageSales). */
  sellAreas: readonly Area[];
  readAreas: readonly Area[];
};

/** The sales routes of one channel: /api/sales (retail) or /api/orders (wholesale), spec section 7. */
function channelRoutes(app: ZodApp, { channel, base, sellAreas, readAreas, checkRefundReason }: ChannelRoutes): void {
  const tags = [channel === "retail" ? "sales" : "orders"];
  const noun = channel === "retail" ? "sale" : "wholesale order";
  const record = (area: readonly Area[], manage = false): AccessPolicy => ({
    kind: "record",
    what: channel === "retail" ? "Sale" : "Order",
    resolve: (db, p) => businessIdOfSale(db, p.id!),
    area,
    ...(manage ? { permit: mayManageSales } : {}),
  });
  const manageArea = channel === "retail" ? (["sales"] as const) : (["wholesale"] as const);

  app.post(
    base,
    {
      config: { access: { kind: "tenant", from: "body", area: sellAreas } },
      schema: {
        tags,
        summary: `Record a ${noun}: lines priced by the server, payments, stock taken (Idempotency-Key)`,
        headers,
        body: createSaleInputSchema,
        response: { 201: saleSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createSale(ctxOf(req), channel, req.body, saleIdempotencyOf(req))),
  );
  app.get(
    base,
    {
      config: { access: { kind: "tenant", from: "query", area: readAreas } },
      schema: {
        tags,
        summary: `The latest ${noun}s, newest first by number (limit, beforeNumber, before, credit and open filters)`,
        querystring: listSalesQuerySchema,
        response: { 200: z.array(saleSchema) },
      },
    },
    async (req) => lists.listSales(ctxOf(req), channel, req.query),
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: record([...readAreas, ...sellAreas]) },
      schema: { tags, summary: `One ${noun}`, params: idParams, response: { 200: saleSchema } },
    },
    async (req) => readSale(req.server.db, ctxOf(req).businessId, channel, req.params.id),
  );
  app.get(
    `${base}/:id/history`,
    {
      // Read where the sale's drawer is: the Sales (or Wholesale) registers, not the tills.
      config: { access: record(readAreas) },
      schema: {
        tags,
        summary: `The audit trail of a ${noun}: every edit, void, restore, credit payment, with who, when, before and after`,
        params: idParams,
        response: { 200: z.array(saleHistoryEntrySchema) },
      },
    },
    async (req) => listSaleHistory(req.server.db, ctxOf(req).businessId, channel, req.params.id),
  );
  app.put(
    `${base}/:id`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Edit a ${noun}'s lines and payments; stock follows through the ledger`,
        params: idParams,
        headers,
        body: updateSaleInputSchema,
        response: { 200: saleSchema },
      },
    },
    async (req) => changes.updateSale(ctxOf(req), channel, req.params.id, req.body, idempotencyOf(req)),
  );
  app.delete(
    `${base}/:id`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Void a ${noun}: it moves to the void sales and its stock returns; signed by KRA: a credit note with KRA's refund reason (etimsRefundReason, checked against KRA's list: 400 when unknown)`,
        params: idParams,
        headers,
        querystring: deleteSaleQuerySchema,
        response: { 200: saleSchema },
      },
    },
    async (req) =>
      voids.voidSale(
        ctxOf(req),
        channel,
        req.params.id,
        { reason: req.query.reason, etimsRefundReason: req.query.etimsRefundReason },
        checkRefundReason,
        idempotencyOf(req),
      ),
  );
  app.get(
    `${base}/voidsales/salesvoid/this/ask`,
    {
      config: { access: { kind: "tenant", from: "query", area: manageArea, permit: mayManageSales } },
      schema: {
        tags,
        summary: `The voided ${noun}s of a business`,
        querystring: businessQuery,
        response: { 200: z.array(saleSchema) },
      },
    },
    async (req) => voids.listVoidSales(ctxOf(req), channel),
  );
  app.post(
    `${base}/voidsales/restore/:id`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Restore a voided ${noun}; its stock is taken again (409 when gone)`,
        params: idParams,
        headers,
        response: { 200: saleSchema },
      },
    },
    async (req) => voids.restoreSale(ctxOf(req), channel, req.params.id, idempotencyOf(req)),
  );
  app.put(
    `${base}/voidsales/:id`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Correct the reason of a voided ${noun}`,
        params: idParams,
        body: updateVoidSaleInputSchema,
        response: { 200: saleSchema },
      },
    },
    async (req) => voids.updateVoidSale(ctxOf(req), channel, req.params.id, req.body.reason),
  );
  app.delete(
    `${base}/voidsales/:id`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Remove a voided ${noun} from the void sales; it and its payments, stock movements and history are kept`,
        params: idParams,
        response: { 200: z.object({ hidden: z.literal(true) }) },
      },
    },
    async (req) => voids.hideVoidSale(ctxOf(req), channel, req.params.id),
  );
  app.put(
    `${base}/salecredit/:id`,
    {
      config: { access: record(manageArea) },
      schema: {
        tags,
        summary: `A payment towards a credit ${noun} (422 above the balance)`,
        params: idParams,
        headers,
        body: creditPaymentInputSchema,
        response: { 200: saleSchema },
      },
    },
    async (req) => credit.recordCreditPayment(ctxOf(req), channel, req.params.id, req.body, idempotencyOf(req)),
  );
  app.post(
    `${base}/:id/shortfall`,
    {
      config: { access: record(manageArea, true) },
      schema: {
        tags,
        summary: `Settle one product an offline ${noun} sold without stock: received after all, or a loss with its reason (Idempotency-Key)`,
        params: idParams,
        headers,
        body: settleShortfallInputSchema,
        response: { 200: saleSchema },
      },
    },
    async (req) => shortfalls.settleShortfall(ctxOf(req), channel, req.params.id, req.body, idempotencyOf(req)),
  );
  app.put(
    `${base}/salecustomer/:id`,
    {
      config: { access: record(manageArea) },
      schema: {
        tags,
        summary: `Link a ${noun} to a customer record (its name and phone follow the customer)`,
        params: idParams,
        body: linkSaleCustomerInputSchema,
        response: { 200: saleSchema },
      },
    },
    async (req) => credit.linkSaleCustomer(ctxOf(req), channel, req.params.id, req.body.customerId),
  );
}

/**
 * Sales (/api/sales), wholesale orders (/api/orders), the sales log and debts. `checkRefundReason`
 * is KRA eTIMS's (a layer above sales), for the credit note of a void.
 */
export const salesRoutes: FastifyPluginAsyncZod<{ checkRefundReason: voids.CheckRefundReason }> = async (
  app,
  { checkRefundReason },
) => {
  channelRoutes(app, {
    channel: "retail",
    base: "/api/sales",
    sellAreas: ["pos", "pharmacy"],
    readAreas: ["sales"],
    checkRefundReason,
  });
  channelRoutes(app, {
    channel: "wholesale",
    base: "/api/orders",
    sellAreas: ["wholesale"],
    readAreas: ["wholesale"],
    checkRefundReason,
  });

  app.get(
    "/api/sales/usual-items",
    {
      // Those who ring up sales: the till's, the pharmacy's and the wholesale till's.
      config: { access: { kind: "tenant", from: "query", area: ["pos", "pharmacy", "wholesale"] } },
      schema: {
        tags: ["sales"],
        summary:
          "What a customer buys most often (their sales of the last 180 days), each with the quantity they usually take, for the till to offer",
        querystring: usualItemsQuerySchema,
        response: { 200: usualItemsSchema },
      },
    },
    async (req) => usualItems(ctxOf(req), req.query.customerId),
  );
  app.get(
    "/api/stock-shortfalls",
    {
      // Those who may settle them: the owner and Managers (spec section 6 plus mayManageSales).
      config: { access: { kind: "tenant", from: "query", area: ["sales", "wholesale"], permit: mayManageSales } },
      schema: {
        tags: ["sales"],
        summary: "What offline sales and orders sold without stock and nobody has settled yet, one row per product",
        querystring: businessQuery,
        response: { 200: z.array(openShortfallSchema) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const seen = creditChannels(ctx).filter((c) => c === "wholesale" || mayUseArea("sales", ctx.user, ctx.business));
      return (await shortfalls.listOpenShortfalls(ctx)).filter((s) => seen.includes(s.channel));
    },
  );
  app.get(
    "/api/sales/log/sales",
    {
      config: { access: { kind: "tenant", from: "query", area: "olderSales" } },
      schema: {
        tags: ["sales"],
        summary: "Every sale between startDate and endDate (Older Sales)",
        querystring: salesLogQuerySchema,
        response: { 200: z.array(saleSchema) },
      },
    },
    async (req) => lists.salesLog(ctxOf(req), req.query),
  );
  app.get(
    "/api/sales/debts",
    {
      config: { access: { kind: "tenant", from: "query", area: "sales" } },
      schema: {
        tags: ["sales"],
        summary: "Who owes what on credit, oldest debt first",
        querystring: businessQuery,
        response: { 200: z.array(debtSchema) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return credit.listDebts(ctx, creditChannels(ctx));
    },
  );
  app.get(
    "/api/sales/credit/summary",
    {
      config: { access: { kind: "tenant", from: "query", area: "sales" } },
      schema: {
        tags: ["sales"],
        summary:
          "Credit totals counted on the server: credit sales, open ones, what they came to and still owe (channel, else all the caller sees)",
        querystring: creditQuerySchema,
        response: { 200: creditSummarySchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return credit.creditSummary(ctx, creditChannels(ctx, req.query.channel));
    },
  );
  app.get(
    "/api/sales/credit/open",
    {
      config: { access: { kind: "tenant", from: "query", area: "sales" } },
      schema: {
        tags: ["sales"],
        summary: "Credit sales and orders still owing, oldest first (limit, afterNumber)",
        querystring: openCreditQuerySchema,
        response: { 200: z.array(saleSchema) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      return credit.listOpenCredit(ctx, creditChannels(ctx, req.query.channel), req.query);
    },
  );
};

/** The channels a credit route covers: the one asked for (wholesale only for the Wholesale area, else 403), or every one the caller sees. */
function creditChannels(ctx: Ctx, channel?: Channel): Channel[] {
  const seen: Channel[] = mayUseArea("wholesale", ctx.user, ctx.business) ? ["retail", "wholesale"] : ["retail"];
  if (!channel) return seen;
  if (!seen.includes(channel)) throw forbidden("Wholesale orders are for the owner only");
  return [channel];
}
