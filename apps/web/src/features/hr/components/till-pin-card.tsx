import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { pinSchema } from "@app/shared/accounts/pin";
import type { Employee } from "@app/shared/accounts/auth";
import { describeError } from "../../../api/errors.ts";
import { useSetTillPinMutation } from "../../accounts/till-pin-api.ts";

/** The owner sets a member of staff's till PIN (quick cashier switch); a new PIN also unlocks it. */
export function TillPinCard({ employee }: { employee: Employee }) {
  const [setTillPin, { isLoading }] = useSetTillPinMutation();
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function save(value: string | null) {
    if (value !== null) {
      const parsed = pinSchema.safeParse(value);
      if (!parsed.success) return setError(t`Enter a PIN of 4 to 6 digits`);
    }
    setError(null);
    try {
      await setTillPin({ employeeId: employee._id, pin: value }).unwrap();
      setPin("");
      toast.success(
        value === null
          ? t`${employee.username} can no longer switch in by PIN`
          : t`Till PIN set for ${employee.username}`,
      );
    } catch (err) {
      setError(describeError(err).message);
    }
  }
  return (
    <Card variant="outlined" data-testid="till-pin-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Till PIN</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            With a PIN, {employee.username} takes over a till that is already signed in (Switch on the till) without the
            password. After 5 wrong PINs it locks for 15 minutes; setting a new PIN unlocks it.
          </Trans>
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TextField
            size="small"
            type="password"
            label={t`New PIN`}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 6))}
            error={Boolean(error)}
            helperText={error ?? t`4 to 6 digits`}
            autoComplete="new-password"
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "till-pin" } }}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={() => void save(pin)} disabled={isLoading || !pin}>
            <Trans>Set PIN</Trans>
          </Button>
          <Button color="warning" onClick={() => void save(null)} disabled={isLoading}>
            <Trans>Remove PIN</Trans>
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
