import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { SupplyRecord } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { useTransferToStockMutation } from "../supplies-api.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";

/**
 * Move a supply's products from the supply store into sellable stock: how many of each (at most
 * what is left). The server raises the stock through the ledger and averages the cost price.
 * One Idempotency-Key per open dialog, so a retry after a lost answer moves the units once.
 */
export function TransferDialog({ supply, onClose }: { supply: SupplyRecord; onClose: () => void }) {
  const lines = supply.products.filter((p) => p.remaining > 0);
  const [move, { isLoading }] = useTransferToStockMutation();
  const [key] = useState(newIdempotencyKey);
  const [counts, setCounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((l) => [l.productId, String(l.remaining)])),
  );
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  async function submit() {
    const fields: Record<string, string> = {};
    const products: { productId: string; quantity: number }[] = [];
    for (const l of lines) {
      const text = (counts[l.productId] ?? "").trim();
      if (!text || text === "0") continue;
      const n = Number(text);
      if (!Number.isInteger(n) || n < 0) fields[l.productId] = t`Whole units only`;
      else if (n > l.remaining) fields[l.productId] = t`At most ${l.remaining}`;
      else products.push({ productId: l.productId, quantity: n });
    }
    if (Object.keys(fields).length) return setError({ message: t`Check the quantities`, fields });
    if (!products.length) return setError({ message: t`Enter how many to move`, fields: {} });
    try {
      await move({ id: supply._id, idempotencyKey: key, body: { products } }).unwrap();
      const units = products.reduce((n, p) => n + p.quantity, 0);
      toast.success(t`${units} units moved into stock`);
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" aria-labelledby="transfer-title">
      <DialogTitle id="transfer-title">
        <Trans>Move Supply #{supply.supplyNumber} into stock</Trans>
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="transfer-error">
            {error.message}
          </Alert>
        )}
        {lines.length === 0 ? (
          <Alert severity="info">
            <Trans>Everything in this supply is already in stock.</Trans>
          </Alert>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <Trans>Product</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Left in the supply store</Trans>
                  </TableCell>
                  <TableCell align="right">
                    <Trans>Move now</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.productId}>
                    <TableCell>{l.name}</TableCell>
                    <TableCell align="right">
                      {l.remaining} {l.unit}
                    </TableCell>
                    <TableCell align="right" sx={{ width: 130 }}>
                      <TextField
                        size="small"
                        value={counts[l.productId] ?? ""}
                        onChange={(e) => {
                          const value = e.target.value.replace(/[^\d]/g, "");
                          setCounts((c) => ({ ...c, [l.productId]: value }));
                        }}
                        error={Boolean(error?.fields[l.productId])}
                        helperText={error?.fields[l.productId]}
                        slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": t`Move how many ${l.name}` } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading || lines.length === 0}>
          <Trans>Move into stock</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
