import { t } from "@lingui/core/macro";
import { useEffect } from "react";
import { useAppDispatch } from "../../app/hooks.ts";
import { useOwnerEtimsSummary } from "./use-owner-etims-summary.ts";
import { notificationAdded, notificationRemoved } from "./notifications-slice.ts";

/**
 * The owner's bell says when anything has waited over 24 hours for KRA eTIMS (KRA's deadline,
 * docs/etims.md), or was refused that long ago: polled every 5 minutes, gone once it is signed.
 */
export function useEtimsLateNotification() {
  const dispatch = useAppDispatch();
  const { businessId, summary } = useOwnerEtimsSummary();
  const overdue = summary?.overdue ?? 0;
  useEffect(() => {
    if (!businessId) return;
    const id = `etims-late:${businessId}`;
    if (overdue > 0)
      dispatch(
        notificationAdded({
          id,
          businessId,
          type: "warning",
          priority: 200,
          message: t`${overdue} sales or documents have waited over 24 hours for KRA eTIMS. Open "Not yet signed by KRA" from the dashboard's eTIMS card.`,
        }),
      );
    else dispatch(notificationRemoved(id));
  }, [overdue, businessId, dispatch]);
}
