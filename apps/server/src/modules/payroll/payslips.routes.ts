import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { payslipLineSchema } from "@app/shared/payroll/payroll";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./payslips.service.ts";
import { documentLanguageOf } from "@app/shared/printing/receipt-text";

const tags = ["payroll"];
const idParams = z.object({ id: z.uuid() });
/** A payslip: payroll readers see any, an employee their own (the service checks which). */
const payslipRecord = {
  kind: "record",
  what: "Payslip",
  resolve: (db, p) => service.businessIdOfPayslip(db, p.id!),
  area: null,
} as const satisfies AccessPolicy;

/** Payslips: one employee's line of a run, as JSON or PDF, and an employee's own (My Account). */
export const payslipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/payslips/mine",
    {
      config: { access: { kind: "tenant", from: "query", area: null } },
      schema: {
        tags,
        summary: "The signed-in employee's own payslips of approved runs, newest first",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(payslipLineSchema) },
      },
    },
    async (req) => service.listMyPayslips(ctxOf(req)),
  );

  app.get(
    "/api/payslips",
    {
      config: { access: { kind: "tenant", from: "query", area: "payroll" } },
      schema: {
        tags,
        summary: "One employee's payslips of every run, newest month first (payroll readers)",
        querystring: z.object({ businessId: z.uuid(), employeeId: z.uuid() }),
        response: { 200: z.array(payslipLineSchema) },
      },
    },
    async (req) => service.listEmployeePayslips(ctxOf(req), req.query.employeeId),
  );

  app.get(
    "/api/payslips/:id",
    {
      config: { access: payslipRecord },
      schema: {
        tags,
        summary: "One payslip (payroll readers; an employee their own, once approved)",
        params: idParams,
        response: { 200: payslipLineSchema },
      },
    },
    async (req) => service.getPayslip(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/payslips/:id/pdf",
    {
      config: { access: payslipRecord },
      schema: { tags, summary: "One payslip as a PDF (same access)", params: idParams, produces: ["application/pdf"] },
    },
    async (req, reply) => {
      const { fileName, pdf } = await service.payslipPdf(
        ctxOf(req),
        req.params.id,
        documentLanguageOf(req.headers["accept-language"]),
      );
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
};
