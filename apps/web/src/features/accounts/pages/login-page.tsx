import { Alert, Button } from "@mui/material";
import { Link } from "react-router";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";

/**
 * /login: the fallback of the access rules; the real ways in start at /home. Loaded lazily: few
 * ever see it, and its Alert would weigh on every first load.
 */
export default function LoginPage() {
  return (
    <PublicFrame title="Sign in">
      <Alert severity="info">This device is not paired yet.</Alert>
      <Button component={Link} to={pathTo("/home")} variant="contained" sx={{ mt: 2 }}>
        Choose how to sign in
      </Button>
    </PublicFrame>
  );
}
