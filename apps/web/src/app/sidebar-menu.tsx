import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import LogoutIcon from "@mui/icons-material/Logout";
import { t } from "@lingui/core/macro";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import { Collapse, List, ListItemButton, ListItemText } from "@mui/material";
import { useState } from "react";
import { lazyPart } from "../lib/lazy-part.tsx";
import { PartDialog } from "../components/part-dialog.tsx";
import { Link, useLocation } from "react-router";
import { buildMenu, type MenuEntry } from "@app/shared/permissions/menu";
import { useLogout } from "../features/accounts/use-logout.ts";
import { useAppSelector } from "./hooks.ts";
import { useUnsyncedCount } from "../lib/offline/use-outbox.ts";
import { menuLabel } from "../lib/i18n/menu-labels.ts";

/** Loaded when opened: most devices never hold an unsynced sale. */
/** Opened from the menu, offline too: it never takes the app down when it cannot load (PartDialog). */
const unsyncedSalesPart = lazyPart(() => import("./unsynced-sales-dialog.tsx"));

function Group({ entry }: { entry: MenuEntry }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => entry.children?.some((c) => pathname.startsWith(c.path)) ?? false);
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open}>
        <ListItemText primary={menuLabel(entry.label)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List component="div" disablePadding>
          {entry.children!.map((c) => (
            <ListItemButton key={c.path} component={Link} to={c.path} selected={pathname === c.path} sx={{ pl: 4 }}>
              <ListItemText primary={menuLabel(c.label)} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The sidebar entries of spec section 2, as the shared rules of section 6 decide. */
export function SidebarMenu() {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const logout = useLogout();
  const { pathname } = useLocation();
  const unsynced = useUnsyncedCount();
  const [showUnsynced, setShowUnsynced] = useState(false);
  if (!user) return null;
  return (
    <List component="nav" aria-label={t`Main menu`} data-testid="sidebar-menu">
      {Boolean(unsynced) && (
        <ListItemButton
          data-testid="unsynced-sales"
          onClick={() => setShowUnsynced(true)}
          sx={{ bgcolor: "warning.light", color: "warning.contrastText", "&:hover": { bgcolor: "warning.main" } }}
        >
          <CloudOffIcon fontSize="small" sx={{ mr: 1 }} />
          <ListItemText
            primary={t`Unsynced sales: ${unsynced ?? 0}`}
            secondary={t`Kept on this device until the server answers`}
          />
        </ListItemButton>
      )}
      {showUnsynced && (
        <PartDialog
          part={unsyncedSalesPart}
          open
          title={t`Sales kept on this device`}
          onClose={() => setShowUnsynced(false)}
        >
          {(m) => <m.UnsyncedSalesDialog open onClose={() => setShowUnsynced(false)} />}
        </PartDialog>
      )}
      {buildMenu(user, business).map((entry) => {
        if (entry.action === "logout")
          return (
            <ListItemButton key={entry.key} onClick={() => void logout()}>
              <LogoutIcon fontSize="small" sx={{ mr: 1 }} />
              <ListItemText primary={menuLabel(entry.label)} />
            </ListItemButton>
          );
        if (entry.children) return <Group key={entry.key} entry={entry} />;
        return (
          <ListItemButton key={entry.key} component={Link} to={entry.path!} selected={pathname === entry.path}>
            <ListItemText primary={menuLabel(entry.label)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
