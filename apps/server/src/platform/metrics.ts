import client from "prom-client";
import type pg from "pg";
import type { FastifyInstance } from "fastify";

/**
 * The process's Prometheus metrics (prom-client), served at /metrics when METRICS_TOKEN is set
 * (metrics.routes.ts in the health module). One registry per process: every app built in it (the
 * tests build many) counts into the same metrics, as one server process would.
 *
 * Labels never hold personal data, ids or secrets: a route's template (`/api/sales/:id`), never its
 * address; a provider's name and an outcome, never a phone number or an amount.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: "duka_" });

/** Seconds per request, by method, route template and status code (rates come from its _count). */
export const httpDuration = new client.Histogram({
  name: "duka_http_request_duration_seconds",
  help: "HTTP requests by method, route template and status code, with their duration in seconds",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Calls to outside services (Daraja, PayPal, KRA eTIMS) by provider and outcome. */
export const providerCalls = new client.Histogram({
  name: "duka_provider_call_duration_seconds",
  help: "Calls to outside services by provider and outcome (ok, http_4xx, http_5xx, timeout, unreachable)",
  labelNames: ["provider", "outcome"] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [registry],
});

/** M-Pesa payments settled at the till and for subscriptions, by kind and result. */
export const mpesaSettled = new client.Counter({
  name: "duka_mpesa_payments_settled_total",
  help: "M-Pesa payments settled, by kind (stk, c2b, subscription) and result (confirmed, failed, refused)",
  labelNames: ["kind", "result"] as const,
  registers: [registry],
});

/** The pools this process opened (db/client.ts adds each, and removes it when closed). */
const pools = new Set<pg.Pool>();

export function trackPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}

new client.Gauge({
  name: "duka_db_pool_connections",
  help: "Database pool connections by state: total open, idle, and requests waiting for one",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const p of pools) {
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: "total" }, total);
    this.set({ state: "idle" }, idle);
    this.set({ state: "waiting" }, waiting);
  },
});

export type GaugeReading = { labels?: Record<string, string>; value: number };

/**
 * A gauge read when Prometheus scrapes (the job queue's depth, the last backup's age): `read`
 * returns its current values. A failed read leaves the gauge empty for that scrape, never fails it.
 */
export function scrapedGauge(
  name: string,
  help: string,
  labelNames: readonly string[],
  read: () => Promise<GaugeReading[]>,
): void {
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  new client.Gauge({
    name,
    help,
    labelNames: [...labelNames],
    registers: [registry],
    async collect() {
      this.reset();
      const readings = await read().catch(() => []);
      for (const r of readings) this.set(r.labels ?? {}, r.value);
    },
  });
}

/** Times every answered request into httpDuration, labelled by its route's template. */
export function recordRequestMetrics(app: FastifyInstance): void {
  app.addHook("onResponse", (req, reply, done) => {
    // An address no route matched has no template: counted as one label, never by its path.
    const route = req.routeOptions.url ?? "unmatched";
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
