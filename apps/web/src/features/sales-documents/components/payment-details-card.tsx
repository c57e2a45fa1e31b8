import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Button,
  Card,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import { useState } from "react";
import { toast } from "react-toastify";
import {
  PAYMENT_DETAIL_METHODS,
  type PaymentDetail,
  type PaymentDetailMethod,
} from "@app/shared/sales-documents/payment-detail";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import {
  useCreatePaymentDetailMutation,
  useDeletePaymentDetailMutation,
  useListPaymentDetailsQuery,
} from "../documents-api.ts";

const methodLabel = (m: PaymentDetailMethod) =>
  m === "M-Pesa Paybill" ? t`M-Pesa Paybill` : m === "M-Pesa Till" ? t`M-Pesa Till` : t`Bank account`;

/** Settings: how clients pay the business (paybill, till, bank account), printed on invoices and receipts. */
export function PaymentDetailsCard({ businessId }: { businessId: string }) {
  const { data = [], isError } = useListPaymentDetailsQuery(businessId);
  const [create, { isLoading }] = useCreatePaymentDetailMutation();
  const [remove, { isLoading: removing }] = useDeletePaymentDetailMutation();
  const [method, setMethod] = useState<PaymentDetailMethod>("M-Pesa Paybill");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PaymentDetail | null>(null);
  async function add() {
    try {
      await create({ businessId, method, details: details.trim() }).unwrap();
      setDetails("");
      setError(null);
      toast.success(t`Payment detail added`);
    } catch (err) {
      const d = describeError(err);
      setError(d.fields.details ?? d.message);
    }
  }
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          <Trans>Payment details</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          <Trans>How clients pay you: printed on invoices and receipts.</Trans>
        </Typography>
        {isError && <Alert severity="error">{t`The payment details could not be loaded.`}</Alert>}
        {data.length > 0 ? (
          <List dense data-testid="payment-details">
            {data.map((d) => (
              <ListItem
                key={d._id}
                disableGutters
                secondaryAction={
                  <IconButton edge="end" aria-label={t`Remove ${d.method}`} onClick={() => setDeleting(d)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={methodLabel(d.method)} secondary={d.details} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            <Trans>None yet.</Trans>
          </Typography>
        )}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ maxWidth: 640 }}>
          <TextField
            select
            size="small"
            label={t`Method`}
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentDetailMethod)}
            sx={{ minWidth: 170 }}
          >
            {PAYMENT_DETAIL_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {methodLabel(m)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            fullWidth
            label={t`Details`}
            placeholder={
              method === "Bank Account" ? t`Bank, branch, account number, account name` : t`Number (and account)`
            }
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <Button variant="contained" onClick={() => void add()} disabled={isLoading || details.trim().length < 3}>
            <Trans>Add</Trans>
          </Button>
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t`Remove this payment detail?`}
        text={deleting ? `${deleting.method}: ${deleting.details}` : ""}
        confirmLabel={t`Remove`}
        busy={removing}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          void remove(deleting!._id)
            .unwrap()
            .then(() => setDeleting(null))
            .catch((err: unknown) => toast.error(describeError(err).message))
        }
      />
    </Card>
  );
}
