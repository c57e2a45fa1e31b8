import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/DeleteOutlined";
import { Box, IconButton, MenuItem, TextField } from "@mui/material";
import { parseKES } from "@app/shared/money/money";
import { PAYMENT_METHODS, type PaymentMethod } from "@app/shared/sales/payment-rules";
import { MpesaTillPanel } from "./mpesa-till-panel.tsx";
import type { PaymentRow as Row } from "./payment-rows.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

/** Amount and cash tendered: half a phone's row each, a fixed width from a tablet up. */
const FIELD_WIDTH = { xs: "calc(50% - 4px)", sm: 130 };

type Props = {
  row: Row;
  businessId: string | undefined;
  /** The last row takes the focus. */
  last: boolean;
  /** A split: each row can be removed. */
  removable: boolean;
  onChange: (patch: Partial<Row>) => void;
  onRemove: () => void;
};

/** One payment of the checkout: method, amount, cash tendered or a reference, and M-Pesa's till panel. */
export function PaymentRow({ row: r, businessId, last, removable, onChange: update, onRemove }: Props) {
  return (
    <Box>
      <Box
        sx={{
          display: "flex",
          flexWrap: { xs: "wrap", sm: "nowrap" },
          gap: 1,
          mb: 1.5,
          alignItems: "flex-start",
        }}
        data-testid="payment-row"
      >
        <TextField
          select
          size="small"
          label={t`Method`}
          value={r.method}
          onChange={(e) => update({ method: e.target.value as PaymentMethod, mpesaPaymentId: undefined })}
          sx={{ width: { xs: "100%", sm: 150 } }}
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
          onChange={(e) => update({ amount: e.target.value, mpesaPaymentId: undefined })}
          sx={{ width: FIELD_WIDTH }}
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
          autoFocus={last}
        />
        {r.method === "Cash" && (
          <TextField
            size="small"
            label={t`Cash tendered`}
            value={r.tendered}
            onChange={(e) => update({ tendered: e.target.value })}
            sx={{ width: FIELD_WIDTH }}
            slotProps={{ htmlInput: { inputMode: "decimal" } }}
          />
        )}
        {(r.method === "M-Pesa" || r.method === "Bank Transfer") && (
          <TextField
            size="small"
            label={r.method === "M-Pesa" ? t`M-Pesa code` : t`Bank reference`}
            value={r.mpesaPaymentId && !r.reference ? t`To follow` : r.reference}
            onChange={(e) => update({ reference: e.target.value.toUpperCase() })}
            sx={{ width: { xs: "calc(50% - 4px)", sm: 150 } }}
            disabled={Boolean(r.mpesaPaymentId)}
          />
        )}
        {removable && (
          <IconButton aria-label={t`Remove this payment`} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
      {r.method === "M-Pesa" && businessId && (
        <MpesaTillPanel
          businessId={businessId}
          amount={parseKES(r.amount)}
          attached={r.mpesaPaymentId ?? null}
          onAttach={(p) => update({ mpesaPaymentId: p?._id, reference: p?.receipt ?? "" })}
        />
      )}
    </Box>
  );
}
