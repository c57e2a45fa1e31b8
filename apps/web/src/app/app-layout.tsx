import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import MenuIcon from "@mui/icons-material/Menu";
import NotificationsIcon from "@mui/icons-material/Notifications";
import { AppBar, Avatar, Badge, Box, Drawer, useMediaQuery, IconButton, Toolbar, Typography } from "@mui/material";
import { Suspense, useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { lazyPart, usePart } from "../lib/lazy-part.tsx";
import type { BusinessSwitcher } from "./business-switcher.tsx";
import { Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { businessChosen } from "../lib/session/business-slice.ts";
import { NotificationPanel } from "../features/notifications/notification-panel.tsx";
import { notificationsOf, panelToggled } from "../features/notifications/notifications-slice.ts";
import { useLowStockNotifications } from "../features/notifications/use-low-stock.ts";
import { useEtimsLateNotification } from "../features/notifications/use-etims-late.ts";
import { useEtimsPurchasesNotification } from "../features/notifications/use-etims-purchases.ts";
import { useShortfallNotifications } from "../features/notifications/use-stock-shortfalls.ts";
import { SidebarMenu } from "./sidebar-menu.tsx";
import { RouteErrorBoundary } from "./route-error.tsx";
import { menuPaths } from "@app/shared/permissions/menu";
import { rememberPage } from "../lib/session/last-page.ts";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { activateLanguage } from "../lib/i18n/i18n.ts";
import { useAppDispatch, useAppSelector } from "./hooks.ts";
import { toast } from "react-toastify";
import { countOutbox } from "../lib/offline/outbox.ts";
import { useOutboxSync } from "../lib/offline/use-outbox.ts";

const DRAWER_WIDTH = 240;

/** Loaded only for a user of more than one business (business-switcher.tsx). */
/** The business switcher loads for owners of several businesses; until then (or offline) the name shows. */
const businessSwitcherPart = lazyPart(() => import("./business-switcher.tsx"));

function BusinessSwitcherOrName(props: ComponentProps<typeof BusinessSwitcher> & { name: ReactNode }) {
  const { name, ...rest } = props;
  const { module } = usePart(businessSwitcherPart);
  return module ? <module.BusinessSwitcher {...rest} /> : name;
}

/** The signed-in frame: app bar (toggle, business, bell, user) and the sidebar. */
export function AppLayout() {
  const dispatch = useAppDispatch();
  // Below the desktop breakpoint (phones, tablets) the menu is a drawer over the page: closed on
  // arrival and after choosing an entry. At desktop widths it stays open beside the page.
  const compact = useMediaQuery((theme) => theme.breakpoints.down("lg"), { noSsr: true });
  // A phone's app bar keeps the menu, business, bell, language and avatar: the brand and the
  // username (the avatar names the user) would push the rest off the screen.
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"), { noSsr: true });
  // Two states, not one: a width that dips below the breakpoint for a moment (a window resized,
  // a tablet turned, a full-page screenshot) closes the phone drawer but must not leave the
  // desktop menu closed once the width is back; only the user's toggle closes that one.
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const open = compact ? drawerOpen : desktopOpen;
  const { pathname } = useLocation();
  useEffect(() => setDrawerOpen(false), [compact, pathname]);
  const user = useAppSelector((s) => s.session.user);
  const { current, list } = useAppSelector((s) => s.business);
  const count = notificationsOf(
    useAppSelector((s) => s.notifications.items),
    current?._id,
  ).length;
  useLowStockNotifications();
  useEtimsLateNotification();
  useEtimsPurchasesNotification();
  useShortfallNotifications();
  useOutboxSync();
  /** Another business is refused while this device holds unsynced sales (they must reach the server first). */
  const chooseBusiness = (id: string) =>
    void countOutbox()
      .catch(() => 0)
      .then((unsynced) => {
        if (unsynced === 0) return void dispatch(businessChosen(id));
        toast.error(
          t`${unsynced} sales made offline have not reached the server yet. Connect to the internet and wait until they are synced before switching business: "Unsynced sales" in the menu lists them.`,
          { toastId: "unsynced-switch" },
        );
      });
  // The page to go back to at the next sign-in on this device (a page of this user's menu).
  useEffect(() => {
    if (user && current) rememberPage(user.details._id, pathname, menuPaths(user, current));
  }, [user, current, pathname]);
  const businessName = (
    <Typography data-testid="business-name" noWrap sx={{ minWidth: 0 }}>
      {current?.name}
    </Typography>
  );
  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "grey.50" }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t`Toggle menu`}
            onClick={() => (compact ? setDrawerOpen(!open) : setDesktopOpen(!open))}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" sx={{ fontWeight: 700, mr: 2, display: { xs: "none", sm: "block" }, flexShrink: 0 }}>
            <Trans>Duka POS</Trans>
          </Typography>
          {list.length > 1 ? (
            <BusinessSwitcherOrName
              name={businessName}
              value={current?._id ?? ""}
              businesses={list}
              onChoose={chooseBusiness}
            />
          ) : (
            businessName
          )}
          <Box sx={{ flex: 1 }} />
          {/* A native tooltip: MUI's Tooltip (with Popper) is 10 KB gzip of every signed-in first load. */}
          <IconButton
            color="inherit"
            title={t`Notifications`}
            aria-label={t`Notifications: ${count}`}
            data-testid="notification-bell"
            onClick={() => dispatch(panelToggled())}
          >
            {/* The count is in the button's name, not in parentheses (axe drops those when it matches the badge's text against the name). */}
            <Badge
              badgeContent={count}
              color="error"
              data-testid="notification-count"
              slotProps={{ badge: { "aria-hidden": true } }}
            >
              <NotificationsIcon />
            </Badge>
          </IconButton>
          <LanguageSwitch activate={activateLanguage} short={phone} />
          <Typography
            data-testid="current-username"
            noWrap
            sx={
              phone
                ? { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }
                : { flexShrink: 0 }
            }
          >
            {user?.details.username}
          </Typography>
          <Avatar
            src={user?.details.image ?? undefined}
            alt={user?.details.username}
            sx={{ width: 32, height: 32, flexShrink: 0 }}
            data-testid="user-avatar"
          />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={compact ? "temporary" : "persistent"}
        open={open}
        onClose={() => setDrawerOpen(false)}
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
        {/* A page that fails shows the app's error page here; the menu and the app bar stay. */}
        <RouteErrorBoundary>
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <NotificationPanel />
    </Box>
  );
}
