import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  commissionEarnedSchema,
  commissionRuleSchema,
  createCommissionRuleInputSchema,
} from "@app/shared/payroll/commission";
import { payMonthSchema } from "@app/shared/payroll/rule-set";
import { ctxOf } from "../../platform/access.ts";
import * as service from "./commissions.service.ts";

const tags = ["payroll"];

/** Commission rules and what staff earned by them (/commission/analysis). */
export const commissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/commissions",
    {
      config: { access: { kind: "tenant", from: "query", area: "payroll" } },
      schema: {
        tags,
        summary: "Commission rules of a business",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(commissionRuleSchema) },
      },
    },
    async (req) => service.listCommissionRules(ctxOf(req)),
  );

  app.post(
    "/api/commissions",
    {
      config: { access: { kind: "tenant", from: "body", area: "payroll", ownerOnly: true } },
      schema: {
        tags,
        summary: "Add a commission rule for an employee or an occupation (owner)",
        body: createCommissionRuleInputSchema,
        response: { 201: commissionRuleSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createCommissionRule(ctxOf(req), req.body)),
  );

  app.delete(
    "/api/commissions/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Commission rule",
          resolve: (db, p) => service.businessIdOfCommissionRule(db, p.id!),
          area: "payroll",
          ownerOnly: true,
        },
      },
      schema: {
        tags,
        summary: "Delete a commission rule (owner; runs already made keep their commissions)",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => service.deleteCommissionRule(ctxOf(req), req.params.id),
  );

  app.get(
    "/api/commissions/earned",
    {
      config: { access: { kind: "tenant", from: "query", area: "payroll" } },
      schema: {
        tags,
        summary: "Commissions earned in a month by each employee with a rule, net of voided sales",
        querystring: z.object({ businessId: z.uuid(), month: payMonthSchema }),
        response: { 200: z.array(commissionEarnedSchema) },
      },
    },
    async (req) => service.earnedCommissions(ctxOf(req), req.query.month),
  );
};
