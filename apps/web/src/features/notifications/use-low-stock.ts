import { useEffect, useRef } from "react";
import { toast } from "react-toastify";
import { dueAlerts } from "@app/shared/inventory/low-stock";
import { mayUseArea } from "@app/shared/permissions/areas";
import { lowStockApi } from "./notifications-api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { lowStockReplaced } from "./notifications-slice.ts";

/** Toasts shown at once; the rest are summed up in one (the panel lists them all). */
const MAX_TOASTS = 3;

/** The bell's list (exported for tests of what refreshes it). */

/**
 * Keeps the current business's low-stock notifications up to date (spec section 4): the server
 * applies the shared rule; they are polled every 60 s and refetched after any stock change,
 * and each product raises a toast at most once every 60 s (dueAlerts, packages/shared).
 */
export function useLowStockNotifications() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const allowed = Boolean(user && business && mayUseArea("inventory", user, business));
  const { data } = lowStockApi.useLowStockQuery(business?._id ?? "", { skip: !allowed, pollingInterval: 60_000 });
  const lastAlerted = useRef<ReadonlyMap<string, number>>(new Map());
  const businessId = business?._id;
  useEffect(() => {
    if (!data || !businessId) return;
    const now = Date.now();
    const { due, lastAlerted: alerted } = dueAlerts(data, lastAlerted.current, now);
    lastAlerted.current = alerted;
    // A few toasts, then one summary: an import of thousands of products must not bury the screen.
    for (const n of due.slice(0, MAX_TOASTS)) toast.warn(n.message, { toastId: `${n.id}@${now}` });
    if (due.length > MAX_TOASTS)
      toast.warn(
        `${due.length - MAX_TOASTS} more products are low or out of stock. Open the notifications to see them.`,
        { toastId: `low-stock-more@${now}` },
      );
    dispatch(lowStockReplaced({ businessId, items: data }));
  }, [data, businessId, dispatch]);
}
