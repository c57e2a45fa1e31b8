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
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useListClinicServicesQuery, useRequestLabTestsMutation } from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";

/** The clinician asks the lab for tests of the price list, with a note to the lab. */
export function LabOrderDialog({ visitId, onClose }: { visitId: string; onClose: () => void }) {
  const { businessId } = useClinic();
  const { data: services = [] } = useListClinicServicesQuery(businessId, { skip: !businessId });
  const tests = services.filter((s) => s.kind === "lab" && s.active);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [note, setNote] = useState("");
  const [request, { isLoading }] = useRequestLabTestsMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (!chosen.size) return setError(t`Choose at least one test`);
    try {
      await request({ id: visitId, body: { tests: [...chosen].map((serviceId) => ({ serviceId, note })) } }).unwrap();
      toast.success(t`Lab request sent`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="lab-order-title">
      <DialogTitle id="lab-order-title">
        <Trans>Request lab tests</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {!tests.length && (
            <Alert severity="info">
              <Trans>No lab tests are on the price list yet: the owner adds them in Settings.</Trans>
            </Alert>
          )}
          {tests.map((s) => (
            <FormControlLabel
              key={s._id}
              control={
                <Checkbox
                  checked={chosen.has(s._id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(s._id);
                    else next.delete(s._id);
                    setChosen(next);
                  }}
                />
              }
              label={`${s.name} · ${formatKES(s.price)}`}
            />
          ))}
          <TextField
            size="small"
            label={t`Note to the lab`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          <Trans>Send to the lab</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
