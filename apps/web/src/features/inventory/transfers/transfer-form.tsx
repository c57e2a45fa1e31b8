import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import type { Business } from "@app/shared/businesses/business";
import { transferProductsInputSchema } from "@app/shared/inventory/transfer";
import { readTransferLines } from "@app/shared/inventory/transfer-lines";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useTransferProductsMutation } from "../api/transfers-api.ts";
import { CatalogActions } from "./catalog-actions.tsx";
import { ProductPicker } from "./product-picker.tsx";
import { TransferLines, type TransferLine } from "./transfer-lines.tsx";

/** Moves quantities of chosen products from this business to another of the same owner (all lines or none). */
export function TransferForm({ businessId, destinations }: { businessId: string; destinations: Business[] }) {
  const [toBusinessId, setTo] = useState(destinations[0]?._id ?? "");
  const [lines, setLines] = useState<TransferLine[]>([]);
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [transfer, { isLoading }] = useTransferProductsMutation();
  const destination = destinations.find((b) => b._id === toBusinessId);
  const read = readTransferLines(
    lines.map((l) => ({ productId: l.product._id, available: l.product.quantity, quantity: l.quantity })),
  );
  const units = read.products.reduce((n, l) => n + l.quantity, 0);

  function review() {
    const parsed = transferProductsInputSchema.safeParse({ businessId, toBusinessId, products: read.products, note });
    if (Object.keys(read.problems).length || !parsed.success) {
      setProblems({
        ...read.problems,
        ...(parsed.success || Object.keys(read.problems).length
          ? {}
          : { form: parsed.error.issues[0]?.message ?? "Check the transfer" }),
      });
      return;
    }
    setProblems({});
    setConfirming(true);
  }

  async function send() {
    try {
      const done = await transfer({ body: { businessId, toBusinessId, products: read.products, note }, key }).unwrap();
      toast.success(t`Transferred ${done.lines.reduce((n, l) => n + l.quantity, 0)} units to ${done.toBusinessName}`);
      setLines([]);
      setNote("");
      setKey(newIdempotencyKey());
    } catch (err) {
      if ((err as { status?: unknown }).status !== "FETCH_ERROR") setKey(newIdempotencyKey());
      setProblems({ form: describeError(err).message });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-label={t`Transfer stock`}>
      <Typography variant="h6" component="h2" gutterBottom>
        <Trans>Transfer stock to another business</Trans>
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2}>
          <TextField
            select
            size="small"
            label={t`To business`}
            value={toBusinessId}
            onChange={(e) => setTo(e.target.value)}
            sx={{ minWidth: 260 }}
          >
            {destinations.map((b) => (
              <MenuItem key={b._id} value={b._id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
          <ProductPicker
            businessId={businessId}
            exclude={new Set(lines.map((l) => l.product._id))}
            onPick={(product) => setLines((ls) => [...ls, { product, quantity: "1" }])}
          />
        </Stack>
        {lines.length > 0 ? (
          <TransferLines
            lines={lines}
            errors={problems}
            onChange={(id, quantity) =>
              setLines((ls) => ls.map((l) => (l.product._id === id ? { ...l, quantity } : l)))
            }
            onRemove={(id) => setLines((ls) => ls.filter((l) => l.product._id !== id))}
          />
        ) : (
          <Typography color="text.secondary">
            <Trans>Search for the products to move and add them here.</Trans>
          </Typography>
        )}
        <TextField
          size="small"
          label={t`Note (optional)`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {problems.form && <Alert severity="error">{problems.form}</Alert>}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between" }}>
          <Button variant="contained" onClick={review} disabled={lines.length === 0 || isLoading || !toBusinessId}>
            <Trans>Transfer</Trans>
          </Button>
          <CatalogActions businessId={businessId} destination={destination} />
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t`Transfer this stock?`}
        text={t`${units} units of ${read.products.length} product(s) leave this business and go to ${destination?.name ?? "the other business"}. Either every line moves or none does.`}
        confirmLabel={t`Transfer`}
        busy={isLoading}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
