import { Trans } from "@lingui/react/macro";
import { plural, t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { passwordSchema } from "@app/shared/accounts/auth";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { describeError } from "../../api/errors.ts";
import { useChangePasswordMutation, useLogoutOthersMutation } from "../accounts/account-security-api.ts";

const EMPTY = { currentPassword: "", newPassword: "", repeat: "" };

/**
 * The signed-in user's own security: an owner changes their password (every other device is then
 * signed out, the server does it), and anyone signs out their other devices (a lost phone).
 */
export function AccountSecurityCard({ canChangePassword }: { canChangePassword: boolean }) {
  const [form, setForm] = useState(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [change, changing] = useChangePasswordMutation();
  const [logoutOthers, endingOthers] = useLogoutOthersMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    if (!form.currentPassword) wrong.currentPassword = t`Required`;
    if (!passwordSchema.safeParse(form.newPassword).success) wrong.newPassword = t`At least 8 characters`;
    else if (form.newPassword === form.currentPassword) wrong.newPassword = t`Choose a password you have not used here`;
    if (form.repeat !== form.newPassword) wrong.repeat = t`The two new passwords differ`;
    setFields(wrong);
    setProblem("");
    if (Object.keys(wrong).length) return;
    try {
      await change({ currentPassword: form.currentPassword, newPassword: form.newPassword }).unwrap();
      setForm(EMPTY);
      toast.success(t`Password changed. Your other devices were signed out.`);
    } catch (err) {
      const described = describeError(err);
      if (described.fields.currentPassword) setFields({ currentPassword: t`This is not your current password` });
      else setProblem(described.message);
    }
  }

  async function endOthers() {
    try {
      const { ended } = await logoutOthers().unwrap();
      toast.success(
        plural(ended, {
          0: "No other device was signed in.",
          one: "# other device was signed out.",
          other: "# other devices were signed out.",
        }),
      );
    } catch (err) {
      toast.error(describeError(err).message);
    }
    setConfirming(false);
  }

  const input = (name: keyof typeof EMPTY, label: string, autoComplete: string) => ({
    name,
    label,
    type: "password",
    autoComplete,
    size: "small" as const,
    fullWidth: true,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
    error: Boolean(fields[name]),
    helperText: fields[name],
    disabled: changing.isLoading,
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Your password and devices</Trans>
        </Typography>
        {canChangePassword && (
          <Box
            component="form"
            onSubmit={(e) => void submit(e)}
            noValidate
            aria-label={t`Change password`}
            sx={{ mb: 3 }}
          >
            <Stack spacing={2} sx={{ maxWidth: 420 }}>
              <TextField {...input("currentPassword", t`Current password`, "current-password")} required />
              <TextField {...input("newPassword", t`New password`, "new-password")} required />
              <TextField {...input("repeat", t`New password again`, "new-password")} required />
              {problem && <Alert severity="error">{problem}</Alert>}
              <Box>
                <Button type="submit" variant="contained" disabled={changing.isLoading}>
                  {changing.isLoading ? t`Changing…` : t`Change password`}
                </Button>
              </Box>
            </Stack>
          </Box>
        )}
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            Lost a phone or signed in on someone else's computer? Sign out everywhere else; this device stays signed in.
          </Trans>
        </Typography>
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          <Trans>Sign out other devices</Trans>
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t`Sign out your other devices?`}
        text={t`Every other device signed in as you is signed out at once and must sign in again.`}
        confirmLabel={t`Sign out others`}
        busy={endingOthers.isLoading}
        onConfirm={() => void endOthers()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
