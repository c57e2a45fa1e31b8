import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { backupStatusQuerySchema, backupStatusSchema } from "@app/shared/backups/backup-status";
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
};
