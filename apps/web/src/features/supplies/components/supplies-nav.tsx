import { t } from "@lingui/core/macro";
import { Tab, Tabs } from "@mui/material";
import { Link, useLocation } from "react-router";
import { pathTo } from "../../../lib/paths.ts";

/** The Supplies area's pages, one tab each (scrolls sideways on a phone). */
export function SuppliesNav() {
  const { pathname } = useLocation();
  const tabs = [
    { to: pathTo("/supplier"), label: t`Suppliers` },
    { to: pathTo("/supplier/credit"), label: t`Supplies on credit` },
    { to: pathTo("/supply/credit"), label: t`What we owe` },
    { to: pathTo("/supply/analysis"), label: t`Analysis` },
  ];
  const current = tabs.find((tab) => tab.to === pathname)?.to ?? false;
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={t`Supplies pages`}>
      {tabs.map((tab) => (
        <Tab key={tab.to} value={tab.to} label={tab.label} component={Link} to={tab.to} />
      ))}
    </Tabs>
  );
}
