import UploadFileIcon from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import { PRODUCT_CSV_COLUMNS } from "@app/shared/inventory/product-csv";
import { CsvProblemsTable } from "./csv-problems-table.tsx";
import { useCsvImport, type ImportState } from "./use-csv-import.ts";

function Progress({ state }: { state: ImportState }) {
  if (state.step === "reading") return <Bar label="Reading the file…" value={state.progress * 100} />;
  if (state.step === "checking") return <Bar label="Checking every row…" />;
  if (state.step === "uploading")
    return <Bar label={`Uploading ${state.rows.toLocaleString()} products…`} value={state.progress * 100} />;
  if (state.step === "processing") return <Bar label={`Saving ${state.rows.toLocaleString()} products…`} />;
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
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>Import products from CSV</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Columns: {PRODUCT_CSV_COLUMNS.join(", ")}. Prices are in shillings (e.g. 120.50). Name and sellingPrice are
            required. The whole file is checked first and nothing is imported unless every row is valid.
          </Typography>
          {(state.step === "idle" || state.step === "invalid" || state.step === "ready") && (
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              sx={{ alignSelf: "flex-start" }}
            >
              Choose CSV file
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
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
              {state.fileName}: {state.rows.length.toLocaleString()} products, all valid. Import them now?
            </Alert>
          )}
          {state.step === "done" && (
            <Alert severity="success">Imported {state.created.toLocaleString()} products.</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {state.step === "done" ? (
          <>
            <Button onClick={reset}>Import another file</Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="contained"
              disabled={state.step !== "ready"}
              onClick={() => state.step === "ready" && void upload(state.rows)}
            >
              Import
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
