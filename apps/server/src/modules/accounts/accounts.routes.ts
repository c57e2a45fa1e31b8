import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminLoginInputSchema,
  changePasswordInputSchema,
  employeeLoginInputSchema,
  sessionSchema,
  userDetailsSchema,
} from "@app/shared/accounts/auth";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { userCtxOf } from "../../platform/access.ts";
import { AppError } from "../../platform/errors.ts";
import { changeOwnPassword, loginAdmin, loginEmployee } from "./accounts.service.ts";
import { revokeOtherSessions, revokeSession } from "./sessions.service.ts";
import { pinSwitchInputSchema, pinUserSchema, setPinInputSchema } from "@app/shared/accounts/pin";
import { ctxOf } from "../../platform/access.ts";
import { businessIdOfEmployee, listPinUsers, setPin, switchByPin } from "./pin.service.ts";

/**
 * Sign-in attempts one address may make per minute, as a multiple of the per-username limit:
 * enough for a shop's staff behind one router, too few to try passwords across many usernames.
 */
export const LOGIN_ATTEMPTS_PER_ADDRESS_FACTOR = 5;

/** Sign-in for owners, support and staff; logout; who am I. */
export const accountRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, { loginRateLimit }) => {
  // Per address and username (the plugin's key), and per address over both sign-in routes.
  const rateLimit = { max: loginRateLimit, timeWindow: "1 minute" };
  const addressLimit = app.createRateLimit({
    max: loginRateLimit * LOGIN_ATTEMPTS_PER_ADDRESS_FACTOR,
    timeWindow: "1 minute",
    keyGenerator: (req) => `sign-in|${req.ip}`,
  });
  const perAddress: preHandlerAsyncHookHandler = async (req) => {
    const limit = await addressLimit(req);
    // The same answer as the per-username limit (errors.ts), so neither limit can be told apart.
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError(ERROR_CODES.RATE_LIMITED, "Too many attempts. Please wait a minute and try again.");
  };

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
    "/api/employeesAuth/login",
    {
      config: { access: { kind: "public" }, rateLimit },
      preHandler: perAddress,
      schema: {
        tags: ["auth"],
        summary: "Staff sign-in for a paired business",
        body: employeeLoginInputSchema,
        response: { 200: sessionSchema },
      },
    },
    async (req) => loginEmployee(app.db, app.tokens, req.body),
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

  // The quick cashier switch (a paired till, signed in to the business): PINs per employee.
  app.put(
    "/api/tillPin/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "Employee",
          resolve: (db, p) => businessIdOfEmployee(db, p.id!),
          area: "hr",
          ownerOnly: true,
        },
      },
      schema: {
        tags: ["auth"],
        summary: "Set (or clear, with null) an employee's 4-6 digit till PIN; a new PIN unlocks it (owner)",
        params: z.object({ id: z.uuid() }),
        body: setPinInputSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await setPin(ctxOf(req), req.params.id, req.body.pin);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/tillSwitch/users",
    {
      config: { access: { kind: "tenant", from: "query", area: null } },
      schema: {
        tags: ["auth"],
        summary: "Staff who may take over this till with their PIN",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(pinUserSchema) },
      },
    },
    async (req) => listPinUsers(ctxOf(req)),
  );

  app.post(
    "/api/tillSwitch",
    {
      // A PIN has few digits: held to the sign-in rate per address, and it locks after wrong tries.
      config: { access: { kind: "tenant", from: "body", area: null }, rateLimit },
      preHandler: perAddress,
      schema: {
        tags: ["auth"],
        summary: "Hand this till to another employee by their PIN: this session ends, theirs begins",
        body: pinSwitchInputSchema,
        response: { 200: sessionSchema },
      },
    },
    async (req) => switchByPin(ctxOf(req), app.tokens, req.body),
  );
};
