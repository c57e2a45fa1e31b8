import { Trans } from "@lingui/react/macro";
import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { mayUseArea, type Area } from "@app/shared/permissions/areas";
import { useAppSelector } from "../app/hooks.ts";
import { PageHeader } from "./page-header.tsx";

/**
 * A page of an area the signed-in user may not use (spec section 6, the rule the menu and the
 * server share) says so instead of loading data the server would refuse.
 */
export function AreaGate({ area, title, children }: { area: Area; title: string; children: ReactNode }) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  if (user && mayUseArea(area, user, business)) return <>{children}</>;
  return (
    <>
      <PageHeader title={title} />
      <Alert severity="warning" data-testid="no-access">
        <Trans>You do not have access to this page. Ask the business owner if you need it.</Trans>
      </Alert>
    </>
  );
}
