import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  failedJobParamsSchema,
  failedJobsQuerySchema,
  failedJobsSchema,
  retryFailedJobResultSchema,
} from "@app/shared/health/jobs";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { AppError } from "../../platform/errors.ts";
import type { Jobs } from "../../platform/jobs.ts";

/**
 * The provider's dead-letter list: jobs that failed after their last try, newest first. Support
 * only; a job's data is never shown (it may name a customer), only its name, error and tries.
 */
export const failedJobsRoutes: FastifyPluginAsyncZod<{ jobs: Jobs | null }> = async (app, { jobs }) => {
  app.get(
    "/api/platform/jobs/failed",
    {
      config: { access: { kind: "support" } },
      schema: {
        tags: ["health"],
        summary: "Jobs failed after their last try (support): name, error message, tries, when",
        querystring: failedJobsQuerySchema,
        response: { 200: failedJobsSchema },
      },
    },
    async (req) => {
      // Every server process has one (main.ts); an app built without one (tests) has no such list.
      if (!jobs) throw new AppError(ERROR_CODES.NOT_FOUND, "This server has no job runner, so no failed jobs");
      return { jobs: await jobs.failed(req.query.limit) };
    },
  );
  app.post(
    "/api/platform/jobs/failed/:id/retry",
    {
      config: { access: { kind: "support" } },
      schema: {
        tags: ["health"],
        summary: "Run a failed job once more with its stored data (support); its log lines carry this request's id",
        params: failedJobParamsSchema,
        response: { 200: retryFailedJobResultSchema },
      },
    },
    async (req) => {
      if (!jobs) throw new AppError(ERROR_CODES.NOT_FOUND, "This server has no job runner, so no failed jobs");
      // Once retried it is no longer failed: a second click (or another support user's) finds nothing.
      if (!(await jobs.retry(req.params.id)))
        throw new AppError(ERROR_CODES.NOT_FOUND, "No failed job with this id: it may have been retried already");
      req.log.info({ jobId: req.params.id }, "failed job retried by support");
      return { retried: true as const };
    },
  );
};
