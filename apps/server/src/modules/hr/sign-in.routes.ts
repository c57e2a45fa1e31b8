import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { employeeLoginInputSchema, sessionSchema } from "@app/shared/accounts/auth";
import {
  ownerPinStatusSchema,
  pinSwitchInputSchema,
  pinUserSchema,
  setOwnerPinInputSchema,
  setPinInputSchema,
} from "@app/shared/accounts/pin";
import { ctxOf } from "../../platform/access.ts";
import type { SignInLimits } from "../../platform/sign-in-limit.ts";
import { loginEmployee } from "./sign-in.service.ts";
import { businessIdOfEmployee } from "./employees.service.ts";
import { hasOwnerPin, listPinUsers, setOwnerPin, setPin, switchByPin } from "./pins.service.ts";

/** Staff sign-in on a paired device, and the quick cashier switch by PIN at a till. */
export const staffSignInRoutes: FastifyPluginAsyncZod<{ signIn: SignInLimits }> = async (app, { signIn }) => {
  const { rateLimit, perAddress } = signIn;

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
          // A PIN is a staff secret: the owner's alone, never support's (issue 28).
          ownerAlone: true,
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

  // The owner's till PIN (issue 31): approves a discount beyond a cashier's limit at the till.
  app.put(
    "/api/ownerPin",
    {
      config: { access: { kind: "tenant", from: "body", area: null, ownerOnly: true, ownerAlone: true } },
      schema: {
        tags: ["auth"],
        summary: "Set (or clear, with null) the owner's 4-6 digit till PIN that approves discounts (owner)",
        body: setOwnerPinInputSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await setOwnerPin(ctxOf(req), req.body.pin);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/ownerPin",
    {
      config: { access: { kind: "tenant", from: "query", area: null } },
      schema: {
        tags: ["auth"],
        summary: "Whether the owner has set a till PIN (the till offers the owner's approval only then)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: ownerPinStatusSchema },
      },
    },
    async (req) => ({ set: await hasOwnerPin(app.db, ctxOf(req).businessId) }),
  );
};
