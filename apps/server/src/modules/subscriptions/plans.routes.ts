import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  listPlansQuerySchema,
  planInputSchema,
  planPageSchema,
  planSchema,
  planStatusInputSchema,
} from "@app/shared/subscriptions/plan";
import { userCtxOf } from "../../platform/access.ts";
import * as service from "./plans.service.ts";

const tags = ["subscriptions"];
const idParams = z.object({ id: z.uuid() });
const support = { access: { kind: "support" as const } };

/** Subscription plans: provider support manages them; owners see those on offer. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/subscriptions/plans",
    {
      config: { access: { kind: "user" } },
      schema: {
        tags,
        summary:
          "Plans, newest first (support: all; owners: those on offer; staff: 403); search by name or description; isActive narrows to plans on offer or switched off",
        querystring: listPlansQuerySchema,
        response: { 200: planPageSchema },
      },
    },
    async (req) => service.listPlans(userCtxOf(req), req.query),
  );

  app.post(
    "/api/subscriptions/plans",
    {
      config: support,
      schema: { tags, summary: "Create a plan (support)", body: planInputSchema, response: { 201: planSchema } },
    },
    async (req, reply) => reply.code(201).send(await service.createPlan(app.db, req.body)),
  );

  app.put(
    "/api/subscriptions/plans/:id",
    {
      config: support,
      schema: {
        tags,
        summary: "Edit a plan (support); its currency and cycle are fixed once it has subscriptions",
        params: idParams,
        body: planInputSchema,
        response: { 200: planSchema },
      },
    },
    async (req) => service.updatePlan(app.db, req.params.id, req.body),
  );

  app.patch(
    "/api/subscriptions/plans/:id/status",
    {
      config: support,
      schema: {
        tags,
        summary: "Offer a plan or stop offering it (support)",
        params: idParams,
        body: planStatusInputSchema,
        response: { 200: planSchema },
      },
    },
    async (req) => service.setPlanStatus(app.db, req.params.id, req.body.isActive),
  );

  app.delete(
    "/api/subscriptions/plans/:id",
    {
      config: support,
      schema: {
        tags,
        summary: "Delete a plan nobody subscribed to (support); 409 otherwise",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.deletePlan(app.db, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
