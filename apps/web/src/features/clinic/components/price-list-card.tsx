import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatKES, parseKES } from "@app/shared/money/money";
import { SERVICE_KINDS, type ClinicService, type ServiceKind } from "@app/shared/clinic/services";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  useCreateClinicServiceMutation,
  useDeleteClinicServiceMutation,
  useListClinicServicesQuery,
} from "../clinic-api.ts";
import { useClinic } from "../use-clinic.ts";

const kindName = (k: ServiceKind) => (k === "consultation" ? t`Consultation` : t`Lab test`);

/** Settings of a clinic (owner): the price list of consultations (the visit fee) and lab tests. */
export function PriceListCard() {
  const { businessId } = useClinic();
  const { data = [], isError } = useListClinicServicesQuery(businessId, { skip: !businessId });
  const [create, { isLoading }] = useCreateClinicServiceMutation();
  const [remove, removal] = useDeleteClinicServiceMutation();
  const [form, setForm] = useState({ kind: "consultation" as ServiceKind, name: "", price: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<ClinicService | null>(null);

  async function add() {
    const price = parseKES(form.price);
    if (price === null) return setFields({ price: t`Enter an amount in KES` });
    try {
      const s = await create({ businessId, kind: form.kind, name: form.name, price }).unwrap();
      toast.success(t`${s.name} added to the price list`);
      setForm({ ...form, name: "", price: "" });
      setFields({});
    } catch (err) {
      setFields(describeError(err).fields);
      toast.error(describeError(err).message);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Clinic price list</Trans>
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>Consultations (the fee of a visit) and lab tests go on the patient's bill at these prices.</Trans>
        </Typography>
        {isError && <Alert severity="error">{t`The price list could not be loaded.`}</Alert>}
        {data.length > 0 && (
          <TableContainer sx={{ overflowX: "auto", mb: 2 }}>
            <Table size="small" aria-label={t`Clinic price list`} data-testid="price-list">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Service</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Kind</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Price</Trans>
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((s) => (
                  <TableRow key={s._id} sx={{ opacity: s.active ? 1 : 0.5 }}>
                    <TableCell>{s.name}</TableCell>
                    <TableCell>{kindName(s.kind)}</TableCell>
                    <TableCell align="right">{formatKES(s.price)}</TableCell>
                    <TableCell align="right">
                      {s.active && (
                        <IconButton size="small" aria-label={t`Remove ${s.name}`} onClick={() => setRemoving(s)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          component="form"
          aria-label={t`Add to the price list`}
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextField
            select
            size="small"
            label={t`Kind`}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as ServiceKind })}
            sx={{ minWidth: 160 }}
          >
            {SERVICE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {kindName(k)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Name`}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            error={Boolean(fields.name)}
            helperText={fields.name}
          />
          <TextField
            size="small"
            label={t`Price (KES)`}
            value={form.price}
            onChange={(e) => setForm({ ...form, price: e.target.value })}
            error={Boolean(fields.price)}
            helperText={fields.price}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isLoading}>
              <Trans>Add</Trans>
            </Button>
          </Box>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={Boolean(removing)}
        title={t`Remove ${removing?.name ?? ""}?`}
        text={t`A service already used on a bill is switched off, so past bills keep it; an unused one is deleted.`}
        confirmLabel={t`Remove`}
        busy={removal.isLoading}
        onConfirm={() => {
          if (removing)
            void remove(removing._id)
              .unwrap()
              .then(() => toast.success(t`${removing.name} removed`))
              .catch((err: unknown) => toast.error(describeError(err).message));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
