import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import { PRODUCT_CSV_COLUMNS } from "@app/shared/inventory/product-csv";
import { CsvProblemsTable } from "./csv-problems-table.tsx";
import { importLimitsText, useCsvImport, type ImportState } from "./use-csv-import.ts";

function Progress({ state }: { state: ImportState }) {
  if (state.step === "reading") return <Bar label={t`Reading the file…`} value={state.progress * 100} />;
  if (state.step === "checking") return <Bar label={t`Checking every row…`} />;
  if (state.step === "uploading")
    return <Bar label={t`Uploading ${state.rows.toLocaleString()} products…`} value={state.progress * 100} />;
  if (state.step === "processing") return <Bar label={t`Saving ${state.rows.toLocaleString()} products…`} />;
  return null;
}

function Bar({ label, value }: { label: string; value?: number }) {
  return (
    <Box>
      <Typography variant="body2" gutterBottom>
        {label}
      </Typography>
      <LinearProgress
        aria-label={label}
        variant={value === undefined ? "indeterminate" : "determinate"}
        value={value}
      />
    </Box>
  );
}

/** Import products from a CSV file: check all of it, show each bad row, then import all or nothing. */
export function CsvImportDialog({ onClose }: { onClose: () => void }) {
  const { state, choose, upload, reset } = useCsvImport();
  const busy =
    state.step === "reading" || state.step === "checking" || state.step === "uploading" || state.step === "processing";
  return (
    <ResponsiveDialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        <Trans>Import products from CSV</Trans>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            <Trans>
              Columns: {PRODUCT_CSV_COLUMNS.join(", ")}. Prices are in shillings (e.g. 120.50). Name and sellingPrice
              are required. The whole file is checked first and nothing is imported unless every row is valid.
            </Trans>
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="import-limits">
            {importLimitsText()}
          </Typography>
          {(state.step === "idle" || state.step === "invalid" || state.step === "ready") && (
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              sx={{ alignSelf: "flex-start" }}
            >
              <Trans>Choose CSV file</Trans>
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t`CSV file`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = "";
                  if (file) void choose(file);
                }}
              />
            </Button>
          )}
          <Progress state={state} />
          {state.step === "invalid" && (
            <>
              <Alert severity="error">{state.message}</Alert>
              {state.problems.length > 0 && <CsvProblemsTable problems={state.problems} />}
            </>
          )}
          {state.step === "ready" && (
            <Alert severity="success">
              <Trans>
                {state.fileName}: {state.rows.length.toLocaleString()} products, all valid. Import them now?
              </Trans>
            </Alert>
          )}
          {state.step === "done" && (
            <Alert severity="success">
              <Trans>Imported {state.created.toLocaleString()} products.</Trans>
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {state.step === "done" ? (
          <>
            <Button onClick={reset}>
              <Trans>Import another file</Trans>
            </Button>
            <Button variant="contained" onClick={onClose}>
              <Trans>Done</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              variant="contained"
              disabled={state.step !== "ready"}
              onClick={() => state.step === "ready" && void upload(state.rows)}
            >
              <Trans>Import</Trans>
            </Button>
          </>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
