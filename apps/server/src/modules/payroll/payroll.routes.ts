import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPayrollInputSchema,
  markPayrollPaidInputSchema,
  PAYROLL_SCHEDULES,
  payrollRunSchema,
  payslipLineSchema,
} from "@app/shared/payroll/payroll";
import { createRuleSetInputSchema, ruleSetSchema } from "@app/shared/payroll/rule-set";
import { ctxOf, userCtxOf, type AccessPolicy } from "../../platform/access.ts";
import { idempotencyHeadersSchema as headers, idempotencyOf } from "../../platform/idempotency.ts";
import { commissionRoutes } from "./commissions.routes.ts";
import { payProfileRoutes } from "./pay-profiles.routes.ts";
import * as runs from "./payroll.service.ts";
import { payslipRoutes } from "./payslips.routes.ts";
import * as ruleSets from "./rule-sets.service.ts";
import * as payslips from "./payslips.service.ts";

const tags = ["payroll"];
const idParams = z.object({ id: z.uuid() });
const byBusiness = z.object({ businessId: z.uuid() });
/** Payroll data: admin or viewPayroll reads; the owner writes (as HR's staff accounts). */
const runRecord = (ownerOnly = false): AccessPolicy => ({
  kind: "record",
  what: "Payroll",
  resolve: (db, p) => runs.businessIdOfPayroll(db, p.id!),
  area: "payroll",
  ownerOnly,
});

/** Payroll runs, their lines and returns, the statutory rule sets; with pay profiles, payslips and commissions. */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(payProfileRoutes);
  await app.register(payslipRoutes);
  await app.register(commissionRoutes);

  app.get(
    "/api/payrolls",
    {
      config: { access: { kind: "tenant", from: "query", area: "payroll" } },
      schema: {
        tags,
        summary: "Payroll runs, newest month first",
        querystring: byBusiness,
        response: { 200: z.array(payrollRunSchema) },
      },
    },
    async (req) => runs.listPayrolls(ctxOf(req)),
  );

  app.post(
    "/api/payrolls",
    {
      config: { access: { kind: "tenant", from: "body", area: "payroll", ownerOnly: true } },
      schema: {
        tags,
        summary: "Run payroll for a month as a draft (owner; one run per month: 409; Idempotency-Key)",
        headers,
        body: createPayrollInputSchema,
        response: { 201: payrollRunSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await runs.createPayroll(ctxOf(req), req.body, idempotencyOf(req))),
  );

  app.get(
    "/api/payrolls/:id",
    {
      config: { access: runRecord() },
      schema: {
        tags,
        summary: "One payroll run with its totals",
        params: idParams,
        response: { 200: payrollRunSchema },
      },
    },
    async (req) => runs.getPayroll(ctxOf(req), req.params.id),
  );

  app.delete(
    "/api/payrolls/:id",
    {
      config: { access: runRecord(true) },
      schema: {
        tags,
        summary: "Delete a draft run (owner; approved or paid: 409)",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => runs.deletePayroll(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/payrolls/:id/lines",
    {
      config: { access: runRecord() },
      schema: {
        tags,
        summary: "Every employee's payslip in a run",
        params: idParams,
        response: { 200: z.array(payslipLineSchema) },
      },
    },
    async (req) => payslips.listPayrollLines(ctxOf(req), req.params.id),
  );

  app.post(
    "/api/payrolls/:id/approve",
    {
      config: { access: runRecord(true) },
      schema: {
        tags,
        summary: "Approve a draft: its payslips never change again (owner; twice: 409; Idempotency-Key)",
        params: idParams,
        headers,
        response: { 200: payrollRunSchema },
      },
    },
    async (req) => runs.approvePayroll(ctxOf(req), req.params.id, idempotencyOf(req)),
  );

  app.post(
    "/api/payrolls/:id/pay",
    {
      config: { access: runRecord(true) },
      schema: {
        tags,
        summary: "Mark an approved run paid (owner; a draft or a paid run: 409; Idempotency-Key)",
        params: idParams,
        headers,
        body: markPayrollPaidInputSchema,
        response: { 200: payrollRunSchema },
      },
    },
    async (req) => runs.markPayrollPaid(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );

  app.get(
    "/api/payrolls/:id/export",
    {
      config: { access: runRecord() },
      schema: {
        tags,
        summary: "A monthly return of a run as CSV: PAYE, NSSF, SHIF, AHL, or the payment list",
        params: idParams,
        querystring: z.object({ schedule: z.enum(PAYROLL_SCHEDULES) }),
        produces: ["text/csv"],
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await payslips.exportPayrollSchedule(ctxOf(req), req.params.id, req.query.schedule);
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.get(
    "/api/payrollRuleSets",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags,
        summary: "The statutory rule sets, oldest first (public law)",
        response: { 200: z.array(ruleSetSchema) },
      },
    },
    async (req) => ruleSets.listRuleSets(userCtxOf(req)),
  );

  app.post(
    "/api/payrollRuleSets",
    {
      config: { access: { kind: "support" } },
      schema: {
        tags,
        summary: "Add a statutory rule set in force from a date (provider support; one per date: 409)",
        body: createRuleSetInputSchema,
        response: { 201: ruleSetSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await ruleSets.createRuleSet(userCtxOf(req), req.body)),
  );
};
