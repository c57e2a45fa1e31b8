import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { employeeSchema, registerEmployeeInputSchema, updateEmployeeInputSchema } from "@app/shared/accounts/auth";
import { changeEmployeePasswordInputSchema } from "@app/shared/hr/employee";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { readImageUpload, type FileStorage } from "../../platform/files.ts";
import * as self from "./employee-self.service.ts";
import * as service from "./employees.service.ts";

const idParams = z.object({ id: z.uuid() });
export const employeeRecord = (ownerOnly: boolean, area: "hr" | null = "hr"): AccessPolicy => ({
  kind: "record",
  what: "Employee",
  resolve: (db, p) => service.businessIdOfEmployee(db, p.id!),
  area,
  ownerOnly,
});
/** A member of staff's own account (password, avatar): any area; the service checks it is them (or the owner). */
const ownAccount = employeeRecord(false, null);
/** Staff passwords are the owner's and the employee's alone: never support's, even with the owner's support access. */
const setsPassword = (req: FastifyRequest) => (req.body as { password?: unknown } | undefined)?.password !== undefined;

/** Staff accounts of a business (HR Department), and a member of staff's own settings. */
export const employeeRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.post(
    "/api/employeesAuth/register",
    {
      config: { access: { kind: "tenant", from: "body", area: "hr", ownerOnly: true, ownerAlone: true } },
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
      config: { access: { ...employeeRecord(true), ownerAlone: setsPassword } },
      schema: {
        tags: ["employees"],
        summary: "Change permissions, occupation, password or active (owner only; a password never by support)",
        params: idParams,
        body: updateEmployeeInputSchema,
        response: { 200: employeeSchema },
      },
    },
    async (req) => service.updateEmployee(ctxOf(req), req.params.id, req.body),
  );

  app.put(
    "/api/employees/:id/password",
    {
      // Guessing the current password with a stolen token is held to a sign-in-like rate.
      config: { access: { ...ownAccount, ownerAlone: true }, rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["employees"],
        summary: "A member of staff changes their own password; their other sessions end",
        params: idParams,
        body: changeEmployeePasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await self.changeOwnEmployeePassword(ctxOf(req), req.params.id, req.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/employees/:id/image",
    {
      config: { access: ownAccount },
      schema: {
        tags: ["employees"],
        summary: "Upload an avatar (themselves or the owner; multipart field 'image': JPEG, PNG or WebP, up to 5 MB)",
        params: idParams,
        response: { 200: employeeSchema },
      },
    },
    async (req) => {
      const data = await readImageUpload(req);
      return self.setEmployeeImage(ctxOf(req), files, req.params.id, data);
    },
  );

  app.delete(
    "/api/employees/:id/image",
    {
      config: { access: ownAccount },
      schema: {
        tags: ["employees"],
        summary: "Remove an avatar (themselves or the owner)",
        params: idParams,
        response: { 200: employeeSchema },
      },
    },
    async (req) => self.removeEmployeeImage(ctxOf(req), files, req.params.id),
  );
};
