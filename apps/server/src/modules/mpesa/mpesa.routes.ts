import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  mpesaCredentialsInputSchema,
  mpesaSettingsSchema,
  stkPushInputSchema,
  tillPaymentSchema,
  unclaimedQuerySchema,
} from "@app/shared/mpesa/mpesa";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { ctxOf } from "../../platform/access.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import * as credentials from "./credentials.service.ts";
import * as payments from "./payments.service.ts";
import * as stk from "./stk.service.ts";

const tags = ["mpesa"];
const settingsAccess = (from: "body" | "query") =>
  ({ kind: "tenant", from, area: "settings", ownerOnly: true }) as const;
/** Replacing the credentials or where Daraja sends payments: the owner's alone, never support's (even with access). */
const credentialsAccess = { ...settingsAccess("body"), ownerAlone: true } as const;

/** M-Pesa at the counter: Settings (credentials, C2B registration), STK push, unclaimed payments. Daraja's callbacks: flows/mpesa-callbacks.routes.ts. */
export const mpesaRoutes: FastifyPluginAsyncZod<{ deps: TillMpesaDeps }> = async (app, { deps }) => {
  app.get(
    "/api/mpesa/settings",
    {
      config: { access: settingsAccess("query") },
      schema: {
        tags,
        summary: "Whether the business's M-Pesa (Daraja) credentials are set; never the credentials (owner)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => credentials.getSettings(ctxOf(req), deps),
  );

  app.put(
    "/api/mpesa/settings",
    {
      config: { access: credentialsAccess },
      schema: {
        tags,
        summary: "Set the business's M-Pesa credentials: stored encrypted, never returned (owner)",
        body: mpesaCredentialsInputSchema,
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => credentials.saveCredentials(ctxOf(req), deps, req.body),
  );

  app.post(
    "/api/mpesa/c2b/register",
    {
      config: { access: credentialsAccess },
      schema: {
        tags,
        summary: "Register the confirmation and validation URLs of customer payments (C2B) with Daraja (owner)",
        body: z.object({ businessId: z.uuid() }),
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await credentials.registerC2b(ctx.db, deps, ctx.businessId);
      return credentials.getSettings(ctx, deps);
    },
  );

  app.post(
    "/api/mpesa/settings/rotateC2bToken",
    {
      config: { access: credentialsAccess },
      schema: {
        tags,
        summary:
          "A new secret in the business's C2B URLs (the old one is ignored from now on); re-registered with Daraja when the credentials work, otherwise c2bRegisteredAt is null: register again (owner)",
        body: z.object({ businessId: z.uuid() }),
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => credentials.rotateC2bToken(ctxOf(req), deps),
  );

  app.post(
    "/api/mpesa/stk",
    {
      config: { access: { kind: "tenant", from: "body", area: TILL_AREAS } },
      schema: {
        tags,
        summary: "Send an M-Pesa STK push (PIN prompt) to the customer's phone for the amount due",
        headers: idempotencyHeadersSchema,
        body: stkPushInputSchema,
        response: { 201: tillPaymentSchema },
      },
    },
    async (req, reply) => {
      const key = req.headers["idempotency-key"];
      return reply.code(201).send(await stk.sendStkPush(ctxOf(req), deps, req.body, key));
    },
  );

  app.get(
    "/api/mpesa/payments/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "M-Pesa payment",
          resolve: (db, p) => payments.businessIdOfPayment(db, p.id!),
          area: TILL_AREAS,
        },
      },
      schema: {
        tags,
        summary: "An M-Pesa payment; a pending push with no callback is asked about (STK Query)",
        params: z.object({ id: z.uuid() }),
        response: { 200: tillPaymentSchema },
      },
    },
    async (req) => stk.readPayment(ctxOf(req), deps, req.params.id),
  );

  app.get(
    "/api/mpesa/unclaimed",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags,
        summary: "Confirmed M-Pesa payments not yet attached to a sale, of the amount due when given",
        querystring: unclaimedQuerySchema,
        response: { 200: z.array(tillPaymentSchema) },
      },
    },
    async (req) => payments.listUnclaimed(ctxOf(req), req.query),
  );
};
