import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { z } from "zod";
import {
  accessKeyInputSchema,
  accessKeySchema,
  addBusinessInputSchema,
  registerBusinessInputSchema,
  registerBusinessResponseSchema,
} from "@app/shared/accounts/auth";
import {
  businessPageSchema,
  businessSchema,
  businessSettingsSchema,
  listBusinessesQuerySchema,
  updateBusinessInputSchema,
} from "@app/shared/businesses/business";
import { ctxOf, userCtxOf, type AccessPolicy } from "../../platform/access.ts";
import { AppError, parseInput } from "../../platform/errors.ts";
import * as service from "./businesses.service.ts";

const idParams = z.object({ id: z.uuid() });
const ownBusiness = (ownerOnly: boolean): AccessPolicy => ({
  kind: "record",
  what: "Business",
  resolve: (db, p) => service.businessIdOfBusiness(db, p.id!),
  area: null,
  ownerOnly,
  // Support switches an account on or off (suspension) without the owner's support access;
  // renaming or retyping the business is the owner's, so it needs one.
  supportManages: (req) => Object.keys((req.body as object | undefined) ?? {}).every((k) => k === "accountActive"),
});
const settingsArea = (): AccessPolicy => ({
  kind: "record",
  what: "Business",
  resolve: (db, p) => service.businessIdOfBusiness(db, p.id!),
  area: "settings",
  ownerOnly: true,
});

/** Business registration, the business list and settings, and device access keys. */
export const businessRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number; registrationsPerHour: number }> = async (
  app,
  { loginRateLimit, registrationsPerHour },
) => {
  // New owners per address: the plugin's key is address and username, which a burst of new
  // usernames walks around. A signed-in owner adding a business is not counted.
  const addressLimit = app.createRateLimit({
    max: registrationsPerHour,
    timeWindow: "1 hour",
    keyGenerator: (req) => `register|${req.ip}`,
  });
  const perAddress: preHandlerAsyncHookHandler = async (req) => {
    if (req.auth) return;
    const limit = await addressLimit(req);
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError(
        ERROR_CODES.RATE_LIMITED,
        "Too many businesses registered from this address. Please try again later.",
      );
  };

  app.post(
    "/api/businesses/register",
    {
      config: {
        access: { kind: "public", optionalAuth: true },
        rateLimit: { max: loginRateLimit, timeWindow: "1 minute" },
      },
      preHandler: perAddress,
      schema: {
        tags: ["businesses"],
        summary: "Register a business and its owner (signed out), or add a business to the signed-in owner",
        body: registerBusinessInputSchema.partial({ username: true, email: true, phone: true, password: true }),
        response: { 201: z.union([registerBusinessResponseSchema, z.object({ business: businessSchema })]) },
      },
    },
    async (req, reply) => {
      if (req.auth)
        return reply
          .code(201)
          .send({ business: await service.addBusiness(userCtxOf(req), parseInput(addBusinessInputSchema, req.body)) });
      const input = parseInput(registerBusinessInputSchema, req.body);
      return reply.code(201).send(await service.registerBusiness(app.db, app.tokens, input));
    },
  );

  app.get(
    "/api/businesses",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags: ["businesses"],
        summary:
          "Businesses the caller may act for; with q, page or pageSize one page of those whose name contains q, newest first, and the total",
        querystring: listBusinessesQuerySchema,
        response: { 200: z.union([z.array(businessSchema), businessPageSchema]) },
      },
    },
    async (req) => {
      const { q, page, pageSize } = req.query;
      // Without paging the answer is the spec's plain list (the business switcher uses it).
      if (q === undefined && page === undefined && pageSize === undefined)
        return service.listBusinesses(userCtxOf(req));
      return service.listBusinessPage(userCtxOf(req), req.query);
    },
  );

  app.get(
    "/api/businesses/:id",
    {
      config: { access: ownBusiness(false) },
      schema: {
        tags: ["businesses"],
        summary: "One business (with the staff access code for its owner)",
        params: idParams,
        response: { 200: z.union([businessSettingsSchema, businessSchema]) },
      },
    },
    async (req) => service.getBusiness(ctxOf(req)),
  );

  app.patch(
    "/api/businesses/:id",
    {
      config: { access: ownBusiness(true) },
      schema: {
        tags: ["businesses"],
        summary: "Rename or retype a business, or set its time zone; support may set accountActive",
        params: idParams,
        body: updateBusinessInputSchema,
        response: { 200: businessSettingsSchema },
      },
    },
    async (req) => service.updateBusiness(ctxOf(req), req.body),
  );

  app.post(
    "/api/businesses/:id/staffAccessCode",
    {
      config: { access: settingsArea() },
      schema: {
        tags: ["businesses"],
        summary: "Rotate the staff access code",
        params: idParams,
        response: { 200: businessSettingsSchema },
      },
    },
    async (req) => service.rotateStaffAccessCode(ctxOf(req)),
  );

  app.post(
    "/api/accessKeys",
    {
      config: { access: { kind: "public" }, rateLimit: { max: loginRateLimit, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Pair this device as an owner device (adminKey) or with a business's staff code (normalKey)",
        body: accessKeyInputSchema,
        response: { 200: accessKeySchema },
      },
    },
    async (req) => service.resolveAccessKey(app.db, req.body),
  );
};
