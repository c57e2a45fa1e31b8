import { useEffect, useState } from "react";
import { baseApi } from "../../api/base-api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { countOutbox, readOutbox, subscribeOutbox, type OutboxEntry } from "./outbox.ts";
import { SYNC_RETRY_MS, syncOutbox } from "./sync.ts";

/** What `read` makes of the outbox (null until first read), read again on every change in any tab. */
function useOutboxValue<T>(read: () => Promise<T>): { value: T | null; error: boolean } {
  const [state, setState] = useState<{ value: T | null; error: boolean }>({ value: null, error: false });
  useEffect(() => {
    let alive = true;
    const reread = () =>
      void read()
        .then((value) => alive && setState({ value, error: false }))
        .catch((err: unknown) => {
          console.error("The outbox could not be read", err);
          if (alive) setState((s) => ({ ...s, error: true }));
        });
    reread();
    const stop = subscribeOutbox(reread);
    return () => {
      alive = false;
      stop();
    };
  }, [read]);
  return state;
}

/** How many sales on this device wait to reach the server (all businesses), live across tabs. */
export function useUnsyncedCount(): number | null {
  return useOutboxValue(countOutbox).value;
}

/** The sales on this device waiting for the server, oldest first (null while first read), live across tabs. */
export function useOutboxEntries(): { entries: OutboxEntry[] | null; error: boolean } {
  const { value, error } = useOutboxValue(readOutbox);
  return { entries: value, error };
}

/**
 * Runs the sync worker while someone is signed in: at start, when the browser says it is online
 * again, when a sale joins the outbox, and every SYNC_RETRY_MS while sales wait. Only one tab
 * sends at a time (syncOutbox takes a Web Lock); the others find it busy and leave it.
 */
export function useOutboxSync(): void {
  const token = useAppSelector((s) => s.session.user?.token);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token) return;
    let running = false;
    let again = false;
    const sync = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        do {
          again = false;
          const result = await syncOutbox({
            fetch: (...args) => fetch(...args),
            token: () => token,
            locks: typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : undefined,
          });
          // Synced sales moved stock and the sales lists.
          if (result.state === "done" && result.sent > 0)
            dispatch(baseApi.util.invalidateTags(["Sale", "Order", "Product", "Stock", "Notification"] as never[]));
        } while (again);
      } catch (err) {
        console.error("Syncing the offline sales failed", err);
      } finally {
        running = false;
      }
    };
    void sync();
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    const stop = subscribeOutbox(() => void countOutbox().then((n) => n > 0 && sync()));
    const timer = setInterval(() => void countOutbox().then((n) => n > 0 && sync()), SYNC_RETRY_MS);
    return () => {
      window.removeEventListener("online", onOnline);
      stop();
      clearInterval(timer);
    };
  }, [token, dispatch]);
}

/** Whether the browser says it is online (false: the till sells into the outbox without trying the server). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}
