// One business's data in and out (issue 29 item 4): the owner's export and deletion, support's
// restore and import. It reads every area's tables at once (db/business-data/), so it is a flow.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  businessImportResultSchema,
  deleteBusinessInputSchema,
  deletedBusinessSchema,
  exportFileName,
} from "@app/shared/businesses/business-data";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { businessExportZip, readBusinessData } from "../db/business-data/export.ts";
import { BusinessImportError, importBusiness } from "../db/business-data/import.ts";
import { ctxOf, type AccessPolicy } from "../platform/access.ts";
import { AppError } from "../platform/errors.ts";
import type { FileStorage } from "../platform/files.ts";
import { now } from "../platform/clock.ts";
import {
  businessIdOfBusiness,
  deleteBusiness,
  listDeletedBusinesses,
  loadSupportGrant,
  restoreBusiness,
} from "../modules/businesses/businesses.public.ts";

/** An export ZIP support may import: 1 GB at most. */
const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;
const tags = ["businesses"];
const idParams = z.object({ id: z.uuid() });

/** The owner of the business (also while its account is inactive): staff 403, another owner 404. */
const ownerOfBusiness = (supportToo: boolean): AccessPolicy => ({
  kind: "record",
  what: "Business",
  resolve: (db, p) => businessIdOfBusiness(db, p.id!),
  area: null,
  ownerOnly: true,
  allowInactive: true,
  ...(supportToo ? {} : { permit: (a) => !a.details.isSupportUser }),
});

export const businessDataRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.get(
    "/api/businesses/:id/export",
    {
      config: { access: ownerOfBusiness(true) },
      schema: {
        tags,
        summary: "All of the business's data: a ZIP of one CSV per table, its uploads and a manifest (owner)",
        params: idParams,
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      // Support reads a business's data only while its owner allows support access.
      if (ctx.user.isSupportUser && !(await loadSupportGrant(ctx.db, ctx.businessId)))
        throw new AppError(
          ERROR_CODES.SUPPORT_ACCESS_REQUIRED,
          `Support can export ${ctx.business.name} only while its owner allows support access`,
        );
      const data = await readBusinessData(ctx.db.$client, ctx.businessId, files);
      const name = exportFileName(ctx.business.name, now().toISOString().slice(0, 10));
      return reply
        .type("application/zip")
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .header("Cache-Control", "no-store")
        .send(businessExportZip(data));
    },
  );

  app.delete(
    "/api/businesses/:id",
    {
      config: { access: ownerOfBusiness(false) },
      schema: {
        tags,
        summary: "Delete the business (owner, its name typed out): hidden at once, erased for good after 30 days",
        params: idParams,
        body: deleteBusinessInputSchema,
        response: { 200: deletedBusinessSchema },
      },
    },
    async (req) => deleteBusiness(ctxOf(req), req.body),
  );

  app.get(
    "/api/platform/businesses/deleted",
    {
      config: { access: { kind: "support" } },
      schema: {
        tags,
        summary: "Deleted businesses not yet erased (support)",
        response: { 200: z.array(deletedBusinessSchema) },
      },
    },
    async (req) => listDeletedBusinesses(req.server.db),
  );

  app.post(
    "/api/platform/businesses/:id/restore",
    {
      config: { access: { kind: "support" } },
      schema: { tags, summary: "Restore a deleted business before it is erased (support)", params: idParams },
    },
    async (req, reply) => {
      await restoreBusiness(req.server.db, req.params.id);
      return reply.code(204).send();
    },
  );

  app.addContentTypeParser("application/zip", { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    "/api/platform/businesses/import",
    {
      config: { access: { kind: "support" } },
      bodyLimit: MAX_IMPORT_BYTES,
      schema: {
        tags,
        summary:
          "Load one business's export ZIP into this server, ids kept; refused, nothing saved, on any conflict (support)",
        response: { 201: businessImportResultSchema },
      },
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(ERROR_CODES.VALIDATION, "Send the export as application/zip", { file: "Required" });
      try {
        return reply.code(201).send(await importBusiness(req.server.db.$client, req.body, files));
      } catch (err) {
        if (!(err instanceof BusinessImportError)) throw err;
        throw new AppError(err.kind === "invalid" ? ERROR_CODES.VALIDATION : ERROR_CODES.CONFLICT, err.message);
      }
    },
  );
};
