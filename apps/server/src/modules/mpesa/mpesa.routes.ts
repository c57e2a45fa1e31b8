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
import { darajaCallbackSchema } from "@app/shared/subscriptions/mpesa";
import { ctxOf } from "../../platform/access.ts";
import { idempotencyHeadersSchema } from "../../platform/idempotency.ts";
import type { TillMpesaDeps } from "./mpesa-deps.ts";
import * as service from "./mpesa.service.ts";

const tags = ["mpesa"];
const settingsAccess = (from: "body" | "query") =>
  ({ kind: "tenant", from, area: "settings", ownerOnly: true }) as const;

/** The C2B body Daraja POSTs: checked field by field in the service, bounded here. */
const c2bBodySchema = z
  .object({
    TransactionType: z.string().max(40).optional(),
    TransID: z.string().max(40),
    TransTime: z.string().max(20),
    TransAmount: z.union([z.string().max(20), z.number()]),
    BusinessShortCode: z.union([z.string().max(20), z.number()]),
    BillRefNumber: z.string().max(40).nullish(),
    InvoiceNumber: z.string().max(40).nullish(),
    OrgAccountBalance: z.union([z.string().max(40), z.number()]).nullish(),
    ThirdPartyTransID: z.string().max(60).nullish(),
    MSISDN: z.union([z.string().max(40), z.number()]).nullish(),
    FirstName: z.string().max(100).nullish(),
    MiddleName: z.string().max(100).nullish(),
    LastName: z.string().max(100).nullish(),
  })
  .loose();
const c2bParams = z.object({ token: z.string().max(200), businessId: z.uuid() });
const c2bResponse = { 200: z.object({ ResultCode: z.string(), ResultDesc: z.string() }) };

/** M-Pesa at the counter: Settings (credentials, C2B registration), STK push, unclaimed payments, Daraja's callbacks. */
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
    async (req) => service.getSettings(ctxOf(req), deps),
  );

  app.put(
    "/api/mpesa/settings",
    {
      config: { access: settingsAccess("body") },
      schema: {
        tags,
        summary: "Set the business's M-Pesa credentials: stored encrypted, never returned (owner)",
        body: mpesaCredentialsInputSchema,
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => service.saveCredentials(ctxOf(req), deps, req.body),
  );

  app.post(
    "/api/mpesa/c2b/register",
    {
      config: { access: settingsAccess("body") },
      schema: {
        tags,
        summary: "Register the confirmation and validation URLs of customer payments (C2B) with Daraja (owner)",
        body: z.object({ businessId: z.uuid() }),
        response: { 200: mpesaSettingsSchema },
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      await service.registerC2b(ctx.db, deps, ctx.businessId);
      return service.getSettings(ctx, deps);
    },
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
      return reply.code(201).send(await service.sendStkPush(ctxOf(req), deps, req.body, key));
    },
  );

  app.get(
    "/api/mpesa/payments/:id",
    {
      config: {
        access: {
          kind: "record",
          what: "M-Pesa payment",
          resolve: (db, p) => service.businessIdOfPayment(db, p.id!),
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
    async (req) => service.readPayment(ctxOf(req), deps, req.params.id),
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
    async (req) => service.listUnclaimed(ctxOf(req), req.query),
  );

  // Daraja's calls. No signature exists: the path carries the installation's token, and the
  // service checks everything against what was asked; Daraja never learns what was believed.
  app.post(
    "/api/lipa/stk/:token",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's STK callback for till payments; confirmed with STK Query before anything is marked paid",
        security: [],
        params: z.object({ token: z.string().max(200) }),
        body: darajaCallbackSchema,
        response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) },
      },
    },
    async (req) => {
      try {
        await service.handleStkCallback(deps, req.params.token, req.body);
      } catch (err) {
        app.log.error({ err }, "Till M-Pesa callback could not be processed; the payment stays pending for the query");
      }
      return { ResultCode: 0, ResultDesc: "Accepted" };
    },
  );

  app.post(
    "/api/lipa/c2b/:token/:businessId/confirmation",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's C2B confirmation: stored once per TransID with its raw payload",
        security: [],
        params: c2bParams,
        body: c2bBodySchema,
        response: c2bResponse,
      },
    },
    async (req) => {
      await service.handleC2bConfirmation(deps, req.params.token, req.params.businessId, req.body);
      return { ResultCode: "0", ResultDesc: "Accepted" };
    },
  );

  app.post(
    "/api/lipa/c2b/:token/:businessId/validation",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags,
        summary: "Daraja's C2B validation: accepted when the confirmation would be stored",
        security: [],
        params: c2bParams,
        body: c2bBodySchema,
        response: c2bResponse,
      },
    },
    async (req) => service.handleC2bValidation(deps, req.params.token, req.params.businessId, req.body),
  );
};
