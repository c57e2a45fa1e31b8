import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { employeeSchema, registerEmployeeInputSchema, updateEmployeeInputSchema } from "@app/shared/accounts/auth";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import * as service from "./employees.service.ts";

const idParams = z.object({ id: z.uuid() });
const employeeRecord = (ownerOnly: boolean): AccessPolicy => ({
  kind: "record",
  what: "Employee",
  resolve: (db, p) => service.businessIdOfEmployee(db, p.id!),
  area: "hr",
  ownerOnly,
});

/** Staff accounts of a business (HR Department). */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/employeesAuth/register",
    {
      config: { access: { kind: "tenant", from: "body", area: "hr", ownerOnly: true } },
      schema: {
        tags: ["employees"],
        summary: "Register a member of staff (owner only)",
        body: registerEmployeeInputSchema,
        response: { 201: employeeSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.registerEmployee(ctxOf(req), req.body)),
  );

  app.get(
    "/api/employees",
    {
      config: { access: { kind: "tenant", from: "query", area: "hr" } },
      schema: {
        tags: ["employees"],
        summary: "Staff of a business",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(employeeSchema) },
      },
    },
    async (req) => service.listEmployees(ctxOf(req)),
  );

  app.get(
    "/api/employees/:id",
    {
      config: { access: employeeRecord(false) },
      schema: {
        tags: ["employees"],
        summary: "One member of staff",
        params: idParams,
        response: { 200: employeeSchema },
      },
    },
    async (req) => service.getEmployee(ctxOf(req), req.params.id),
  );

  app.put(
    "/api/employees/:id",
    {
      config: { access: employeeRecord(true) },
      schema: {
        tags: ["employees"],
        summary: "Change permissions, occupation, password or active (owner only)",
        params: idParams,
        body: updateEmployeeInputSchema,
        response: { 200: employeeSchema },
      },
    },
    async (req) => service.updateEmployee(ctxOf(req), req.params.id, req.body),
  );
};
