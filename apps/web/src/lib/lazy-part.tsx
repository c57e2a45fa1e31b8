import { lazy, useCallback, useEffect, useState, type ComponentProps, type ComponentType } from "react";

/**
 * Code that loads when it is needed (a dialog, a page), so the first load stays small, and that
 * must never take the app down when it cannot load: a till whose network drops before its
 * checkout is in keeps its ticket and says what is missing.
 *
 * A part's import is tried again after each of these waits before it counts as failed; a failed
 * part is tried afresh the next time it is asked for (the browser does not keep the failure).
 */
export const PART_RETRY_DELAYS_MS = [400, 1500];

export type Part<M> = {
  /** The module once loaded, else null: what renders at once, with no loading step. */
  current(): M | null;
  /** Loads the module (one request shared by every caller), retrying; rejects once every try failed. */
  load(): Promise<M>;
  /** Calls `listener` once the module is in (a load asked for anywhere); returns the unsubscribe. */
  onLoad(listener: () => void): () => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(load: () => Promise<T>, delays: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= delays.length) throw err;
      await sleep(delays[attempt]!);
    }
  }
}

/** A part of the app loaded on demand by `importer` (an `import()` of its file). */
export function lazyPart<M>(importer: () => Promise<M>, delays: readonly number[] = PART_RETRY_DELAYS_MS): Part<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  return {
    current: () => module,
    onLoad(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (module) return Promise.resolve(module);
      pending ??= withRetries(importer, delays).then(
        (m) => {
          module = m;
          for (const listener of listeners) listener();
          return m;
        },
        (err: unknown) => {
          pending = null; // the next request tries again
          throw err;
        },
      );
      return pending;
    },
  };
}

export type PartState<M> = {
  module: M | null;
  /** Every try failed (offline before it ever loaded): say so, and offer `retry`. */
  failed: boolean;
  retry: () => void;
};

/** Loads `part` while `wanted` (and renders it at once when already in), without ever throwing into the tree. */
export function usePart<M>(part: Part<M>, wanted = true): PartState<M> {
  const [module, setModule] = useState<M | null>(part.current);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || module) return;
    let alive = true;
    part.load().then(
      (m) => alive && setModule(() => m),
      (err: unknown) => {
        console.error("A part of the app could not be loaded", err);
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, [part, wanted, module, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { module, failed, retry };
}

/** Whether `err` is a script of the app that could not be fetched (offline, or a deployment removed it). */
export function isLoadFailure(err: unknown): boolean {
  const text = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Failed to fetch/i.test(
    text,
  );
}

type Reset = () => void;
/** The lazy components whose load failed, each with the reset that makes it load again when next rendered. */
const failedLazies = new Set<Reset>();

/**
 * React.lazy with retries, for pages and the pieces of a page (charts, dialogs) rendered under
 * Suspense. One whose load failed for good throws to the page's error boundary, which shows the
 * app's error page; after `retryFailedLazies()` (its Try again) it loads afresh, where React.lazy
 * would keep the failure until the app reloads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function lazyWithRetry<T extends ComponentType<any>>(importer: () => Promise<{ default: T }>): T {
  const make = () =>
    lazy(() =>
      withRetries(importer, PART_RETRY_DELAYS_MS).catch((err: unknown) => {
        failedLazies.add(reset);
        throw err;
      }),
    );
  let Lazy = make();
  const reset: Reset = () => {
    Lazy = make();
  };
  function LazyWithRetry(props: ComponentProps<T>) {
    return <Lazy {...props} />;
  }
  return LazyWithRetry as unknown as T;
}

/** Lets every lazy component that failed to load try again when it next renders. */
export function retryFailedLazies(): void {
  for (const reset of failedLazies) reset();
  failedLazies.clear();
}
