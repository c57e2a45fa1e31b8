import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, formatKES } from "@app/shared/money/money";
import { expectedCashOf, type CashUp, type CashUpFigures } from "@app/shared/transactions/transaction";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { AmountField, centsOf } from "../../../components/amount-field.tsx";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { showPdf } from "../../../lib/pdf-files.ts";
import { useCashUpPreviewQuery, useCreateCashUpMutation, zReportUrl } from "../transactions-api.ts";

const ALL = "all";

function Row({ label, value, strong, tone }: { label: string; value: string; strong?: boolean; tone?: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }} color={tone}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * End-of-day cash-up of a till (a user) or of every till (the owner): what the ledger says the
 * drawer should hold (opening float + cash in - cash out), the cash counted, and the difference;
 * M-Pesa and bank beside it. Once recorded, its Z report can be printed.
 */
export function CashUpDialog({
  businessId,
  isOwner,
  onClose,
}: {
  businessId: string;
  isOwner: boolean;
  onClose: () => void;
}) {
  const token = useAppSelector((s) => s.session.user?.token);
  const { data, isLoading, isError } = useCashUpPreviewQuery(businessId, { refetchOnMountOrArgChange: true });
  const [record, { isLoading: saving }] = useCreateCashUpMutation();
  const [key] = useState(newIdempotencyKey);
  const [scope, setScope] = useState<string | null>(null);
  const [float, setFloat] = useState<string | null>(null);
  const [counted, setCounted] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CashUp | null>(null);

  const tills: CashUpFigures[] = data ? (isOwner ? [data.all, ...data.users] : data.users) : [];
  const chosenId = scope ?? (isOwner ? ALL : (tills[0]?.userId ?? ALL));
  const figures = tills.find((f) => (f.userId ?? ALL) === chosenId);
  const floatText = float ?? (figures ? formatCentsPlain(figures.suggestedFloat) : "");
  const floatCents = centsOf(floatText);
  const countedCents = centsOf(counted);
  const expected = figures && floatCents !== null ? expectedCashOf(figures, floatCents) : null;
  const difference = expected !== null && countedCents !== null ? countedCents - expected : null;

  async function save() {
    if (!figures || floatCents === null || countedCents === null)
      return setError(t`Enter the opening float and the cash counted.`);
    try {
      const made = await record({
        businessId,
        ...(figures.userId ? { userId: figures.userId } : {}),
        openingFloat: floatCents,
        countedCash: countedCents,
        note: "",
        idempotencyKey: key,
      }).unwrap();
      setDone(made);
      toast.success(t`Cash-up recorded: Z report #${made.zNumber}`);
    } catch (err) {
      setError(describeError(err).message);
    }
  }

  const tillName = (f: CashUpFigures) => f.userName ?? t`All tills`;
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="cash-up-title">
      <DialogTitle id="cash-up-title">{done ? t`Z report #${done.zNumber}` : t`End-of-day cash-up`}</DialogTitle>
      <DialogContent>
        {isLoading && <Typography>{t`Adding up the till…`}</Typography>}
        {isError && <Alert severity="error">{t`The till's figures could not be loaded.`}</Alert>}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {done ? (
          <Box data-testid="cash-up-result">
            <Row label={t`Expected cash`} value={formatKES(done.expectedCash)} strong />
            <Row label={t`Counted cash`} value={formatKES(done.countedCash)} strong />
            <Row
              label={t`Difference`}
              value={formatKES(done.difference)}
              strong
              tone={done.difference < 0 ? "error.main" : done.difference > 0 ? "warning.main" : "success.main"}
            />
          </Box>
        ) : (
          figures && (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                select
                size="small"
                label={t`Till`}
                value={chosenId}
                onChange={(e) => (setScope(e.target.value), setFloat(null))}
              >
                {tills.map((f) => (
                  <MenuItem key={f.userId ?? ALL} value={f.userId ?? ALL}>
                    {tillName(f)}
                  </MenuItem>
                ))}
              </TextField>
              <Box data-testid="cash-up-figures">
                <Row label={t`Cash in`} value={formatKES(figures.cashIn)} />
                <Row label={t`Cash out`} value={formatKES(figures.cashOut ? -figures.cashOut : 0)} />
                <Row
                  label={t`M-Pesa`}
                  value={t`${formatKES(figures.mpesaIn)} in · ${formatKES(figures.mpesaOut)} out`}
                />
                <Row label={t`Bank`} value={t`${formatKES(figures.bankIn)} in · ${formatKES(figures.bankOut)} out`} />
                <Typography variant="caption" color="text.secondary">
                  {t`${figures.movementCount} movements not yet cashed up.`}
                </Typography>
              </Box>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <AmountField label={t`Opening float`} value={floatText} onChange={setFloat} />
                <AmountField label={t`Counted cash`} value={counted} onChange={setCounted} autoFocus />
              </Stack>
              <Box>
                <Row label={t`Expected cash`} value={expected === null ? "-" : formatKES(expected)} strong />
                <Row
                  label={t`Difference`}
                  value={difference === null ? "-" : formatKES(difference)}
                  strong
                  tone={
                    difference === null || difference === 0 ? undefined : difference < 0 ? "error.main" : "warning.main"
                  }
                />
              </Box>
            </Stack>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done ? t`Close` : t`Cancel`}</Button>
        {done ? (
          <Button
            variant="contained"
            onClick={() => void showPdf(zReportUrl(done._id), token).catch((err: Error) => toast.error(err.message))}
          >
            <Trans>Print Z report</Trans>
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void save()} disabled={saving || !figures}>
            <Trans>Record cash-up</Trans>
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
