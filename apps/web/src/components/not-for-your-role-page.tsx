import { Trans } from "@lingui/react/macro";
import LockPersonOutlinedIcon from "@mui/icons-material/LockPersonOutlined";
import { Button, Paper, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { buildMenu, landingPath } from "@app/shared/permissions/menu";
import { useAppSelector } from "../app/hooks.ts";
import { menuLabel } from "../lib/i18n/menu-labels.ts";
import { PageHeader } from "./page-header.tsx";

/**
 * The one page for an address outside the signed-in user's areas (spec section 6): it says so
 * plainly, with no error and no Retry (asking again cannot help), and leads to the user's landing
 * page, the page their menu would open after signing in.
 */
export function NotForYourRolePage({ title }: { title: string }) {
  const user = useAppSelector((s) => s.session.user);
  const business = useAppSelector((s) => s.business.current);
  const landing = user ? landingPath(user, business) : "/";
  const entry = user
    ? buildMenu(user, business)
        .flatMap((e) => [...(e.path ? [e] : []), ...(e.children ?? [])])
        .find((e) => e.path === landing)
    : undefined;
  const page = entry ? menuLabel(entry.label) : landing;
  const shown = menuLabel(title);
  return (
    <>
      <PageHeader title={shown} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} data-testid="no-access">
        <LockPersonOutlinedIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
          <Trans>This page is not for your role</Trans>
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          <Trans>
            {shown} is not part of what your role may use in this business. Ask the business owner if you need it.
          </Trans>
        </Typography>
        <Button variant="contained" component={RouterLink} to={landing} data-testid="landing-link">
          <Trans>Go to {page}</Trans>
        </Button>
      </Paper>
    </>
  );
}
