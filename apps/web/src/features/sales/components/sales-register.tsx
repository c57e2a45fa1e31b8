import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Box, Button, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import { Link } from "react-router";
import { mayManageSales } from "@app/shared/permissions/sales";
import type { Channel } from "@app/shared/pos/cart";
import type { Sale } from "@app/shared/sales/sale";
import { PageHeader } from "../../../components/page-header.tsx";
import { useAppSelector } from "../../../app/hooks.ts";
import { SaleDetailDrawer } from "./sale-detail-drawer.tsx";
import { SalesTable } from "./sales-table.tsx";
import { StockShortfalls } from "./stock-shortfalls.tsx";
import { VoidSaleDialog } from "./void-sale-dialog.tsx";
import { VoidSalesTab } from "./void-sales-tab.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** The texts of each channel, in the language of the moment. */
const textOf = (channel: Channel): { title: string; voidTab: string; creditPath: string; creditLabel: string } =>
  channel === "retail"
    ? { title: t`Sales`, voidTab: t`Void sales`, creditPath: "/sales/creditSales", creditLabel: t`Credit sales` }
    : {
        title: t`Wholesale Orders`,
        voidTab: t`Void orders`,
        creditPath: "/sales/creditWholesale",
        creditLabel: t`Credit wholesales`,
      };

/** /sales and /wholesaleOrders: the list, a detail drawer, voiding, and the void tab for managers. */
export function SalesRegister({ channel }: { channel: Channel }) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const [tab, setTab] = useState<"list" | "void">("list");
  const [open, setOpen] = useState<Sale | null>(null);
  const [voiding, setVoiding] = useState<Sale | null>(null);
  const canManage = user ? mayManageSales(user) : false;
  const text = textOf(channel);
  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={business?.name}
        actions={
          <>
            <Button component={Link} to={text.creditPath} variant="outlined">
              {text.creditLabel}
            </Button>
            <Button component={Link} to={pathTo("/debts")} variant="outlined">
              <Trans>Debts</Trans>
            </Button>
          </>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}>
        <Tabs value={tab} onChange={(_, v: "list" | "void") => setTab(v)}>
          <Tab value="list" label={text.title} />
          {canManage && <Tab value="void" label={text.voidTab} />}
        </Tabs>
      </Box>
      {canManage && tab === "list" && <StockShortfalls channel={channel} />}
      {tab === "list" || !canManage ? (
        <SalesTable channel={channel} businessId={business?._id} timeZone={business?.timeZone} onOpen={setOpen} />
      ) : (
        <VoidSalesTab channel={channel} businessId={business?._id} timeZone={business?.timeZone} onOpen={setOpen} />
      )}
      <SaleDetailDrawer sale={open} onClose={() => setOpen(null)} onVoid={setVoiding} />
      <VoidSaleDialog
        sale={voiding}
        onClose={() => setVoiding(null)}
        onVoided={() => {
          setVoiding(null);
          setOpen(null);
        }}
      />
    </>
  );
}
