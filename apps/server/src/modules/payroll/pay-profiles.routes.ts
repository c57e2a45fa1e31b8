import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { payProfileInputSchema, payProfileSchema } from "@app/shared/payroll/pay-profile";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./pay-profiles.service.ts";

const tags = ["payroll"];
const employeeRecord = (ownerOnly: boolean): AccessPolicy => ({
  kind: "record",
  what: "Employee",
  resolve: (db, p) => service.businessIdOfEmployee(db, p.id!),
  area: "payroll",
  ownerOnly,
});

/** Pay profiles: statutory numbers, pay method, basic pay, allowances and deductions per employee. */
export const payProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/payProfiles",
    {
      config: { access: { kind: "tenant", from: "query", area: "payroll" } },
      schema: {
        tags,
        summary: "Every member of staff with their pay profile",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(payProfileSchema) },
      },
    },
    async (req) => service.listPayProfiles(ctxOf(req)),
  );

  app.get(
    "/api/payProfiles/:id",
    {
      config: { access: employeeRecord(false) },
      schema: {
        tags,
        summary: "One employee's pay profile (by employee id)",
        params: z.object({ id: z.uuid() }),
        response: { 200: payProfileSchema },
      },
    },
    async (req) => service.getPayProfile(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/payProfiles/:id",
    {
      config: { access: employeeRecord(true) },
      schema: {
        tags,
        summary: "Save an employee's pay profile (owner; used by the next run)",
        params: z.object({ id: z.uuid() }),
        body: payProfileInputSchema,
        response: { 200: payProfileSchema },
      },
    },
    async (req) => service.savePayProfile(ctxOf(req), req.params.id, req.body),
  );
};
