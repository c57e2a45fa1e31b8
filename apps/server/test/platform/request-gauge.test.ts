import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackRequests, type RequestGauge } from "../../src/platform/request-gauge.ts";

// The eTIMS queue yields to the tills' requests (platform/request-gauge.ts): the count of requests
// in flight must come back to zero whatever happens to them, or the queue would crawl forever.
const app = Fastify();
let gauge: RequestGauge;
let base: string;
let release: () => void = () => undefined;

beforeAll(async () => {
  gauge = trackRequests(app);
  app.get("/slow", async () => {
    await new Promise<void>((r) => (release = r));
    return { ok: true };
  });
  app.get("/fast", async () => ({ ok: true }));
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => app.close());

const settle = () => new Promise((r) => setTimeout(r, 50));

describe("requests in flight", () => {
  it("counts a request while it is answered, and not after", async () => {
    const pending = fetch(`${base}/slow`);
    await settle();
    expect(gauge.inFlight()).toBe(1);
    const waited = performance.now();
    await gauge.yieldToRequests(2, 60);
    expect(performance.now() - waited).toBeGreaterThanOrEqual(55); // it waited, at most its limit
    release();
    await (await pending).json();
    await settle();
    expect(gauge.inFlight()).toBe(0);
    const quiet = performance.now();
    await gauge.yieldToRequests(2, 60);
    expect(performance.now() - quiet).toBeLessThan(40);
  });

  it("a client that leaves before its answer is no longer counted", async () => {
    const abort = new AbortController();
    const gone = fetch(`${base}/slow`, { signal: abort.signal }).catch(() => null);
    await settle();
    expect(gauge.inFlight()).toBe(1);
    abort.abort();
    await gone;
    await settle();
    release();
    await settle();
    expect(gauge.inFlight()).toBe(0);
    await (await fetch(`${base}/fast`)).json();
    await settle();
    expect(gauge.inFlight()).toBe(0);
  });
});
