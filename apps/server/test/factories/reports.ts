import type { FastifyInstance } from "fastify";
import { client } from "./app.ts";

/**
 * Waits until a business's reports are up to date: the dashboard no longer says `updating` (the
 * rebuild job of a test app with jobs has run). Reads never rebuild, so a test that sold and
 * reads figures waits here first.
 */
export async function reportsSettled(
  app: FastifyInstance,
  token: string,
  businessId: string,
  timeoutMs = 30_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client(app, token).get(`/api/reports/dashboard?businessId=${businessId}`);
    if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
    if (res.json().updating === null) return;
    if (Date.now() > until) throw new Error(`reports still updating after ${timeoutMs} ms: ${res.body}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
