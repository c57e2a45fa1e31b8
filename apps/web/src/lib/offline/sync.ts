import { errorMessageOf } from "@app/shared/errors/error-body";
import { markRefused, readOutbox, removeFromOutbox } from "./outbox.ts";

/** The Web Lock only one tab holds while it sends the outbox. */
export const SYNC_LOCK = "duka-outbox-sync";
/** How often a till with unsynced sales tries the server again. */
export const SYNC_RETRY_MS = 10_000;

export type SyncDeps = {
  fetch: typeof fetch;
  /** The signed-in user's token now; without one nothing is sent. */
  token: () => string | undefined;
  /** navigator.locks where the browser has it. */
  locks?: Pick<LockManager, "request">;
};

export type SyncResult =
  /** Another tab is syncing; this one did nothing. */
  | { state: "busy" }
  /** Sent what it could: `sent` left the outbox, `refused` were refused for good; `stopped` says why it stopped early. */
  | { state: "done"; sent: number; refused: number; stopped: "offline" | "server" | "signed-out" | null };

/** Answers that mean "not now" (try again later), not "never": the sale stays as it is. */
const retryLater = (status: number) =>
  status >= 500 || status === 401 || status === 403 || status === 408 || status === 429;

/**
 * Sends the outbox to the server, oldest first, one sale at a time, each with its own
 * Idempotency-Key, so a sale sent twice (a lost answer, a second tab, a crash between the
 * answer and the delete) is recorded once. Only one tab syncs at a time (Web Locks); another
 * tab asking meanwhile is told "busy" and does not wait. A network failure or a server error
 * stops the run (the rest waits for the next); a refusal (4xx) marks that sale and goes on.
 */
export async function syncOutbox(deps: SyncDeps): Promise<SyncResult> {
  const work = async (): Promise<SyncResult> => {
    let sent = 0;
    let refused = 0;
    for (const entry of await readOutbox()) {
      if (entry.refused) continue;
      const token = deps.token();
      if (!token) return { state: "done", sent, refused, stopped: "signed-out" };
      const { sale } = entry;
      let res: Response;
      try {
        res = await deps.fetch(sale.channel === "retail" ? "/api/sales" : "/api/orders", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            "idempotency-key": sale.idempotencyKey,
          },
          body: JSON.stringify(sale.input),
        });
      } catch {
        return { state: "done", sent, refused, stopped: "offline" };
      }
      if (res.ok) {
        await removeFromOutbox(entry.seq);
        sent++;
        continue;
      }
      if (retryLater(res.status)) return { state: "done", sent, refused, stopped: "server" };
      const body: unknown = await res.json().catch(() => null);
      await markRefused(entry.seq, errorMessageOf(body, `The server refused the sale (${res.status})`));
      refused++;
    }
    return { state: "done", sent, refused, stopped: null };
  };
  if (!deps.locks) return work();
  return deps.locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) =>
    lock ? work() : Promise.resolve<SyncResult>({ state: "busy" }),
  );
}
