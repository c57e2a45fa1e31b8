import { I18nProvider } from "@lingui/react";
import { Box, Container } from "@mui/material";
import { useEffect, useState } from "react";
import { Navigate, matchPath, useLocation } from "react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { activateLanguage, i18n, savedLanguage } from "../lib/i18n/i18n.ts";
import { PROTECTED_ROUTES } from "../lib/route-table.ts";

/** Whether the app has a page at `pathname` (a protected route, or /dashboard, which leads to /). */
export function isKnownPath(pathname: string): boolean {
  if (pathname === "/dashboard") return true;
  return PROTECTED_ROUTES.some((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/**
 * A visitor who may not open a protected page: sent to sign in (spec section 2) when the app has
 * a page at that address, and shown the not-found page when it has none, signed in or not.
 * Loaded lazily, so the route table stays out of the public pages' first load.
 */
export default function SignedOutRoute({ redirect }: { redirect: string }) {
  const { pathname } = useLocation();
  const known = isKnownPath(pathname);
  // The page's texts are in the signed-in app's catalogue: loaded here, not in the public first load.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!known) void activateLanguage(savedLanguage()).then(() => setReady(true));
  }, [known]);
  if (known) return <Navigate to={redirect} replace />;
  if (!ready) return <FullPageSpinner />;
  return (
    <I18nProvider i18n={i18n}>
      <Box sx={{ minHeight: "100vh", bgcolor: "grey.50", py: { xs: 3, sm: 8 } }}>
        <Container maxWidth="sm">
          <NotFoundPage home="/home" />
        </Container>
      </Box>
    </I18nProvider>
  );
}
