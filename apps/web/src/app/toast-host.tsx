import { useEffect, useSyncExternalStore } from "react";
import { lazyPart, usePart } from "../lib/lazy-part.tsx";
import { mountToasts, subscribeToToasts, toastsWanted } from "../lib/toasts.ts";
import { useAppSelector } from "./hooks.ts";

/**
 * The toast container and its styles load on demand: a new visitor's first page shows no toast.
 * react-toastify keeps toasts raised before a container mounts and shows them once it does.
 * The container mounts for good once someone is signed in (every page of the app may toast)
 * or a public page raises a toast through showToast.
 */
const toastContainerPart = lazyPart(() => import("./toast-container.tsx"));

export function ToastHost() {
  const signedIn = useAppSelector((s) => Boolean(s.session.user));
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted);
  useEffect(() => {
    if (signedIn) mountToasts();
  }, [signedIn]);
  const { module } = usePart(toastContainerPart, wanted || signedIn);
  // Outside every error boundary: a container that cannot load (offline) shows no toast, and
  // takes nothing down.
  if ((!wanted && !signedIn) || !module) return null;
  return <module.default />;
}
