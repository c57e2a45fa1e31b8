import { useEffect } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { useTillPromotionsQuery } from "./pos-api.ts";
import { promotionsLoaded } from "./pos-slice.ts";

/** How often the running promotions are checked again with a ticket open (a happy hour begins or ends). */
const RECHECK_MS = 60_000;

/**
 * The owner's promotions at the till (issue 31 item 2): fetched as the till opens and whenever the
 * owner changes them, kept in the pos slice (so a till with no network still applies the last
 * ones) and applied to the tickets again every minute.
 */
export function useTillPromotions(businessId: string | null | undefined, timeZone: string): { refetch: () => void } {
  const dispatch = useAppDispatch();
  const { data, refetch } = useTillPromotionsQuery(businessId ?? "", {
    skip: !businessId,
    pollingInterval: 5 * RECHECK_MS,
  });
  const kept = useAppSelector((s) => s.pos.promotions?.list ?? null);
  useEffect(() => {
    if (data) dispatch(promotionsLoaded({ list: data, timeZone }));
  }, [data, timeZone, dispatch]);
  useEffect(() => {
    if (!kept) return;
    const id = setInterval(() => dispatch(promotionsLoaded({ list: kept, timeZone })), RECHECK_MS);
    return () => clearInterval(id);
  }, [kept, timeZone, dispatch]);
  return {
    refetch: () => {
      if (businessId) void refetch();
    },
  };
}
