import { t } from "@lingui/core/macro";
import { Tab, Tabs } from "@mui/material";
import { Link, useLocation } from "react-router";

/** The Inventory pages; the sidebar's Inventory entry opens the first. */
export const INVENTORY_TABS = [
  { path: "/products", label: "Products" },
  { path: "/products/stock", label: "Stock levels" },
  { path: "/products/all", label: "All products" },
  { path: "/category/all", label: "Categories" },
  { path: "/stock", label: "Stock overview" },
  { path: "/stock/analysis", label: "Analysis" },
  { path: "/daily-logs", label: "Daily logs" },
  { path: "/transfers", label: "Transfers" },
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
  return (
    <Tabs
      value={tabOf(pathname)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={t`Inventory pages`}
      sx={{ mb: 2, borderBottom: 1, borderColor: "divider" }}
    >
      {INVENTORY_TABS.map((t) => (
        <Tab key={t.path} value={t.path} label={t.label} component={Link} to={t.path} />
      ))}
    </Tabs>
  );
}
