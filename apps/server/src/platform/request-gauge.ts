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

export function trackRequests(app: FastifyInstance): RequestGauge {
  let inFlight = 0;
  let lastEnd = 0;
  const ended = () => {
    inFlight--;
    lastEnd = performance.now();
  };
  // A request ends once, when its response closes: answered, or its client gone (fastify's
  // onResponse and onRequestAbort both miss a client that leaves while its sale is being made).
  app.addHook("onRequest", (_req, reply, done) => {
    inFlight++;
    reply.raw.once("close", ended);
    done();
  });
  return {
    inFlight: () => inFlight,
    async yieldToRequests(quietMs = 2, maxWaitMs = 100) {
      const until = performance.now() + maxWaitMs;
      while (inFlight > 0 || performance.now() - lastEnd < quietMs) {
        const left = until - performance.now();
        if (left <= 0) return;
        await new Promise((r) => setTimeout(r, Math.min(2, left)));
      }
    },
  };
}
