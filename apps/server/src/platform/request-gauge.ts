import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * How busy this server is answering requests, so background work in the same process (the eTIMS
 * queue) yields to the tills: a sale is never slowed by a queue catching up after a burst. Counts
 * requests in flight and when the last one ended.
 */
export type RequestGauge = {
  /**
   * Waits until no request is in flight and none ended in the last `quietMs`, or `maxWaitMs` has
   * passed: background work still moves under a steady load (at least one step per `maxWaitMs`).
   */
  yieldToRequests: (quietMs?: number, maxWaitMs?: number) => Promise<void>;
  inFlight: () => number;
};

/**
 * How background work in the server's process (the eTIMS queue) waits for the tills before each
 * step: for a pause of `quietMs` in the requests, at most `maxWaitMs`. A shop's tills leave long
 * pauses, so the queue sends at once; under a burst that keeps the server busy it moves one step a
 * second and catches up when the burst ends, rather than take the tills' CPU (bench/etims.ts).
 * A provider whose servers are always busy runs the queue on job workers (docs/operations.md).
 */
export const BACKGROUND_STEP = { quietMs: 5, maxWaitMs: 1_000 } as const;

export function trackRequests(app: FastifyInstance): RequestGauge {
  // The responses still open. A request normally leaves at onResponse; one whose client left
  // while it was being answered gets neither onResponse nor always onRequestAbort, so the set is
  // also pruned of responses finished or closed whenever it is counted (no listener is added to a
  // response: some already hold ten).
  const open = new Set<ServerResponse>();
  let lastEnd = 0;
  app.addHook("onRequest", (_req, reply, done) => {
    open.add(reply.raw);
    done();
  });
  app.addHook("onResponse", (_req, reply, done) => {
    open.delete(reply.raw);
    lastEnd = performance.now();
    done();
  });
  const inFlight = () => {
    for (const res of open)
      if (res.writableFinished || res.destroyed) {
        open.delete(res);
        lastEnd = performance.now();
      }
    return open.size;
  };
  return {
    inFlight,
    async yieldToRequests(quietMs = 2, maxWaitMs = 100) {
      const until = performance.now() + maxWaitMs;
      while (inFlight() > 0 || performance.now() - lastEnd < quietMs) {
        const left = until - performance.now();
        if (left <= 0) return;
        await new Promise((r) => setTimeout(r, Math.min(2, left)));
      }
    },
  };
}
