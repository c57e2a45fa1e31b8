import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { MenuItem, Skeleton, TextField, Typography } from "@mui/material";
import { ETIMS_DEFAULT_REFUND_REASON } from "@app/shared/etims/queue";
import type { Sale } from "@app/shared/sales/sale";
import { useGetEtimsRefundReasonsQuery } from "../../etims/etims-receipt-api.ts";

/**
 * KRA's refund reason for the credit note that cancels a voided sale's KRA receipt (code class 32,
 * the business's cached list). Shown only when the business has an eTIMS device and the sale goes
 * to KRA; left as it is, the credit note says 06 "Refund".
 */
export function RefundReasonField({
  sale,
  value,
  onChange,
}: {
  sale: Sale;
  value: string;
  onChange: (code: string) => void;
}) {
  const toKra = sale.etimsState !== "not_required";
  const { data, isLoading, isError } = useGetEtimsRefundReasonsQuery(sale.businessId, { skip: !toKra });
  if (!toKra) return null;
  if (isLoading) return <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} aria-label={t`Loading`} />;
  const fallback = (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ mt: 2 }}
      data-testid="void-kra-reason-note"
    >
      <Trans>KRA's refund reasons could not be loaded: the credit note to KRA will say "06 Refund".</Trans>
    </Typography>
  );
  if (isError) return fallback;
  if (!data?.connected) return null;
  if (!data.items.length) return fallback;
  const shown =
    value || (data.items.some((i) => i.code === ETIMS_DEFAULT_REFUND_REASON) ? ETIMS_DEFAULT_REFUND_REASON : "");
  return (
    <TextField
      select
      fullWidth
      sx={{ mt: 2 }}
      label={t`KRA refund code`}
      value={shown}
      onChange={(e) => onChange(e.target.value)}
      helperText={t`Told to KRA on the credit note that cancels this sale's KRA receipt.`}
      slotProps={{ htmlInput: { "data-testid": "void-kra-reason" } }}
    >
      {data.items.map((i) => (
        <MenuItem key={i.code} value={i.code}>
          {i.code} {i.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
