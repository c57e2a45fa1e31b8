import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { formatKES, parseKES } from "@app/shared/money/money";
import type { TicketLine } from "@app/shared/pos/cart";
import type { LineAdjustment, TicketDiscount } from "@app/shared/pos/discounts";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";

type Kind = "percent" | "amount" | "price";

type Props = {
  open: boolean;
  /** The line to discount, or null for the whole ticket. */
  line: TicketLine | null;
  /** The ticket's discount now (ticket mode). */
  current: TicketDiscount | LineAdjustment | null;
  currentReason: string;
  /** The cashier's own limit: beyond it the owner's PIN is asked at checkout. */
  limit: number;
  onApply: (adjustment: LineAdjustment | null, reason: string) => void;
  onClose: () => void;
};

const initialValue = (a: Props["current"]) =>
  !a
    ? ""
    : a.type === "percent"
      ? String(a.percent)
      : a.type === "amount"
        ? String(a.amount / 100)
        : String(a.unitPrice / 100);

/**
 * A discount or price override at the till (issue 31): a percentage or an amount off a line or
 * the whole ticket, or a new price for a line, with a reason. Enter applies. The server prices
 * it again and checks the cashier's limit; beyond the limit the checkout asks for the owner's PIN.
 */
export function DiscountDialog({ open, line, current, currentReason, limit, onApply, onClose }: Props) {
  const [kind, setKind] = useState<Kind>(current?.type ?? "percent");
  const [value, setValue] = useState(initialValue(current));
  const [reason, setReason] = useState(currentReason);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setKind(current?.type ?? "percent");
    setValue(initialValue(current));
    setReason(currentReason);
    setError(null);
  }, [open, current, currentReason]);

  function parse(): LineAdjustment | null | undefined {
    if (value.trim() === "") return null;
    if (kind === "percent") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 100) return void setError(t`Enter a whole percent from 1 to 100`);
      return { type: "percent", percent: n };
    }
    const cents = parseKES(value);
    if (cents === null || cents < 0) return void setError(t`Enter an amount like 50 or 49.50`);
    return kind === "amount" ? { type: "amount", amount: cents } : { type: "price", unitPrice: cents };
  }
  const apply = () => {
    const a = parse();
    if (a === undefined) return;
    onApply(a, reason);
  };

  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{line ? t`Discount on ${line.name}` : t`Discount on the ticket`}</DialogTitle>
      <DialogContent
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            apply();
          }
        }}
      >
        <Stack spacing={2} sx={{ mt: 1 }}>
          {line && (
            <Typography color="text.secondary">
              <Trans>
                List price {formatKES(line.unitPrice)} x {line.quantity}
              </Trans>
            </Typography>
          )}
          <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_e, k: Kind | null) => k && setKind(k)}>
            <ToggleButton value="percent">{t`Percent off`}</ToggleButton>
            <ToggleButton value="amount">{t`Amount off`}</ToggleButton>
            {line && <ToggleButton value="price">{t`New price`}</ToggleButton>}
          </ToggleButtonGroup>
          <TextField
            autoFocus
            size="small"
            label={kind === "percent" ? t`Percent` : kind === "amount" ? t`Amount (KES)` : t`Price each (KES)`}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "discount-value" } }}
            helperText={t`Empty: no discount. Up to ${limit}% without the owner's PIN.`}
          />
          <TextField
            size="small"
            label={t`Reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value.slice(0, 120))}
            slotProps={{ htmlInput: { "data-testid": "discount-reason" } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={apply} sx={{ minHeight: 44 }}>
          <Trans>Apply (Enter)</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
