import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  backupEntrySchema,
  backupStatusQuerySchema,
  backupStatusSchema,
  restoreInputSchema,
  restorePlanInputSchema,
  restorePlanSchema,
  restoreResultSchema,
} from "@app/shared/backups/backup-status";
import { listBackups, restoreBackup, restorePlan } from "./backup-restore.service.ts";
import { ctxOf } from "../../platform/access.ts";
import { backupStatus, type BackupsOptions } from "./backups.service.ts";

/** The installation's nightly backups, for owners: Settings shows them, the dashboard warns. */
export const backupRoutes: FastifyPluginAsyncZod<BackupsOptions> = async (app, opts) => {
  app.get(
    "/api/backups/status",
    {
      config: { access: { kind: "tenant", from: "query", area: null, ownerOnly: true, allowInactive: true } },
      schema: {
        tags: ["backups"],
        summary: "When the installation's last backup ran, where it is, its size, and whether it is overdue (owner)",
        querystring: backupStatusQuerySchema,
        response: { 200: backupStatusSchema },
      },
    },
    async (req) => backupStatus(ctxOf(req), opts),
  );

  const owner = { kind: "tenant", area: null, ownerOnly: true, allowInactive: true } as const;
  app.get(
    "/api/backups",
    {
      config: { access: { ...owner, from: "query" } },
      schema: {
        tags: ["backups"],
        summary: "The backups kept, newest first (an owner of every business on the installation)",
        querystring: backupStatusQuerySchema,
        response: { 200: z.array(backupEntrySchema) },
      },
    },
    async (req) => listBackups(ctxOf(req), opts),
  );
  app.post(
    "/api/backups/restore-plan",
    {
      config: { access: { ...owner, from: "body" } },
      schema: {
        tags: ["backups"],
        summary: "What restoring a backup would replace: rows per table now and in it (checks the backup first)",
        body: restorePlanInputSchema,
        response: { 200: restorePlanSchema },
      },
    },
    async (req) => restorePlan(ctxOf(req), opts, req.body.name),
  );
  app.post(
    "/api/backups/restore",
    {
      config: { access: { ...owner, from: "body" } },
      schema: {
        tags: ["backups"],
        summary: "Restore a backup: database and uploads together; every session ends (confirm: RESTORE)",
        body: restoreInputSchema,
        response: { 200: restoreResultSchema },
      },
    },
    async (req) => restoreBackup(ctxOf(req), opts, req.body.name),
  );
};
