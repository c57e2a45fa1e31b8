import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  dashboardQuerySchema,
  dashboardSchema,
  summaryCsv,
  summaryQuerySchema,
  summarySchema,
} from "@app/shared/reports/reports";
import { ctxOf } from "../../platform/access.ts";
import * as service from "./reports.service.ts";
import { renderSummaryPdf } from "./summary-pdf.ts";

const tags = ["reports"];

/** The dashboard (/) and the summary (/summary): spec section 6, the owner only. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/reports/dashboard",
    {
      config: { access: { kind: "tenant", from: "query", area: "dashboard" } },
      schema: {
        tags,
        summary:
          "Today against yesterday and the same day last week, sales by hour, top products, payments, credit, low stock",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (req) => service.dashboard(ctxOf(req)),
  );
  app.get(
    "/api/reports/summary",
    {
      config: { access: { kind: "tenant", from: "query", area: "reports" } },
      schema: {
        tags,
        summary:
          "A period's sales, cost of goods, profit, expenses, by channel, payment, employee and category, with the period before",
        querystring: summaryQuerySchema,
        response: { 200: summarySchema },
      },
    },
    async (req) => service.summary(ctxOf(req), req.query),
  );
  app.get(
    "/api/reports/summary/pdf",
    {
      config: { access: { kind: "tenant", from: "query", area: "reports" } },
      schema: { tags, summary: "The summary as a PDF", querystring: summaryQuerySchema, produces: ["application/pdf"] },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      const s = await service.summary(ctx, req.query);
      const pdf = await renderSummaryPdf(ctx.business.name, s);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="summary-${s.from}-${s.to}.pdf"`)
        .send(pdf);
    },
  );
  app.get(
    "/api/reports/summary/csv",
    {
      config: { access: { kind: "tenant", from: "query", area: "reports" } },
      schema: { tags, summary: "The summary as CSV", querystring: summaryQuerySchema, produces: ["text/csv"] },
    },
    async (req, reply) => {
      const s = await service.summary(ctxOf(req), req.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="summary-${s.from}-${s.to}.csv"`)
        .send(summaryCsv(s));
    },
  );
};
