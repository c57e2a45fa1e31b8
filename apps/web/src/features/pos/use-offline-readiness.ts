import { useEffect, useRef, useState } from "react";
import type { Part } from "../../lib/lazy-part.tsx";
import { keepLoadedFilesOffline } from "../../lib/service-worker.ts";

/**
 * Whether the till can sell with no network:
 * - "preparing": its parts (checkout, receipt, cashier switch, cash-out) or its catalog are still
 *   loading, or the service worker is still keeping the app's files;
 * - "ready": all are in, and the service worker keeps the files, so even a reload opens offline;
 * - "ready-here": all are in, but there is no service worker: it sells offline while the page stays open;
 * - "needs-network": a part could not be loaded (the network went first); it is tried again when
 *   the network is back, or on `retry`.
 */
export type OfflineReadiness = "preparing" | "ready" | "ready-here" | "needs-network";

export function useOfflineReadiness(
  catalogReady: boolean,
  parts: readonly Part<unknown>[],
  online: boolean,
): { readiness: OfflineReadiness; retry: () => void } {
  const [readiness, setReadiness] = useState<OfflineReadiness>("preparing");
  const [attempt, setAttempt] = useState(0);

  // The parts start loading as the till opens, beside its catalog.
  useEffect(() => {
    let alive = true;
    setReadiness((r) => (r === "needs-network" ? "preparing" : r));
    Promise.all(parts.map((p) => p.load())).then(
      () => undefined,
      () => alive && setReadiness("needs-network"),
    );
    return () => {
      alive = false;
    };
  }, [parts, attempt]);

  useEffect(() => {
    if (!catalogReady) return;
    let alive = true;
    void Promise.all(parts.map((p) => p.load()))
      .then(() => keepLoadedFilesOffline())
      .then(
        (kept) => {
          if (!alive) return;
          // Files the worker could not keep yet: the till sells offline while it stays open.
          setReadiness(kept === "kept" ? "ready" : "ready-here");
        },
        () => alive && setReadiness("needs-network"),
      );
    return () => {
      alive = false;
    };
  }, [catalogReady, parts, attempt]);

  // A part that failed came in after all (the checkout's Try again): look again.
  useEffect(() => {
    if (readiness !== "needs-network") return;
    const stops = parts.map((p) => p.onLoad(() => setAttempt((n) => n + 1)));
    return () => stops.forEach((stop) => stop());
  }, [parts, readiness]);

  // The network is back after a part failed: try again by itself.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && readiness === "needs-network") setAttempt((n) => n + 1);
    wasOnline.current = online;
  }, [online, readiness]);

  return { readiness, retry: () => setAttempt((n) => n + 1) };
}
