import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Alert } from "@mui/material";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { InventoryTabs } from "./inventory-tabs.tsx";
import { useInventoryAccess } from "./use-inventory-access.ts";

/** The frame of every Inventory page: tabs, title, actions, and the view permission. */
export function InventoryPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { canView, business } = useInventoryAccess();
  return (
    <>
      <InventoryTabs />
      <PageHeader title={title} subtitle={subtitle ?? business?.name} actions={canView ? actions : undefined} />
      {!business ? (
        <Alert severity="info">
          <Trans>Choose a business first.</Trans>
        </Alert>
      ) : canView ? (
        children
      ) : (
        <Alert severity="warning">
          <Trans>You do not have access to Inventory. Ask the business owner for the stock permissions.</Trans>
        </Alert>
      )}
    </>
  );
}

/** Shown in place of a form to a user who may look but not change (e.g. reviewStock only). */
export function ReadOnlyNotice({ what }: { what?: string }) {
  return <Alert severity="info">{what ?? t`You can view inventory but not change products or stock.`}</Alert>;
}
