import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { errorText, type DatabaseState } from "../../db/supervisor.ts";

export type HealthOptions = {
  /** The supervised database's state (embedded mode); without it, a `select 1` decides. */
  databaseState?: () => DatabaseState;
};

/** A health check that waits longer than this for the database reports it as not answering. */
const PROBE_TIMEOUT_MS = 3_000;

const degradedSchema = z.object({
  status: z.literal("degraded"),
  database: z.object({
    /** restarting: the server is bringing it back; failed: it cannot, `message` says what to do; unreachable: no answer. */
    state: z.enum(["restarting", "failed", "unreachable"]),
    message: z.string(),
    since: z.string().optional(),
    restarts: z.number().int().optional(),
  }),
});
type Degraded = z.infer<typeof degradedSchema>;

/** Resolves when the database answers `select 1`, rejects when it fails or takes too long. */
function selectOne(run: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([run().then(() => undefined), late]).finally(() => clearTimeout(timer));
}

/**
 * Liveness with a database round trip: 200 only once PostgreSQL answers; 503 "degraded" while
 * it does not, saying whether the server is restarting it or why it cannot.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { databaseState }) => {
  app.get(
    "/api/health",
    {
      config: { access: { kind: "public" } },
      schema: {
        tags: ["health"],
        summary: "Health check",
        response: { 200: z.object({ status: z.literal("ok") }), 503: degradedSchema },
      },
    },
    async (_req, reply) => {
      const known = databaseState?.();
      if (known && known.state !== "up") {
        const degraded: Degraded = {
          status: "degraded",
          database: {
            state: known.state,
            message: known.message ?? "The database is not running.",
            ...(known.since ? { since: known.since.toISOString() } : {}),
            restarts: known.restarts,
          },
        };
        return reply.code(503).send(degraded);
      }
      try {
        await selectOne(() => app.db.execute(sql`select 1`));
        return { status: "ok" as const };
      } catch (err) {
        const degraded: Degraded = {
          status: "degraded",
          database: {
            state: "unreachable",
            message: `The database is not answering (${errorText(err)}). The app reconnects by itself as soon as it is back.`,
          },
        };
        return reply.code(503).send(degraded);
      }
    },
  );
};
