// Load generators for what autocannon does not do: many clients that each keep their own
// identity (one till per business), and an open loop (requests sent on a schedule, whether or
// not the previous ones have been answered, so a slow server meets the queue a real shop makes).
import http from "node:http";

export type LoadRequest = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
export type LoadResult = {
  /** Requests answered with a 2xx. */
  ok: number;
  /** Answered with another status, failed or timed out. */
  errors: number;
  /** Latency of each answered request in ms (open loop: from the moment it was due). */
  latencies: number[];
  seconds: number;
  /** The first few error descriptions, for the log. */
  samples: string[];
};

const TIMEOUT_MS = 10_000;

/** One request over a keep-alive agent; resolves with its status (0 when it failed). */
function send(agent: http.Agent, base: URL, req: LoadRequest): Promise<{ status: number; error?: string }> {
  return new Promise((resolve) => {
    const r = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers: req.body
          ? { ...req.headers, "content-type": "application/json", "content-length": Buffer.byteLength(req.body) }
          : req.headers,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", (err) => resolve({ status: 0, error: err.message }));
      },
    );
    r.on("timeout", () => r.destroy(new Error("timed out")));
    r.on("error", (err) => resolve({ status: 0, error: err.message }));
    if (req.body) r.write(req.body);
    r.end();
  });
}

function collect() {
  const result: LoadResult = { ok: 0, errors: 0, latencies: [], seconds: 0, samples: [] };
  const record = (outcome: { status: number; error?: string }, ms: number, what: string) => {
    if (outcome.status >= 200 && outcome.status < 300) {
      result.ok++;
      result.latencies.push(ms);
    } else {
      result.errors++;
      if (result.samples.length < 5) result.samples.push(`${what}: ${outcome.error ?? outcome.status}`);
    }
  };
  return { result, record };
}

/**
 * Closed loop: `clients` workers, each sending its own requests one after the other (the next
 * when the previous is answered) for `seconds`, or until `until()` says stop (checked before each
 * request). `next(client)` builds a worker's next request.
 */
export async function closedLoop(opts: {
  base: string;
  clients: number;
  seconds: number;
  next: (client: number) => LoadRequest;
  until?: () => boolean;
}): Promise<LoadResult> {
  const base = new URL(opts.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
  const { result, record } = collect();
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.clients }, async (_, client) => {
      while (performance.now() < deadline && !opts.until?.()) {
        const req = opts.next(client);
        const t0 = performance.now();
        record(await send(agent, base, req), performance.now() - t0, `${req.method} ${req.path}`);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}

/**
 * Open loop: requests sent at a fixed offered rate whatever the answers, for `seconds`. Each of
 * `streams` streams sends one request every `intervalMs`, the streams spread evenly over the
 * interval; `next(stream)` builds the request. A latency runs from the moment the request was
 * due, so time spent queued behind a slow answer counts. `onTick` is called about once a second
 * (the soak samples memory there).
 */
export async function openLoop(opts: {
  base: string;
  streams: number;
  intervalMs: number;
  seconds: number;
  next: (stream: number) => LoadRequest;
  onTick?: (elapsedSeconds: number) => void | Promise<void>;
}): Promise<LoadResult> {
  const base = new URL(opts.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(opts.streams * 4, 16) });
  const { result, record } = collect();
  const started = performance.now();
  const end = started + opts.seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  const due: { at: number; stream: number }[] = Array.from({ length: opts.streams }, (_, stream) => ({
    at: started + (stream * opts.intervalMs) / opts.streams,
    stream,
  }));
  let nextTick = started + 1000;
  for (;;) {
    due.sort((a, b) => a.at - b.at);
    const first = due[0]!;
    if (first.at >= end) break;
    const wait = first.at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const dueAt = first.at;
    first.at += opts.intervalMs;
    const req = opts.next(first.stream);
    const p = send(agent, base, req).then((outcome) => {
      record(outcome, performance.now() - dueAt, `${req.method} ${req.path}`);
      inFlight.delete(p);
    });
    inFlight.add(p);
    if (opts.onTick && performance.now() >= nextTick) {
      nextTick += 1000;
      await opts.onTick((performance.now() - started) / 1000);
    }
  }
  await Promise.all(inFlight);
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}
