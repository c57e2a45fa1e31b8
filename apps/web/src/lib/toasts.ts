/**
 * Toasts: react-toastify's, raised from anywhere (features, public pages). The container lives in
 * app/toast-host.tsx and mounts on first use, so react-toastify stays out of the first page's JavaScript.
 */
let mounted = false;
const listeners = new Set<() => void>();
export function mountToasts(): void {
  if (mounted) return;
  mounted = true;
  listeners.forEach((notify) => notify());
}
export const subscribeToToasts = (notify: () => void) => {
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

/** Whether a toast has been raised (the host then mounts its container). */
export const toastsWanted = () => mounted;
