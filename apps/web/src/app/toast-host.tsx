import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useAppSelector } from "./store.ts";

/**
 * The toast container and its styles load on demand: a new visitor's first page shows no toast.
 * react-toastify keeps toasts raised before a container mounts and shows them once it does.
 * The container mounts for good once someone is signed in (every page of the app may toast)
 * or a public page raises a toast through showToast.
 */
const AppToastContainer = lazy(() => import("./toast-container.tsx"));

let mounted = false;
const listeners = new Set<() => void>();
function mountToasts(): void {
  if (mounted) return;
  mounted = true;
  listeners.forEach((notify) => notify());
}
const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => void listeners.delete(notify);
};

/**
 * Toasts for the public pages: react-toastify's, with the container mounted first. Both load
 * here on first use, so react-toastify stays out of the first page's JavaScript.
 */
export function showToast(kind: "error" | "success", message: string): void {
  mountToasts();
  void import("react-toastify").then(({ toast }) => toast[kind](message));
}

export function ToastHost() {
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  const wanted = useSyncExternalStore(subscribe, () => mounted);
  useEffect(() => {
    if (signedIn) mountToasts();
  }, [signedIn]);
  if (!wanted && !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
