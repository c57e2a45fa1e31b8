import { Alert, Button } from "@mui/material";
import { t } from "@lingui/core/macro";
import { Link } from "react-router";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";

/**
 * /login: the fallback of the access rules; the real ways in start at /home. Loaded lazily: few
 * ever see it, and its Alert would weigh on every first load.
 */
export default function LoginPage() {
  return (
    <PublicFrame title={t`Sign in`}>
      <Alert severity="info">{t`This device is not paired yet.`}</Alert>
      <Button component={Link} to={pathTo("/home")} variant="contained" sx={{ mt: 2 }}>
        {t`Choose how to sign in`}
      </Button>
    </PublicFrame>
  );
}
