import { useEffect } from "react";
import { toast } from "react-toastify";
import { dueDailyToasts, type ToastedDays } from "@app/shared/inventory/low-stock";
import { mayUseArea } from "@app/shared/permissions/areas";
import { lowStockApi } from "./notifications-api.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { lowStockReplaced } from "./notifications-slice.ts";
import { deviceToday, readDevice, writeDevice } from "../../lib/device-storage.ts";

/** localStorage: which products toasted today on this device. */
export const TOASTED_KEY = "duka.lowStockToasted";

/** Toasts shown at once; the rest are summed up in one (the panel lists them all). */
const MAX_TOASTS = 3;

/** The bell's list (exported for tests of what refreshes it). */

/**
 * Keeps the current business's low-stock notifications up to date (spec section 4): the server
 * applies the shared rule; they are polled every 60 s and refetched after any stock change, and
 * the bell's list follows each answer. A product raises a toast at most once a day on a device
 * (dueDailyToasts, packages/shared), however often the list is fetched or the user signs in.
 */
export function useLowStockNotifications() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const allowed = Boolean(user && business && mayUseArea("inventory", user, business));
  const { data } = lowStockApi.useLowStockQuery(business?._id ?? "", { skip: !allowed, pollingInterval: 60_000 });
  const businessId = business?._id;
  useEffect(() => {
    if (!data || !businessId) return;
    const now = Date.now();
    const { toast: due, toasted } = dueDailyToasts(
      data,
      readDevice<ToastedDays>(TOASTED_KEY, {}),
      deviceToday(new Date(now)),
    );
    if (due.length) writeDevice(TOASTED_KEY, toasted);
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
