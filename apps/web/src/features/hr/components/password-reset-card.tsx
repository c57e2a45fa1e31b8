import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { passwordSchema, type Employee } from "@app/shared/accounts/auth";
import { describeError } from "../../../api/errors.ts";
import { useUpdateEmployeeMutation } from "../hr-api.ts";

/** The owner sets a new password for a member of staff; their sessions end. */
export function PasswordResetCard({ employee }: { employee: Employee }) {
  const [update, { isLoading }] = useUpdateEmployeeMutation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function reset() {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    try {
      await update({ id: employee._id, body: { password } }).unwrap();
      setPassword("");
      toast.success(t`New password set for ${employee.username}; they are signed out everywhere`);
    } catch (err) {
      const described = describeError(err);
      setError(described.fields.password ?? described.message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Password reset</Trans>
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            size="small"
            type="password"
            label={t`New password`}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? t`At least 8 characters; their sessions end`}
            autoComplete="new-password"
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={() => void reset()} disabled={isLoading || !password}>
            <Trans>Set password</Trans>
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
