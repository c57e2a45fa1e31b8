import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, IconButton, MenuItem, Stack, TextField } from "@mui/material";
import { formatCentsPlain } from "@app/shared/money/money";
import { PAYMENT_METHODS } from "@app/shared/sales/payments";
import { restFor, type PaymentRow } from "../sale-edit.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

type Props = {
  rows: PaymentRow[];
  total: number;
  fields: Record<string, string>;
  onChange: (rows: PaymentRow[]) => void;
};

/** The payments of a sale: method, amount (shillings), cash tendered, M-Pesa or bank reference. */
export function PaymentRows({ rows, total, fields, onChange }: Props) {
  const set = (i: number, patch: Partial<PaymentRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1.5}>
      {rows.map((r, i) => (
        <Box
          key={i}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
          data-testid={`payment-row-${i}`}
        >
          <TextField
            select
            size="small"
            label={t`Method`}
            value={r.method}
            onChange={(e) => set(i, { method: e.target.value as PaymentRow["method"] })}
            sx={{ width: 160 }}
            error={Boolean(fields[`payments.${i}.method`])}
            helperText={fields[`payments.${i}.method`]}
          >
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {paymentMethodLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t`Amount (KES)`}
            value={r.amount}
            onChange={(e) => set(i, { amount: e.target.value })}
            sx={{ width: 150 }}
            error={Boolean(fields[`payments.${i}.amount`])}
            helperText={fields[`payments.${i}.amount`]}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
          {r.method === "Cash" && (
            <TextField
              size="small"
              label={t`Cash tendered`}
              value={r.tendered}
              onChange={(e) => set(i, { tendered: e.target.value })}
              sx={{ width: 150 }}
              error={Boolean(fields[`payments.${i}.tendered`])}
              helperText={fields[`payments.${i}.tendered`]}
              slotProps={{ htmlInput: { inputMode: "decimal" } }}
            />
          )}
          {(r.method === "M-Pesa" || r.method === "Bank Transfer") && (
            <TextField
              size="small"
              label={r.method === "M-Pesa" ? t`M-Pesa code` : t`Reference`}
              value={r.reference}
              onChange={(e) => set(i, { reference: e.target.value })}
              sx={{ width: 170 }}
              error={Boolean(fields[`payments.${i}.reference`])}
              helperText={fields[`payments.${i}.reference`]}
            />
          )}
          <Button
            size="small"
            sx={{ mt: 0.5 }}
            onClick={() => set(i, { amount: formatCentsPlain(restFor(total, rows, i)) })}
          >
            <Trans>The rest</Trans>
          </Button>
          <IconButton aria-label={t`Remove payment ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        sx={{ alignSelf: "flex-start" }}
        onClick={() =>
          onChange([
            ...rows,
            { method: "Cash", amount: formatCentsPlain(restFor(total, rows, -1)), tendered: "", reference: "" },
          ])
        }
      >
        <Trans>Add a payment</Trans>
      </Button>
    </Stack>
  );
}
