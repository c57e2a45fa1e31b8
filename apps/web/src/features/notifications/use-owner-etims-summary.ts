import { useGetEtimsSummaryQuery } from "../etims/etims-api.ts";
import { useAppSelector } from "../../app/hooks.ts";

/**
 * The eTIMS summary the owner's bell reads (the one the dashboard's eTIMS card shows), polled every
 * 5 minutes; nothing is asked for anyone else (staff, support).
 */
export function useOwnerEtimsSummary() {
  const user = useAppSelector((s) => s.session.user);
  const businessId = useAppSelector((s) => s.business.current?._id);
  const isOwner = !!user?.isAdmin && !user.details.isSupportUser;
  const { data } = useGetEtimsSummaryQuery(businessId ?? "", {
    skip: !isOwner || !businessId,
    pollingInterval: 300_000,
  });
  return { businessId, summary: data?.connected ? data : null };
}
