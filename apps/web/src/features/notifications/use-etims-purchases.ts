import { plural, t } from "@lingui/core/macro";
import { useEffect } from "react";
import { useAppDispatch } from "../../app/hooks.ts";
import { useOwnerEtimsSummary } from "./use-owner-etims-summary.ts";
import { pathTo } from "../../lib/paths.ts";
import { notificationAdded, notificationRemoved } from "./notifications-slice.ts";

/**
 * The owner's bell says when suppliers' invoices from KRA wait to be confirmed (Purchases from
 * KRA): fetched nightly, they would otherwise wait unseen. The same summary the dashboard's eTIMS
 * card reads, polled every 5 minutes; gone once each is confirmed or rejected.
 */
export function useEtimsPurchasesNotification() {
  const dispatch = useAppDispatch();
  const { businessId, summary } = useOwnerEtimsSummary();
  const waiting = summary?.purchasesToConfirm ?? 0;
  useEffect(() => {
    if (!businessId) return;
    const id = `etims-purchases:${businessId}`;
    if (waiting > 0)
      dispatch(
        notificationAdded({
          id,
          businessId,
          type: "info",
          priority: 60,
          message: plural(waiting, {
            one: "# supplier invoice from KRA is waiting for you to confirm it as a supply or an expense.",
            other: "# supplier invoices from KRA are waiting for you to confirm them as a supply or an expense.",
          }),
          link: pathTo("/etims/purchases"),
          linkLabel: t`Open purchases`,
        }),
      );
    else dispatch(notificationRemoved(id));
  }, [waiting, businessId, dispatch]);
}
