import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CLIENT_ERRORS_PATH, clientErrorSchema } from "@app/shared/health/client-error";

/**
 * The browser's report of an error page it showed (web app/route-error.tsx): one warning line in
 * the server's log under the id the user sees, so support can find what broke. Nothing is stored;
 * anyone may send it (the page may have failed before sign-in), so it is small and rate limited.
 */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    CLIENT_ERRORS_PATH,
    {
      config: { access: { kind: "public" }, rateLimit: { max: 20, timeWindow: "1 minute" } },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ["health"],
        summary: "Log an error the web app showed (its id, what broke, where)",
        body: clientErrorSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      req.log.warn({ clientError: req.body, userAgent: req.headers["user-agent"] }, `client error ${req.body.id}`);
      return reply.code(204).send(null);
    },
  );
};
