import pg from "pg";
import type { JobLog } from "./jobs.ts";

/**
 * LISTEN on a channel over a connection of its own, connecting again (every `retryMs`) when it
 * drops, as when the supervised embedded PostgreSQL restarts. Notifications sent while it was
 * down are lost, so `onConnect` runs at every (re)connection: the caller catches up there.
 */
export function listen(
  connectionString: string,
  channel: string,
  handlers: { onMessage: (payload: string) => void; onConnect: () => Promise<unknown> },
  log: JobLog,
  retryMs = 5_000,
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString, application_name: "duka-listen" });
    client = c;
    const again = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => undefined);
      if (stopped) return;
      if (err) log.warn({ err }, `listening on ${channel} stopped; connecting again`);
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
    };
    c.on("error", again);
    c.on("end", () => again(new Error("connection ended")));
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload) handlers.onMessage(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      await handlers.onConnect();
    } catch (err) {
      again(err);
    }
  };
  void connect();

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
