import { Box, Button } from "@mui/material";
import { t } from "@lingui/core/macro";
import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { describeError } from "../../../api/errors.ts";
import { preloadSignedInApp } from "../../../lib/preload.ts";
import { useAppDispatch, useAppSelector } from "../../../app/hooks.ts";
import { showToast } from "../../../lib/toasts.ts";
import { OutlinedField } from "../../../components/outlined-field.tsx";
import { accessKeyReset } from "../../../lib/session/access-key-slice.ts";
import { employeeLogin } from "../auth-api.ts";
import { loginFailure, loginStart } from "../../../lib/session/session-slice.ts";
import { useCompleteSignIn } from "../use-sign-in.ts";
import { PublicFrame } from "./public-frame.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** /normalaccounts: staff sign in to the business this device is paired with. */
export function StaffLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const key = useAppSelector((s) => s.accessKey.key);
  const completeSignIn = useCompleteSignIn();
  const [isLoading, setLoading] = useState(false);
  const [form, setForm] = useState({ username: "", password: "" });
  const [error, setError] = useState("");
  if (key?.type !== "normalKey") return <Navigate to={pathTo("/home")} replace />;
  const businessId = key.businessId;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.username || !form.password) return setError(t`Enter your username and password`);
    dispatch(loginStart());
    setLoading(true);
    preloadSignedInApp(); // the app opens on success: load it meanwhile
    try {
      await completeSignIn(await employeeLogin({ businessId, ...form }), businessId);
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
    <PublicFrame title={t`Staff sign in`} subtitle={key.businessName}>
      <form onSubmit={submit} noValidate aria-label={t`Staff sign in`}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <OutlinedField
            label={t`Username`}
            autoComplete="username"
            autoFocus
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            size="small"
          />
          <OutlinedField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            size="small"
            error={Boolean(error)}
            helperText={error}
          />
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? t`Signing in…` : t`Sign in`}
          </Button>
          <Button
            size="small"
            onClick={() => {
              dispatch(accessKeyReset());
              navigate(pathTo("/home"));
            }}
          >
            {t`Use a different code`}
          </Button>
        </Box>
      </form>
    </PublicFrame>
  );
}
