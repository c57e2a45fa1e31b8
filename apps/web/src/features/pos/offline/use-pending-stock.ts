import { useEffect } from "react";
import { pendingStock, subscribeOutbox } from "../../../lib/offline/outbox.ts";
import { catalogStore } from "../catalog-store.ts";

/** Keeps the till's stock view less what this business's unsynced sales took. */
export function usePendingStock(businessId: string | undefined): void {
  useEffect(() => {
    if (!businessId) return;
    let alive = true;
    const read = () =>
      void pendingStock(businessId)
        .then((pending) => alive && catalogStore.setPending(businessId, pending))
        .catch((err: unknown) => console.error("The outbox could not be read", err));
    read();
    const stop = subscribeOutbox(read);
    return () => {
      alive = false;
      stop();
    };
  }, [businessId]);
}
