import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  stockAnalysisQuerySchema,
  stockAnalysisSchema,
  stockSummarySchema,
} from "@app/shared/inventory/stock-analysis";
import { ctxOf } from "../../platform/access.ts";
import { inventoryTenant } from "./products.routes.ts";
import * as analysis from "./stock-analysis.service.ts";

const tags = ["stock"];

/** The stock overview and analysis pages: value of the stock, and what sells fast or slowly. */
export const stockAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/stock/summary",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags,
        summary: "Stock totals: products, units, value at cost and at selling price, low and out-of-stock counts",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: stockSummarySchema },
      },
    },
    async (req) => analysis.stockSummary(ctxOf(req)),
  );

  app.get(
    "/api/stock/analysis",
    {
      config: { access: inventoryTenant("query", "view") },
      schema: {
        tags,
        summary: "Stock value, and fast and slow movers from the ledger's sales over a period",
        querystring: stockAnalysisQuerySchema,
        response: { 200: stockAnalysisSchema },
      },
    },
    async (req) => analysis.stockAnalysis(ctxOf(req), req.query),
  );
};
