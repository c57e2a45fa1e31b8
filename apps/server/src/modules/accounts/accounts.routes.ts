import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminLoginInputSchema,
  changePasswordInputSchema,
  sessionSchema,
  userDetailsSchema,
} from "@app/shared/accounts/auth";
import { userCtxOf } from "../../platform/access.ts";
import type { SignInLimits } from "../../platform/sign-in-limit.ts";
import { changeOwnPassword, loginAdmin } from "./accounts.service.ts";
import { revokeOtherSessions, revokeSession } from "./sessions.service.ts";

/** Sign-in for owners and support; logout (anyone); my password and sessions; who am I. Staff sign in through hr. */
export const accountRoutes: FastifyPluginAsyncZod<{ signIn: SignInLimits }> = async (app, { signIn }) => {
  const { rateLimit, perAddress } = signIn;

  app.post(
    "/api/adminAuth/login",
    {
      config: { access: { kind: "public" }, rateLimit },
      preHandler: perAddress,
      schema: {
        tags: ["auth"],
        summary: "Owner or support sign-in (username or email)",
        body: adminLoginInputSchema,
        response: { 200: sessionSchema },
      },
    },
    async (req) => loginAdmin(app.db, app.tokens, req.body),
  );

  app.post(
    "/api/employeesAuth/logout",
    {
      config: { access: { kind: "user" } },
      schema: { tags: ["auth"], summary: "End this session (any signed-in user)", response: { 204: z.null() } },
    },
    async (req, reply) => {
      await revokeSession(app.db, userCtxOf(req).user.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/auth/password",
    {
      // Guessing the current password with a stolen token is held to the sign-in rate.
      config: { access: { kind: "user" }, rateLimit },
      schema: {
        tags: ["auth"],
        summary: "Change my password (owners and support): every other session ends",
        body: changePasswordInputSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await changeOwnPassword(userCtxOf(req), req.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/auth/logoutOthers",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags: ["auth"],
        summary: "End every other session of mine (other devices); this one stays",
        response: { 200: z.object({ ended: z.number().int() }) },
      },
    },
    async (req) => {
      const { db, user } = userCtxOf(req);
      return { ended: await revokeOtherSessions(db, user) };
    },
  );

  app.get(
    "/api/auth/me",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags: ["auth"],
        summary: "The signed-in user",
        response: { 200: z.object({ isAdmin: z.boolean(), details: userDetailsSchema }) },
      },
    },
    async (req) => {
      const { user } = userCtxOf(req);
      return { isAdmin: user.isAdmin, details: user.details };
    },
  );
};
