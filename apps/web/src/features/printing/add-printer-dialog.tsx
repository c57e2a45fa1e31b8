import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../components/responsive-dialog.tsx";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import {
  createPrinterInputSchema,
  DEFAULT_PRINTER_PORT,
  PAPER_WIDTHS,
  PRINTER_ROLES,
  type Printer,
} from "@app/shared/printing/printer";
import { describeError } from "../../api/errors.ts";
import { useCreatePrinterMutation } from "./printers-api.ts";

type Form = {
  name: string;
  kind: Printer["kind"];
  role: Printer["role"];
  host: string;
  port: string;
  paperWidth: Printer["paperWidth"];
};
const EMPTY: Form = {
  name: "",
  kind: "network",
  role: "receipt",
  host: "",
  port: String(DEFAULT_PRINTER_PORT),
  paperWidth: 80,
};
const ROLE_LABELS: Record<Printer["role"], string> = { receipt: "Receipts", kitchen: "Kitchen tickets" };

/** Adds a network ESC/POS printer (IP and port) or the browser's print dialog, checked by the API's own schema. */
export function AddPrinterDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [create, { isLoading }] = useCreatePrinterMutation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const network = form.kind === "network";
  async function save() {
    const input = {
      businessId,
      name: form.name,
      kind: form.kind,
      role: form.role,
      paperWidth: form.paperWidth,
      ...(network ? { host: form.host, port: Number(form.port) } : {}),
    };
    const parsed = createPrinterInputSchema.safeParse(input);
    if (!parsed.success)
      return setFields(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setFields({});
    try {
      const printer = await create(parsed.data).unwrap();
      toast.success(t`Printer ${printer.name} added`);
      onClose();
    } catch (err) {
      const described = describeError(err);
      setError(described.message);
      setFields(described.fields);
    }
  }
  const field = (key: keyof Form) => ({ error: Boolean(fields[key]), helperText: fields[key] });
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        <Trans>Add a printer</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={form.kind}
            onChange={(_, kind: Printer["kind"] | null) => kind && setForm({ ...form, kind })}
            aria-label={t`Printer kind`}
          >
            <ToggleButton value="network">
              <Trans>Network (IP)</Trans>
            </ToggleButton>
            <ToggleButton value="browser">
              <Trans>Browser print dialog</Trans>
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t`Name`}
            size="small"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            placeholder={t`Counter printer`}
            {...field("name")}
            autoFocus
          />
          {network && (
            <Stack direction="row" spacing={1}>
              <TextField
                label={t`IP address`}
                size="small"
                value={form.host}
                onChange={(e) => setForm({ ...form, host: e.target.value })}
                placeholder="192.168.1.50"
                sx={{ flex: 1 }}
                {...field("host")}
              />
              <TextField
                label={t`Port`}
                size="small"
                value={form.port}
                onChange={(e) => setForm({ ...form, port: e.target.value.replace(/\D/g, "") })}
                sx={{ width: 100 }}
                {...field("port")}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
            </Stack>
          )}
          <TextField
            select
            label={t`Prints`}
            size="small"
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as Printer["role"] })}
          >
            {PRINTER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t`Paper`}
            size="small"
            value={form.paperWidth}
            onChange={(e) => setForm({ ...form, paperWidth: Number(e.target.value) as Printer["paperWidth"] })}
          >
            {[...PAPER_WIDTHS].reverse().map((w) => (
              <MenuItem key={w} value={w}>
                <Trans>{w} mm</Trans>
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
          <Trans>Add printer</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
