import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { registry } from "../../platform/metrics.ts";

export type MetricsOptions = {
  /** METRICS_TOKEN: /metrics answers only a scraper that sends it as a bearer token; null: off (404). */
  token: string | null;
};

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Prometheus's scrape address. Off unless the provider sets METRICS_TOKEN: then only a request
 * with `Authorization: Bearer <token>` reads it (compared in constant time); others get 401.
 * Off, it answers 404 as an address that does not exist.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsOptions> = async (app, { token }) => {
  app.get("/metrics", { config: { access: { kind: "public" } }, schema: { hide: true } }, async (req, reply) => {
    if (!token)
      return reply.code(404).send({ error: { code: ERROR_CODES.NOT_FOUND, message: "No such route: GET /metrics" } });
    const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(sent), digest(token)))
      return reply
        .code(401)
        .header("WWW-Authenticate", "Bearer")
        .send({ error: { code: ERROR_CODES.UNAUTHENTICATED, message: "A valid metrics token is required." } });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
