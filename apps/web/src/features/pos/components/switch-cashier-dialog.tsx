import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { PIN_PATTERN } from "@app/shared/accounts/pin";
import { baseApi } from "../../../api/base-api.ts";
import { describeError } from "../../../api/errors.ts";
import { useAppDispatch, useAppSelector } from "../../../app/hooks.ts";
import { loginSuccess } from "../../../lib/session/session-slice.ts";
import { usePinUsersQuery, useTillSwitchMutation } from "../../accounts/till-pin-api.ts";
/** The PIN switch (switch-cashier-button.tsx), loaded when the cashier opens it. */
export function SwitchDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((s) => s.session.user?.details._id);
  const users = usePinUsersQuery(businessId);
  const [switchTo, { isLoading }] = useTillSwitchMutation();
  const [employeeId, setEmployeeId] = useState("");
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const choices = (users.data ?? []).filter((u) => u._id !== me);

  async function submit() {
    if (!employeeId || !PIN_PATTERN.test(pin)) return;
    setError(null);
    try {
      const session = await switchTo({ businessId, employeeId, pin }).unwrap();
      dispatch(baseApi.util.resetApiState()); // the last cashier's data is not the new one's
      dispatch(loginSuccess(session));
      toast.success(t`${session.details.username} is now serving at this till`);
      onClose();
    } catch (err) {
      setPin("");
      setError(describeError(err).message);
    }
  }

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        <Trans>Switch cashier</Trans>
      </DialogTitle>
      <DialogContent>
        {users.isLoading && <CircularProgress size={24} aria-label={t`Loading`} />}
        {users.isError && (
          <Alert severity="error">
            <Trans>Staff could not be loaded. {describeError(users.error).message}</Trans>
          </Alert>
        )}
        {users.data && choices.length === 0 && (
          <Typography color="text.secondary" data-testid="switch-empty">
            <Trans>No other member of staff has a till PIN. The owner sets PINs on each employee's page.</Trans>
          </Typography>
        )}
        {choices.length > 0 && (
          <>
            <TextField
              select
              fullWidth
              size="small"
              margin="normal"
              label={t`Who is taking over?`}
              value={employeeId}
              onChange={(e) => setEmployeeId(e.target.value)}
              slotProps={{ htmlInput: { "data-testid": "switch-user" } }}
            >
              {choices.map((u) => (
                <MenuItem key={u._id} value={u._id} disabled={u.locked}>
                  {u.locked ? t`${u.name} (PIN locked)` : u.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth
              size="small"
              margin="normal"
              type="password"
              label={t`PIN`}
              value={pin}
              autoComplete="off"
              onChange={(e) => setPin(e.target.value.replace(/\D/g, "").slice(0, 6))}
              onKeyDown={(e) => e.key === "Enter" && void submit()}
              helperText={t`4 to 6 digits`}
              slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "switch-pin" } }}
            />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="switch-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!employeeId || !PIN_PATTERN.test(pin) || isLoading}
        >
          <Trans>Switch</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
