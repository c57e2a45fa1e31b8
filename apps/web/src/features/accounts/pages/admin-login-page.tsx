import { Box, Button } from "@mui/material";
import { t } from "@lingui/core/macro";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { describeError } from "../../../api/errors.ts";
import { preloadSignedInApp } from "../../../lib/preload.ts";
import { useAppDispatch } from "../../../app/hooks.ts";
import { showToast } from "../../../lib/toasts.ts";
import { OutlinedField } from "../../../components/outlined-field.tsx";
import { accessKeySuccess } from "../../../lib/session/access-key-slice.ts";
import { adminLogin } from "../auth-api.ts";
import { loginFailure, loginStart } from "../../../lib/session/session-slice.ts";
import { useCompleteSignIn } from "../use-sign-in.ts";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";

/**
 * The form checks with the API's own schema; it is loaded once typing starts (and at the latest
 * on submit), so zod is not part of the page's first load.
 */
const loadAuthSchemas = () => import("@app/shared/accounts/auth");

/** /adminaccounts: business owners and provider support sign in (username or email). */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [isLoading, setLoading] = useState(false);
  const [form, setForm] = useState({ username: "", password: "" });
  const [error, setError] = useState("");
  const edit = (change: Partial<typeof form>) => {
    void loadAuthSchemas();
    setForm({ ...form, ...change });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const parsed = (await loadAuthSchemas()).adminLoginInputSchema.safeParse(form);
      if (!parsed.success) return setError(t`Enter your username (or email) and password`);
      dispatch(loginStart());
      setLoading(true);
      preloadSignedInApp(); // the app opens on success: load it meanwhile
      const session = await adminLogin(parsed.data);
      dispatch(accessKeySuccess({ type: "adminKey" }));
      await completeSignIn(session);
    } catch (err) {
      const { message } = describeError(err);
      dispatch(loginFailure(message));
      setError(message);
      showToast("error", message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <PublicFrame title={t`Owner sign in`} subtitle={t`For business owners and provider support.`}>
      <form onSubmit={submit} noValidate aria-label={t`Owner sign in`}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <OutlinedField
            label={t`Username or email`}
            autoComplete="username"
            autoFocus
            value={form.username}
            onChange={(e) => edit({ username: e.target.value })}
            size="small"
          />
          <OutlinedField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => edit({ password: e.target.value })}
            size="small"
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t`Signing in…` : t`Sign in`}
          </Button>
          <Button component={Link} to={pathTo("/home")} size="small">
            {t`Back to the start`}
          </Button>
        </Box>
      </form>
    </PublicFrame>
  );
}
