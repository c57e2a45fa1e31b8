import { clinicRightsOf, type ClinicRight } from "@app/shared/permissions/clinic";
import { useMemo } from "react";
import { useAppSelector } from "../../app/hooks.ts";

/** The current clinic and the signed-in user's clinic rights (the same rule the server applies). */
export function useClinic() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const rights = useMemo(() => (user ? clinicRightsOf(user) : new Set<ClinicRight>()), [user]);
  return {
    businessId: business?._id ?? "",
    businessName: business?.name ?? "",
    timeZone: business?.timeZone ?? "Africa/Nairobi",
    rights,
    can: (right: ClinicRight) => rights.has(right),
    isOwner: Boolean(user?.isAdmin),
  };
}
