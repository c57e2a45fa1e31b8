import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import { Button, Paper, Typography } from "@mui/material";
import { Link, useLocation } from "react-router";
import { pathTo } from "../lib/paths.ts";
import { PageHeader } from "./page-header.tsx";

/** An address the app does not have: says so, shows it, and leads home (signed out: /home). */
export function NotFoundPage({ home = pathTo("/") }: { home?: string }) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t`Page not found`} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} data-testid="not-found">
        <SearchOffIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" sx={{ mt: 1 }}>
          <Trans>There is no page at {pathname}</Trans>
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>The address may be mistyped, or the page may have moved. Nothing was changed.</Trans>
        </Typography>
        <Button component={Link} to={home} variant="contained">
          <Trans>Go to the home page</Trans>
        </Button>
      </Paper>
    </>
  );
}
