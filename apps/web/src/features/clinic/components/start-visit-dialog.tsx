import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES } from "@app/shared/money/money";
import type { Patient } from "@app/shared/clinic/patient";
import { describeError } from "../../../api/errors.ts";
import { useCreateConsultationMutation, useListClinicServicesQuery } from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";

/** Queue a visit for a patient, with the consultation service whose fee goes on the bill. */
export function StartVisitDialog({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { businessId } = useClinic();
  // The price list must have loaded before the visit can be queued: a quick click while it loads
  // would queue the visit without its consultation fee (issue 33 item 5).
  const {
    data: services = [],
    isSuccess: servicesLoaded,
    isError: servicesFailed,
    error: servicesError,
    refetch,
  } = useListClinicServicesQuery(businessId, { skip: !businessId });
  const consultations = services.filter((s) => s.kind === "consultation" && s.active);
  const [serviceId, setServiceId] = useState<string>("");
  const [start, { isLoading }] = useCreateConsultationMutation();
  const [error, setError] = useState<string | null>(null);
  const chosen = serviceId || consultations[0]?._id || "";

  async function submit() {
    try {
      const visit = await start({ businessId, patientId: patient._id, serviceId: chosen || null }).unwrap();
      toast.success(t`${patient.fullName} is in the queue (visit ${visit.visitNumber})`);
      onClose();
    } catch (err) {
      setError(describeError(err).message);
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="start-visit-title">
      <DialogTitle id="start-visit-title">
        <Trans>Start a visit for {patient.fullName}</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {!servicesLoaded && !servicesFailed && (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography variant="body2">
                <Trans>Loading the price list…</Trans>
              </Typography>
            </Stack>
          )}
          {servicesFailed && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void refetch()}>
                  <Trans>Retry</Trans>
                </Button>
              }
            >
              <Trans>The price list could not be loaded. {describeError(servicesError).message}</Trans>
            </Alert>
          )}
          {!servicesLoaded ? null : consultations.length ? (
            <TextField
              select
              size="small"
              label={t`Consultation`}
              value={chosen}
              onChange={(e) => setServiceId(e.target.value)}
            >
              {consultations.map((s) => (
                <MenuItem key={s._id} value={s._id}>
                  {s.name} · {formatKES(s.price)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Alert severity="info">
              <Trans>No consultation fee is on the price list (Settings): the visit starts without one.</Trans>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading || !servicesLoaded}>
          <Trans>Queue visit</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
