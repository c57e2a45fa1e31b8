import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import MenuIcon from "@mui/icons-material/Menu";
import NotificationsIcon from "@mui/icons-material/Notifications";
import {
  AppBar,
  Avatar,
  Badge,
  Box,
  Drawer,
  useMediaQuery,
  IconButton,
  MenuItem,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { businessChosen } from "../lib/session/business-slice.ts";
import { NotificationPanel } from "../features/notifications/notification-panel.tsx";
import { notificationsOf, panelToggled } from "../features/notifications/notifications-slice.ts";
import { useLowStockNotifications } from "../features/notifications/use-low-stock.ts";
import { SidebarMenu } from "./sidebar-menu.tsx";
import { menuPaths } from "@app/shared/permissions/menu";
import { rememberPage } from "../lib/session/last-page.ts";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { activateLanguage } from "../lib/i18n/i18n.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

const DRAWER_WIDTH = 240;

/** The signed-in frame: app bar (toggle, business, bell, user) and the sidebar. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  // Below the desktop breakpoint (phones, tablets) the menu is a drawer over the page: closed on
  // arrival and after choosing an entry. At desktop widths it stays open beside the page.
  const compact = useMediaQuery((theme) => theme.breakpoints.down("lg"), { noSsr: true });
  const [open, setOpen] = useState(!compact);
  const { pathname } = useLocation();
  useEffect(() => {
    if (compact) setOpen(false);
  }, [compact, pathname]);
  const user = useAppSelector((s) => s.session.user);
  const { current, list } = useAppSelector((s) => s.business);
  const count = notificationsOf(
    useAppSelector((s) => s.notifications.items),
    current?._id,
  ).length;
  useLowStockNotifications();
  // The page to go back to at the next sign-in on this device (a page of this user's menu).
  useEffect(() => {
    if (user && current) rememberPage(user.details._id, pathname, menuPaths(user, current));
  }, [user, current, pathname]);
  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "grey.50" }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton color="inherit" edge="start" aria-label={t`Toggle menu`} onClick={() => setOpen(!open)}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" sx={{ fontWeight: 700, mr: 2 }}>
            <Trans>Duka POS</Trans>
          </Typography>
          {list.length > 1 ? (
            <TextField
              select
              size="small"
              value={current?._id ?? ""}
              onChange={(e) => dispatch(businessChosen(e.target.value))}
              sx={{ minWidth: 200, bgcolor: "background.paper", borderRadius: 1 }}
              slotProps={{
                htmlInput: { "data-testid": "business-switcher" },
                select: {
                  inputProps: { "aria-label": "Current business" },
                  SelectDisplayProps: { "aria-label": "Current business" },
                },
              }}
            >
              {list.map((b) => (
                <MenuItem key={b._id} value={b._id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography data-testid="business-name">{current?.name}</Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Tooltip title={t`Notifications`}>
            <IconButton
              color="inherit"
              aria-label={t`Notifications (${count})`}
              data-testid="notification-bell"
              onClick={() => dispatch(panelToggled())}
            >
              <Badge badgeContent={count} color="error" data-testid="notification-count">
                <NotificationsIcon />
              </Badge>
            </IconButton>
          </Tooltip>
          <LanguageSwitch activate={activateLanguage} />
          <Typography data-testid="current-username">{user?.details.username}</Typography>
          <Avatar
            src={user?.details.image ?? undefined}
            alt={user?.details.username}
            sx={{ width: 32, height: 32 }}
            data-testid="user-avatar"
          />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={compact ? "temporary" : "persistent"}
        open={open}
        onClose={() => setOpen(false)}
        data-testid="menu-drawer"
        sx={{
          width: open && !compact ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          transition: "width 200ms",
          "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" },
        }}
      >
        <Toolbar />
        <SidebarMenu />
      </Drawer>
      <Box component="main" sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, minWidth: 0 }}>
        <Toolbar />
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <NotificationPanel />
    </Box>
  );
}
