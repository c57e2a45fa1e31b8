import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { todayIn } from "@app/shared/inventory/daily-stock";
import { useAppSelector } from "../../../app/hooks.ts";

/** The current hotel (business), who is signed in, and today in the hotel's time zone. */
export function useHotel() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    businessId: business?._id ?? "",
    business,
    timeZone,
    today: todayIn(timeZone),
    isAdmin: Boolean(user?.isAdmin),
    username: user?.details.username ?? "",
  };
}
