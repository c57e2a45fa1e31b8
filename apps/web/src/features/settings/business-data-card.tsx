import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { BusinessSettings } from "@app/shared/businesses/business";
import { confirmsName, ERASE_AFTER_DAYS, exportFileName } from "@app/shared/businesses/business-data";
import { describeError } from "../../api/errors.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { ResponsiveDialog } from "../../components/responsive-dialog.tsx";
import { downloadFile } from "../../lib/download-file.ts";
import { businessesFetched } from "../../lib/session/business-slice.ts";
import { businessApi, useDeleteBusinessMutation } from "../businesses/business-api.ts";

/**
 * Settings, the owner's: all of the business's data as a ZIP (a CSV per table and the uploaded
 * pictures) at any time, and deleting the business: export first, then type its name out.
 * A deleted business is hidden at once and erased for good after 30 days (support can restore it until then).
 */
export function BusinessDataCard({ business }: { business: BusinessSettings }) {
  const token = useAppSelector((s) => s.session.user?.token ?? "");
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [typed, setTyped] = useState("");
  const [remove, removal] = useDeleteBusinessMutation();

  async function exportAll() {
    setExporting(true);
    setExportError("");
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile(`/api/businesses/${business._id}/export`, token, exportFileName(business.name, day));
      toast.success(t`Your data was downloaded`);
    } catch (err) {
      setExportError(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  }

  async function confirmDelete() {
    try {
      await remove({ id: business._id, confirmName: typed }).unwrap();
    } catch (err) {
      toast.error(describeError(err).message);
      return;
    }
    toast.success(t`${business.name} was deleted. Support can restore it within ${ERASE_AFTER_DAYS} days.`);
    setDeleting(false);
    setTyped("");
    const refresh = dispatch(businessApi.endpoints.listBusinesses.initiate(undefined, { forceRefetch: true }));
    try {
      dispatch(businessesFetched(await refresh.unwrap()));
    } catch (err) {
      toast.error(describeError(err).message);
    } finally {
      refresh.unsubscribe();
    }
  }

  const exportButton = (
    <Button
      variant="outlined"
      onClick={() => void exportAll()}
      disabled={exporting}
      startIcon={exporting ? <CircularProgress size={16} /> : undefined}
      data-testid="export-all-data"
    >
      {exporting ? <Trans>Preparing your data…</Trans> : <Trans>Export all data</Trans>}
    </Button>
  );

  return (
    <Card variant="outlined" data-testid="business-data-card">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Your data</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            Download everything this business holds (sales, stock, customers, staff, payments, pictures) as a ZIP file
            of spreadsheets (CSV). Keep it safe: it holds your customers' details.
          </Trans>
        </Typography>
        {exportError && (
          <Alert severity="error" sx={{ my: 1 }}>
            <Trans>The export failed: {exportError}</Trans>
          </Alert>
        )}
        {exportButton}
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" color="error" gutterBottom>
          <Trans>Delete this business</Trans>
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          <Trans>
            The business disappears at once for you and your staff. After {ERASE_AFTER_DAYS} days its data is erased for
            good; until then support can restore it. Export your data first.
          </Trans>
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setDeleting(true)} data-testid="delete-business">
          <Trans>Delete business…</Trans>
        </Button>
      </CardContent>
      <ResponsiveDialog open={deleting} onClose={() => setDeleting(false)}>
        <DialogTitle>
          <Trans>Delete {business.name}?</Trans>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">
              <Trans>
                Export your data first: after {ERASE_AFTER_DAYS} days nothing of this business can be recovered.
              </Trans>
            </Alert>
            <div>{exportButton}</div>
            <TextField
              label={t`Type the business's name to confirm`}
              placeholder={business.name}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              slotProps={{ htmlInput: { "data-testid": "delete-business-name" } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={!confirmsName(typed, business.name) || removal.isLoading}
            onClick={() => void confirmDelete()}
            data-testid="confirm-delete-business"
          >
            <Trans>Delete for good in {ERASE_AFTER_DAYS} days</Trans>
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </Card>
  );
}
