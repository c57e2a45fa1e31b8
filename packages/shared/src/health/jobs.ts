import { z } from "zod";

export const failedJobsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** One job of the dead-letter list: failed after its last try. Never its data (it may name a customer). */
export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The last try's error message (at most 500 characters). */
  error: z.string(),
  attempts: z.number().int(),
  failedAt: z.string(),
  /** Support may run it once more (POST /api/platform/jobs/failed/{id}/retry); false once archived. */
  retryable: z.boolean(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsSchema = z.object({ jobs: z.array(failedJobSchema) });

export const failedJobParamsSchema = z.object({ id: z.uuid() });
/** A retry queues the failed job once more, with its stored data; the list no longer shows it. */
export const retryFailedJobResultSchema = z.object({ retried: z.literal(true) });
