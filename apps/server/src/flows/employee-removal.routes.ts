import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { deleteEmployeeResultSchema } from "@app/shared/hr/employee";
import { ctxOf } from "../platform/access.ts";
import { employeeRecord } from "../modules/hr/hr.public.ts";
import { deleteEmployee } from "./employee-removal.ts";

/** DELETE /api/employees/{id}: the HR Department's remove button (flows/employee-removal.ts). */
export const employeeRemovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    "/api/employees/:id",
    {
      config: { access: employeeRecord(true) },
      schema: {
        tags: ["employees"],
        summary: "Remove a member of staff (owner): with payslips or sales they are deactivated and kept, else erased",
        params: z.object({ id: z.uuid() }),
        response: { 200: deleteEmployeeResultSchema },
      },
    },
    async (req) => deleteEmployee(ctxOf(req), req.params.id),
  );
};
