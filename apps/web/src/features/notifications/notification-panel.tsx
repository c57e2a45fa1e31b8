import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import CloseIcon from "@mui/icons-material/Close";
import { Alert, Box, Button, Drawer, IconButton, List, ListItem, Typography } from "@mui/material";
import { Link } from "react-router";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { notificationsOf, panelToggled } from "./notifications-slice.ts";

const SEVERITY: Record<string, "error" | "warning" | "info" | "success"> = {
  error: "error",
  warning: "warning",
  info: "info",
  success: "success",
};

/** The side panel of notifications of the current business only (spec section 2). */
export function NotificationPanel() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.notifications.panelOpen);
  const businessId = useAppSelector((s) => s.business.current?._id);
  const items = notificationsOf(
    useAppSelector((s) => s.notifications.items),
    businessId,
  );
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={() => dispatch(panelToggled(false))}
      sx={{ zIndex: (t) => t.zIndex.modal + 1 }}
    >
      <Box sx={{ width: 340, p: 2 }} data-testid="notification-panel" role="region" aria-label={t`Notifications`}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography variant="h6" component="h2">
            <Trans>Notifications</Trans>
          </Typography>
          <IconButton aria-label={t`Close notifications`} onClick={() => dispatch(panelToggled(false))}>
            <CloseIcon />
          </IconButton>
        </Box>
        {items.length === 0 ? (
          <Typography color="text.secondary">
            <Trans>No new notifications</Trans>
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((n) => (
              <ListItem key={n.id} disableGutters>
                <Alert severity={SEVERITY[n.type] ?? "info"} sx={{ width: "100%" }}>
                  <Typography variant="body2">{n.message}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {n.type}
                  </Typography>
                  {n.link && (
                    <Box>
                      <Button
                        component={Link}
                        to={n.link}
                        size="small"
                        color="inherit"
                        sx={{ mt: 0.5, textDecoration: "underline" }}
                        onClick={() => dispatch(panelToggled(false))}
                      >
                        {n.linkLabel ?? t`Settle`}
                      </Button>
                    </Box>
                  )}
                </Alert>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
