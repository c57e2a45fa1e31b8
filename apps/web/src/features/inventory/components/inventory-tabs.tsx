import { msg, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Tab, Tabs } from "@mui/material";
import { Link, useLocation } from "react-router";

/** The Inventory pages; the sidebar's Inventory entry opens the first. */
export const INVENTORY_TABS = [
  { path: "/products", label: msg`Products` },
  { path: "/products/stock", label: msg`Stock levels` },
  { path: "/products/all", label: msg`All products` },
  { path: "/category/all", label: msg`Categories` },
  { path: "/promotions", label: msg`Promotions` },
  { path: "/wholesale-products", label: msg`Wholesale` },
  { path: "/stock", label: msg`Stock overview` },
  { path: "/stock/analysis", label: msg`Analysis` },
  { path: "/daily-logs", label: msg`Daily logs` },
  { path: "/transfers", label: msg`Transfers` },
] as const;

function tabOf(pathname: string): string | false {
  const exact = INVENTORY_TABS.find((t) => t.path === pathname);
  if (exact) return exact.path;
  if (pathname.startsWith("/products/")) return "/products";
  if (pathname.startsWith("/category/")) return "/category/all";
  return false;
}

export function InventoryTabs() {
  const { pathname } = useLocation();
  const { _ } = useLingui();
  return (
    <Tabs
      value={tabOf(pathname)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t`Inventory pages`}
      sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
    >
      {INVENTORY_TABS.map((t) => (
        <Tab key={t.path} value={t.path} label={_(t.label)} component={Link} to={t.path} />
      ))}
    </Tabs>
  );
}
