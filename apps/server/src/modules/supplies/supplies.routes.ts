import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { creditPaymentInputSchema } from "@app/shared/sales/credit";
import {
  createSupplyInputSchema,
  listSuppliesQuerySchema,
  supplyCreditSummarySchema,
  supplyPageSchema,
  supplyProductOptionSchema,
  supplyProductSearchQuerySchema,
  supplyRecordSchema,
  transferToStockInputSchema,
  updateSupplyCommodityInputSchema,
  updateSupplyInputSchema,
  updateSupplyProductInputSchema,
} from "@app/shared/supplies/supply";
import {
  commodityLogEntrySchema,
  productSupplyLogSchema,
  supplyAnalysisQuerySchema,
  supplyAnalysisSchema,
  supplyQuantityValueQuerySchema,
  supplyQuantityValueSchema,
  supplyTransferSchema,
} from "@app/shared/supplies/supply-logs";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as logs from "./supply-logs.service.ts";
import * as payments from "./supplier-payments.service.ts";
import * as stock from "./supply-stock.service.ts";
import { businessIdOfSupplier } from "./suppliers.service.ts";
import { businessIdOfSupply } from "./supply-read.ts";
import * as service from "./supplies.service.ts";
import * as lines from "./supply-lines.service.ts";

const tags = ["supplies"];
const headers = idempotencyHeadersSchema;
const idParams = z.object({ id: z.uuid() });
const businessQuery = z.object({ businessId: z.uuid() });

/** A route on one supply record (its other path ids are looked up inside it). */
const supplyRecord = (ownerOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Supply",
  resolve: (db, p) => businessIdOfSupply(db, p.id!),
  area: "supplies",
  ownerOnly,
});
const tenant = (from: "query" | "body"): AccessPolicy => ({ kind: "tenant", from, area: "supplies" });

/** Supply records (spec section 7: /api/supplyrecord), moving them into stock, paying for them, their logs. */
export const supplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/supplyrecord",
    {
      config: { access: tenant("query") },
      schema: {
        tags,
        summary: "Supplies, newest first (supplierId, credit, open, creditStatus, q: number or supplier)",
        querystring: listSuppliesQuerySchema,
        response: { 200: supplyPageSchema },
      },
    },
    async (req) => service.listSupplies(ctxOf(req), req.query),
  );
  app.post(
    "/api/supplyrecord",
    {
      config: { access: tenant("body") },
      schema: {
        tags,
        summary: "Record a delivery: products into the supply store, commodities, what was paid (the rest on credit)",
        headers,
        body: createSupplyInputSchema,
        response: { 201: supplyRecordSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createSupply(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.get(
    "/api/supplyrecord/credit/summary",
    {
      config: { access: tenant("query") },
      schema: {
        tags,
        summary: "Supplies on credit counted on the server: how many, still open, what they came to and still owe",
        querystring: businessQuery,
        response: { 200: supplyCreditSummarySchema },
      },
    },
    async (req) => payments.supplyCreditSummary(ctxOf(req)),
  );
  app.get(
    "/api/supplyrecord/products",
    {
      config: { access: tenant("query") },
      schema: {
        tags,
        summary: "Products a delivery may name, by name, SKU or barcode (for Supplies staff without Inventory)",
        querystring: supplyProductSearchQuerySchema,
        response: { 200: z.array(supplyProductOptionSchema) },
      },
    },
    async (req) => logs.searchSupplyProducts(ctxOf(req), req.query),
  );
  app.get(
    "/api/supplyrecord/analysis",
    {
      config: { access: tenant("query") },
      schema: {
        tags,
        summary: "Spend on supplies between two days: by supplier, by product, per day, week or month",
        querystring: supplyAnalysisQuerySchema,
        response: { 200: supplyAnalysisSchema },
      },
    },
    async (req) => logs.supplyAnalysis(ctxOf(req), req.query),
  );
  app.get(
    "/api/supplyrecord/supply/quantity/value",
    {
      config: { access: tenant("query") },
      schema: {
        tags,
        summary: "Quantity and value supplied per product and commodity (all, one supplier, or one supply)",
        querystring: supplyQuantityValueQuerySchema,
        response: { 200: supplyQuantityValueSchema },
      },
    },
    async (req) => logs.supplyQuantityValue(ctxOf(req), req.query),
  );
  app.get(
    "/api/supplyrecord/log/quantity/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Product",
          resolve: (db, p) => logs.businessIdOfProduct(db, p.id!),
          area: "supplies",
        },
      },
      schema: {
        tags,
        summary:
          "A product's quantity log: every delivery of it, newest first, with unit costs and what is still in the supply store",
        params: idParams,
        response: { 200: productSupplyLogSchema },
      },
    },
    async (req) => logs.productSupplyLog(ctxOf(req), req.params.id),
  );
  app.get(
    "/api/supplyrecord/transfer/quantity/:id",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary: "A supply's transfer log: each move into stock with the cost price it set, newest first",
        params: idParams,
        response: { 200: z.array(supplyTransferSchema) },
      },
    },
    async (req) => logs.supplyTransferLog(ctxOf(req), req.params.id),
  );
  app.get(
    "/api/supplyrecord/commodity/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Supplier",
          resolve: (db, p) => businessIdOfSupplier(db, p.id!),
          area: "supplies",
        },
      },
      schema: {
        tags,
        summary: "A supplier's commodity log: every commodity bought from them, newest first",
        params: idParams,
        response: { 200: z.array(commodityLogEntrySchema) },
      },
    },
    async (req) => logs.commodityLog(ctxOf(req), req.params.id),
  );
  app.get(
    "/api/supplyrecord/:id",
    {
      config: { access: supplyRecord() },
      schema: { tags, summary: "One supply", params: idParams, response: { 200: supplyRecordSchema } },
    },
    async (req) => service.getSupply(ctxOf(req), req.params.id),
  );
  app.put(
    "/api/supplyrecord/:id",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary: "Change when a supply arrived, who received it, its notes",
        params: idParams,
        body: updateSupplyInputSchema,
        response: { 200: supplyRecordSchema },
      },
    },
    async (req) => service.updateSupply(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/supplyrecord/:id",
    {
      config: { access: supplyRecord(true) },
      schema: {
        tags,
        summary: "Delete a supply entered by mistake (409 once part is in stock or paid for later; owner)",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => service.deleteSupply(ctxOf(req), req.params.id),
  );
  app.patch(
    "/api/supplyrecord/:id/product/:productId",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary: "Change a product line's quantity (not below what is in stock) or unit cost (before any is in stock)",
        params: z.object({ id: z.uuid(), productId: z.uuid() }),
        body: updateSupplyProductInputSchema,
        response: { 200: supplyRecordSchema },
      },
    },
    async (req) => lines.updateSupplyProduct(ctxOf(req), req.params.id, req.params.productId, req.body),
  );
  app.patch(
    "/api/supplyrecord/:id/commodity/:commodityId",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary: "Change a commodity line",
        params: z.object({ id: z.uuid(), commodityId: z.uuid() }),
        body: updateSupplyCommodityInputSchema,
        response: { 200: supplyRecordSchema },
      },
    },
    async (req) => lines.updateSupplyCommodity(ctxOf(req), req.params.id, req.params.commodityId, req.body),
  );
  app.post(
    "/api/supplyrecord/transferSupplyToStock/:id",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary:
          "Move units of a supply's products into stock through the ledger; cost prices become weighted averages (422 beyond what is left; Idempotency-Key)",
        params: idParams,
        headers,
        body: transferToStockInputSchema,
        response: { 200: supplyRecordSchema },
      },
    },
    async (req) => stock.transferSupplyToStock(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
  app.post(
    "/api/supplyrecord/:id/payments",
    {
      config: { access: supplyRecord() },
      schema: {
        tags,
        summary:
          "A part payment to the supplier for a supply (422 above the balance, 409 when cleared; Idempotency-Key)",
        params: idParams,
        headers,
        body: creditPaymentInputSchema,
        response: { 200: supplyRecordSchema },
      },
    },
    async (req) => payments.recordSupplierPayment(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
};
