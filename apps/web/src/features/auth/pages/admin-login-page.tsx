import { Button, Link as MuiLink, Stack, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "react-toastify";
import { adminLoginInputSchema } from "@app/shared/auth/auth";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch } from "../../../app/store.ts";
import { accessKeySuccess } from "../access-key-slice.ts";
import { useAdminLoginMutation } from "../auth-api.ts";
import { loginFailure, loginStart } from "../session-slice.ts";
import { useCompleteSignIn } from "../use-sign-in.ts";
import { PublicFrame } from "./public-frame.tsx";

/** /adminaccounts: business owners and provider support sign in (username or email). */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const completeSignIn = useCompleteSignIn();
  const [login, { isLoading }] = useAdminLoginMutation();
  const [form, setForm] = useState({ username: "", password: "" });
  const [error, setError] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = adminLoginInputSchema.safeParse(form);
    if (!parsed.success) return setError("Enter your username (or email) and password");
    dispatch(loginStart());
    try {
      const session = await login(parsed.data).unwrap();
      dispatch(accessKeySuccess({ type: "adminKey" }));
      await completeSignIn(session);
    } catch (err) {
      const { message } = describeError(err);
      dispatch(loginFailure(message));
      setError(message);
      toast.error(message);
    }
  }

  return (
    <PublicFrame title="Owner sign in" subtitle="For business owners and provider support.">
      <form onSubmit={submit} noValidate aria-label="Owner sign in">
        <Stack spacing={2}>
          <TextField label="Username or email" autoComplete="username" autoFocus value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} size="small" />
          <TextField label="Password" type="password" autoComplete="current-password" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} size="small" error={Boolean(error)} helperText={error} />
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? "Signing in…" : "Sign in"}
          </Button>
          <MuiLink component={Link} to="/home" variant="body2">
            Back to the start
          </MuiLink>
        </Stack>
      </form>
    </PublicFrame>
  );
}
