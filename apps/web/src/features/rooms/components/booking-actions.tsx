import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { formatKES, parseKES } from "@app/shared/money/money";
import type { Booking } from "@app/shared/rooms/booking";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { useAddChargeMutation, useCancelBookingMutation, useCheckOutMutation } from "../rooms-api.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";
import { useHotel } from "./use-hotel.ts";

/**
 * Check-out: with the bill settled, the guest leaves and the room goes to cleaning. With a
 * balance owed, only the owner may let the guest go (an override with a reason, recorded).
 */
export function CheckOutDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { isAdmin } = useHotel();
  const [checkOut, { isLoading }] = useCheckOutMutation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const owing = booking.bill.balance > 0;

  async function submit(override: boolean) {
    setError(null);
    try {
      await checkOut({ id: booking._id, body: { override, ...(override ? { reason: reason.trim() } : {}) } }).unwrap();
      toast.success(t`${booking.guestName} checked out of room ${booking.room.name}`);
      onClose();
    } catch (err) {
      const described = describeError(err);
      if (errorCodeOf(err) === ERROR_CODES.BILL_BALANCE_DUE)
        described.message = t`The bill still owes ${formatKES(booking.bill.balance)}: take payment first.`;
      setError(described);
    }
  }
  return (
    <ResponsiveDialog
      open
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="checkout-title"
    >
      <DialogTitle id="checkout-title">
        <Trans>Check out {booking.guestName}?</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        {!owing ? (
          <Typography>
            <Trans>The bill is settled. Room {booking.room.name} will be set to cleaning.</Trans>
          </Typography>
        ) : isAdmin ? (
          <Stack spacing={2}>
            <Alert severity="warning">
              <Trans>
                The bill still owes {formatKES(booking.bill.balance)}. As the owner you may let the guest leave owing
                it.
              </Trans>
            </Alert>
            <TextField
              size="small"
              label={t`Why the guest leaves owing`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={Boolean(error?.fields.reason)}
              helperText={error?.fields.reason}
            />
          </Stack>
        ) : (
          <Alert severity="warning">
            <Trans>
              The bill still owes {formatKES(booking.bill.balance)}. Take payment first; only the owner can let a guest
              leave owing.
            </Trans>
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          <Trans>Cancel</Trans>
        </Button>
        {!owing && (
          <Button variant="contained" onClick={() => void submit(false)} disabled={isLoading}>
            <Trans>Check out</Trans>
          </Button>
        )}
        {owing && isAdmin && (
          <Button
            color="warning"
            variant="contained"
            onClick={() => void submit(true)}
            disabled={isLoading || !reason.trim()}
          >
            <Trans>Check out owing</Trans>
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** Cancels a booking not yet checked in, after asking; its nights are freed, the record stays. */
export function CancelBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [cancel, { isLoading }] = useCancelBookingMutation();
  return (
    <ReasonDialog
      id="cancel-title"
      title={<Trans>Cancel this booking?</Trans>}
      confirmLabel={<Trans>Cancel booking</Trans>}
      busy={isLoading}
      onClose={onClose}
      onConfirm={async (reason) => {
        await cancel({ id: booking._id, reason: reason || undefined }).unwrap();
        toast.success(t`Booking for ${booking.guestName} cancelled`);
      }}
    >
      <Typography sx={{ mb: 2 }}>
        <Trans>Room {booking.room.name} becomes free for these nights. Payments already taken stay on the bill.</Trans>
      </Typography>
    </ReasonDialog>
  );
}

/** A charge added to the bill by hand (laundry, minibar, transport). */
export function ChargeDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const [add, { isLoading }] = useAddChargeMutation();
  const [description, setDescription] = useState("");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  async function submit() {
    setError(null);
    const cents = parseKES(amount.trim());
    if (!cents) {
      setError({ message: t`Enter an amount like 500 or 500.50`, fields: { amount: t`Not an amount` } });
      return;
    }
    try {
      await add({ id: booking._id, body: { description: description.trim(), amount: cents } }).unwrap();
      toast.success(t`${formatKES(cents)} added to ${booking.guestName}'s bill`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }
  return (
    <ResponsiveDialog
      open
      onClose={isLoading ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="charge-title"
    >
      <DialogTitle id="charge-title">
        <Trans>Add a charge</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error.message}
          </Alert>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            size="small"
            label={t`What for`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            autoFocus
            error={Boolean(error?.fields.description)}
            helperText={error?.fields.description}
          />
          <MoneyInput
            size="small"
            label={t`Amount`}
            value={amount}
            onChange={setAmount}
            error={Boolean(error?.fields.amount)}
            helperText={error?.fields.amount}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Add</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
