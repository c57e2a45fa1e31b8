import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { allergyMatches } from "@app/shared/clinic/allergy";
import type { Prescription } from "@app/shared/clinic/visit";
import { ERROR_CODES } from "@app/shared/errors/errors";
import { describeError, errorCodeOf } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useDispenseMutation } from "../clinic-api.ts";

/**
 * Dispense one prescription: the server takes the units from the batches that expire first and
 * puts the medicine on the visit's bill. A recorded allergy that concerns the medicine must be
 * confirmed (the server refuses without it: ALLERGY_WARNING).
 */
export function DispenseDialog({ rx, onClose }: { rx: Prescription; onClose: () => void }) {
  const [dispense, { isLoading }] = useDispenseMutation();
  const [key, setKey] = useState(newIdempotencyKey);
  const allergens = allergyMatches(rx.patient.allergies, rx.medicine);
  const [warned, setWarned] = useState(allergens.length > 0);
  const [acknowledged, setAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setError(null);
    try {
      const done = await dispense({ id: rx._id, acknowledgeAllergy: acknowledged, key }).unwrap();
      toast.success(t`${rx.medicine} × ${rx.quantity} dispensed to ${rx.patient.fullName}`);
      void done;
      onClose();
    } catch (err) {
      // A refused attempt saved nothing: the next one is a new request with its own key.
      setKey(newIdempotencyKey());
      if (errorCodeOf(err) === ERROR_CODES.ALLERGY_WARNING) setWarned(true);
      setError(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="dispense-title">
      <DialogTitle id="dispense-title">
        <Trans>
          Dispense {rx.medicine} to {rx.patient.fullName}
        </Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            {rx.dose}, {rx.frequency}
            {rx.durationDays ? ` × ${rx.durationDays} ${t`days`}` : ""} ·{" "}
            <b>
              {rx.quantity} {rx.unit}
            </b>
          </Typography>
          {rx.instructions && <Typography color="text.secondary">{rx.instructions}</Typography>}
          <Typography variant="body2" color="text.secondary">
            <Trans>
              Prescribed by {rx.prescribedBy}. The batch that expires first is taken; expired batches never are.
            </Trans>
          </Typography>
          {error && (
            <Alert severity="error" data-testid="dispense-error">
              {error}
            </Alert>
          )}
          {warned && (
            <Alert severity="warning" data-testid="allergy-warning">
              <Trans>Recorded allergies: {rx.patient.allergies}</Trans>
              <FormControlLabel
                sx={{ display: "flex", mt: 1 }}
                control={<Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />}
                label={t`I checked the allergy with the clinician: dispense anyway`}
              />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading || (warned && !acknowledged)}>
          <Trans>Dispense</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
