import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { useState } from "react";
import { toast } from "react-toastify";
import { receiveBatchInputSchema } from "@app/shared/inventory/batch";
import type { Product } from "@app/shared/inventory/product";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useListBatchesQuery, useReceiveBatchMutation } from "../api/stock-api.ts";

/**
 * Batches of a product (medicines of a clinic's pharmacy): units received under a batch number
 * and expiry date. Receiving adds the units to stock through the ledger; dispensing takes the
 * batch that expires first and never an expired one.
 */
export function BatchesCard({ product, canManage }: { product: Product; canManage: boolean }) {
  const { data: batches = [], isError } = useListBatchesQuery(product._id);
  const [receive, { isLoading }] = useReceiveBatchMutation();
  const [form, setForm] = useState({ batchNumber: "", expiryDate: "", quantity: "" });
  const [key, setKey] = useState(newIdempotencyKey);
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit() {
    const parsed = receiveBatchInputSchema.safeParse({ ...form, quantity: Number(form.quantity) || 0 });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setFields(next);
    }
    try {
      const b = await receive({ id: product._id, body: parsed.data, key }).unwrap();
      toast.success(t`Batch ${b.batchNumber} received: ${parsed.data.quantity} ${product.unit}`);
      setForm({ batchNumber: "", expiryDate: "", quantity: "" });
      setFields({});
    } catch (err) {
      setFields(describeError(err).fields);
      toast.error(describeError(err).message);
    }
    setKey(newIdempotencyKey());
  }

  if (!canManage && batches.length === 0) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          <Trans>Batches</Trans>
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          <Trans>
            For medicines: each delivery under its batch number and expiry date. The batch that expires first is
            dispensed first.
          </Trans>
        </Typography>
        {isError && <Alert severity="error">{t`The batches could not be loaded.`}</Alert>}
        {batches.length > 0 && (
          <TableContainer sx={{ overflowX: "auto", mb: 2 }}>
            <Table size="small" aria-label={t`Batches`} data-testid="batches">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Batch</Trans>
                  </TableCell>
                  <TableCell>
                    <Trans>Expires</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Left</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Received</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {batches.map((b) => (
                  <TableRow key={b._id}>
                    <TableCell>{b.batchNumber}</TableCell>
                    <TableCell>
                      {b.expiryDate} {b.expired && <Chip size="small" color="error" label={t`Expired`} />}
                    </TableCell>
                    <TableCell align="right">{b.quantity}</TableCell>
                    <TableCell align="right">{b.received}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {canManage && (
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={2}
            component="form"
            aria-label={t`Receive a batch`}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <TextField
              size="small"
              label={t`Batch number`}
              value={form.batchNumber}
              onChange={set("batchNumber")}
              error={Boolean(fields.batchNumber)}
              helperText={fields.batchNumber}
            />
            <TextField
              size="small"
              type="date"
              label={t`Expiry date`}
              value={form.expiryDate}
              onChange={set("expiryDate")}
              error={Boolean(fields.expiryDate)}
              helperText={fields.expiryDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              label={t`Quantity`}
              value={form.quantity}
              onChange={set("quantity")}
              error={Boolean(fields.quantity)}
              helperText={fields.quantity}
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={isLoading}>
                <Trans>Receive batch</Trans>
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
