import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createSectionInputSchema, sectionSchema, updateSectionInputSchema } from "@app/shared/restaurant/section";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import * as service from "./sections.service.ts";

const tags = ["sections"];
const idParams = z.object({ id: z.uuid() });
const sectionRecord: AccessPolicy = {
  kind: "record",
  what: "Section",
  resolve: (db, p) => service.businessIdOfSection(db, p.id!),
  area: null,
  ownerOnly: true,
};

/** Restaurant sections and their tables (spec section 7), managed on /section. */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/sections",
    {
      config: { access: { kind: "tenant", from: "query", area: TILL_AREAS } },
      schema: {
        tags,
        summary: "The sections of a business with their tables",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(sectionSchema) },
      },
    },
    async (req) => service.listSections(ctxOf(req)),
  );
  app.post(
    "/api/sections",
    {
      config: { access: { kind: "tenant", from: "body", area: null, ownerOnly: true } },
      schema: {
        tags,
        summary: "Create a section with its tables",
        body: createSectionInputSchema,
        response: { 201: sectionSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createSection(ctxOf(req), req.body)),
  );
  app.put(
    "/api/sections/update/:id",
    {
      config: { access: sectionRecord },
      schema: {
        tags,
        summary: "Rename a section, rename tables (with _id), add tables (without)",
        params: idParams,
        body: updateSectionInputSchema,
        response: { 200: sectionSchema },
      },
    },
    async (req) => service.updateSection(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    "/api/sections/:id",
    {
      config: { access: sectionRecord },
      schema: {
        tags,
        summary: "Delete a section and its tables",
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (req) => service.deleteSection(ctxOf(req), req.params.id),
  );
  app.delete(
    "/api/sections/:id/tables/:tableId",
    {
      config: { access: sectionRecord },
      schema: {
        tags,
        summary: "Delete one table of a section",
        params: z.object({ id: z.uuid(), tableId: z.uuid() }),
        response: { 200: sectionSchema },
      },
    },
    async (req) => service.deleteTable(ctxOf(req), req.params.id, req.params.tableId),
  );
};
