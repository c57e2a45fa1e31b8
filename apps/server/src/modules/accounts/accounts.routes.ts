import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminLoginInputSchema, employeeLoginInputSchema, sessionSchema, userDetailsSchema } from "@app/shared/auth/auth";
import { userCtxOf } from "../../platform/access.ts";
import { loginAdmin, loginEmployee } from "./accounts.service.ts";
import { revokeSession } from "./sessions.service.ts";

/** Sign-in for owners, support and staff; logout; who am I. */
export const accountRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, { loginRateLimit }) => {
  const rateLimit = { max: loginRateLimit, timeWindow: "1 minute" };

  app.post(
    "/api/adminAuth/login",
    {
      config: { access: { kind: "public" }, rateLimit },
      schema: { tags: ["auth"], summary: "Owner or support sign-in (username or email)", body: adminLoginInputSchema, response: { 200: sessionSchema } },
    },
    async (req) => loginAdmin(app.db, app.tokens, req.body),
  );

  app.post(
    "/api/employeesAuth/login",
    {
      config: { access: { kind: "public" }, rateLimit },
      schema: { tags: ["auth"], summary: "Staff sign-in for a paired business", body: employeeLoginInputSchema, response: { 200: sessionSchema } },
    },
    async (req) => loginEmployee(app.db, app.tokens, req.body),
  );

  app.post(
    "/api/employeesAuth/logout",
    { config: { access: { kind: "user" } }, schema: { tags: ["auth"], summary: "End this session (any signed-in user)", response: { 204: z.null() } } },
    async (req, reply) => {
      await revokeSession(app.db, userCtxOf(req).user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/auth/me",
    {
      config: { access: { kind: "user" } },
      schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: z.object({ isAdmin: z.boolean(), details: userDetailsSchema }) } },
    },
    async (req) => {
      const { user } = userCtxOf(req);
      return { isAdmin: user.isAdmin, details: user.details };
    },
  );
};
