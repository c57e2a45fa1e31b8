import type { ReactNode } from "react";
import { mayUseArea, type Area } from "@app/shared/permissions/areas";
import { useAppSelector } from "../app/hooks.ts";
import { NotForYourRolePage } from "./not-for-your-role-page.tsx";

/**
 * A page of an area the signed-in user may not use (spec section 6, the rule the menu and the
 * server share) says so instead of loading data the server would refuse. The router guards every
 * route this way (lib/route-table.ts); a page checks again here only for an area narrower than
 * its route's.
 */
export function AreaGate({ area, title, children }: { area: Area; title: string; children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  if (user && mayUseArea(area, user, business)) return <>{children}</>;
  return <NotForYourRolePage title={title} />;
}
