import { t } from "@lingui/core/macro";
import { useEffect } from "react";
import type { Notification } from "@app/shared/inventory/low-stock";
import { mayUseArea } from "@app/shared/permissions/areas";
import { mayManageSales } from "@app/shared/permissions/sales";
import type { OpenShortfall } from "@app/shared/sales/shortfall";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { pathTo } from "../../lib/paths.ts";
import { shortfallsApi } from "../sales/shortfalls-api.ts";
import { shortfallsReplaced } from "./notifications-slice.ts";

/** Above every low-stock notification: sold stock nobody has accounted for. */
const SHORTFALL_PRIORITY = 101;

export function shortfallNotification(s: OpenShortfall, businessId: string): Notification {
  const sale = s.channel === "retail" ? t`Sale #${s.saleNumber}` : t`Order #${s.saleNumber}`;
  return {
    id: `shortfall:${s.saleId}:${s.productId}`,
    message: t`${sale} sold ${s.missing} × ${s.name} offline that the stock did not have. Settle it: stock received, or accept the loss.`,
    type: "warning",
    businessId,
    priority: SHORTFALL_PRIORITY,
    link: s.channel === "retail" ? pathTo("/sales") : pathTo("/wholesaleOrders"),
  };
}

/**
 * Issue 33, item 9: the owner (and Managers) learn of every product an offline sale sold without
 * stock in the bell, by name and quantity, until it is settled. Polled every 60 s like low stock,
 * and refetched after any settle, void or edit (the StockShortfall tag).
 */
export function useShortfallNotifications() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const allowed = Boolean(
    user &&
    business &&
    mayManageSales(user) &&
    (mayUseArea("sales", user, business) || mayUseArea("wholesale", user, business)),
  );
  const { data } = shortfallsApi.useStockShortfallsQuery(business?._id ?? "", {
    skip: !allowed,
    pollingInterval: 60_000,
  });
  const businessId = business?._id;
  useEffect(() => {
    if (!data || !businessId) return;
    dispatch(shortfallsReplaced({ businessId, items: data.map((s) => shortfallNotification(s, businessId)) }));
  }, [data, businessId, dispatch]);
}
