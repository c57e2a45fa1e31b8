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
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import {
  SHA,
  VISIT_PAYMENT_METHODS,
  visitPaymentInputSchema,
  type Bill,
  type VisitPaymentMethod,
} from "@app/shared/clinic/bill";
import { formatKES, parseKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { newIdempotencyKey } from "../../../lib/idempotency-key.ts";
import { useGetBillQuery, useListOpenBillsQuery, usePayBillMutation } from "../../clinic/clinic-api.ts";

/**
 * The clinic's part of the Pharmacy POS: visit bills (consultation fee, lab tests, medicines)
 * paid by Cash, M-Pesa, Bank or recorded as an insurance/SHA claim. Its own file, so the till's
 * layout stays the POS's own.
 */
export function VisitBillsButton({ businessId }: { businessId: string }) {
  const [open, setOpen] = useState(false);
  const { data = [] } = useListOpenBillsQuery({ businessId }, { skip: !businessId, pollingInterval: 30_000 });
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-testid="visit-bills">
        <Trans>Visit bills ({data.length})</Trans>
      </Button>
      {open && <VisitBillsDialog businessId={businessId} onClose={() => setOpen(false)} />}
    </>
  );
}

const METHOD_LABELS = (): Record<VisitPaymentMethod, string> => ({
  Cash: t`Cash`,
  "M-Pesa": "M-Pesa",
  Bank: t`Bank`,
  Insurance: t`Insurance / SHA`,
});

function VisitBillsDialog({ businessId, onClose }: { businessId: string; onClose: () => void }) {
  const [q, setQ] = useState("");
  const [visitId, setVisitId] = useState<string | null>(null);
  const { data: bills = [], isLoading, isError } = useListOpenBillsQuery({ businessId, q: q.trim() || undefined });
  return (
    <ResponsiveDialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="visit-bills-title">
      <DialogTitle id="visit-bills-title">
        <Trans>Visit bills</Trans>
      </DialogTitle>
      <DialogContent>
        <Box
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 3fr)" },
            gap: 2,
          }}
        >
          <Box>
            <TextField
              size="small"
              fullWidth
              placeholder={t`Patient name or visit number`}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              slotProps={{ htmlInput: { "aria-label": t`Search visit bills` } }}
            />
            {isError && <Alert severity="error">{t`The bills could not be loaded.`}</Alert>}
            {!isLoading && bills.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                <Trans>No bills waiting for payment.</Trans>
              </Typography>
            )}
            <List dense aria-label={t`Visit bills`}>
              {bills.map((b) => (
                <ListItemButton key={b.visitId} selected={b.visitId === visitId} onClick={() => setVisitId(b.visitId)}>
                  <ListItemText
                    primary={`${b.patientName} · ${formatKES(b.balance)}`}
                    secondary={t`Visit ${b.visitNumber}`}
                  />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Box>
            {visitId ? (
              <BillPanel visitId={visitId} key={visitId} />
            ) : (
              <Alert severity="info">{t`Choose a bill.`}</Alert>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

function BillPanel({ visitId }: { visitId: string }) {
  const { data: bill, isLoading, isError } = useGetBillQuery(visitId);
  if (isLoading) return <Typography>{t`Loading`}</Typography>;
  if (isError || !bill) return <Alert severity="error">{t`The bill could not be loaded.`}</Alert>;
  return (
    <Stack spacing={1} data-testid="visit-bill">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {bill.patient.fullName} · <Trans>visit {bill.visitNumber}</Trans>
      </Typography>
      {bill.charges.map((c) => (
        <Box key={c._id} sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
          <Typography variant="body2">{c.description}</Typography>
          <Typography variant="body2">{formatKES(c.amount)}</Typography>
        </Box>
      ))}
      {bill.payments.map((p) => (
        <Box key={p._id} sx={{ display: "flex", justifyContent: "space-between", gap: 1, color: "success.main" }}>
          <Typography variant="body2">
            {METHOD_LABELS()[p.method]} {p.reference ?? p.insurer ?? ""}
          </Typography>
          <Typography variant="body2">-{formatKES(p.amount)}</Typography>
        </Box>
      ))}
      <Box sx={{ display: "flex", justifyContent: "space-between", fontWeight: 700 }}>
        <span>{t`Balance`}</span>
        <span data-testid="bill-balance">{formatKES(bill.balance)}</span>
      </Box>
      {bill.pendingPrescriptions > 0 && (
        <Alert severity="warning">
          <Trans>Medicines are still to be dispensed: the bill may grow.</Trans>
        </Alert>
      )}
      {bill.balance > 0 ? <PaymentForm bill={bill} /> : <Alert severity="success">{t`Paid in full`}</Alert>}
    </Stack>
  );
}

function PaymentForm({ bill }: { bill: Bill }) {
  const [pay, { isLoading }] = usePayBillMutation();
  const [method, setMethod] = useState<VisitPaymentMethod>("Cash");
  const [form, setForm] = useState({
    amount: (bill.balance / 100).toFixed(2),
    reference: "",
    insurer: SHA,
    memberNumber: bill.patient.memberNumber ?? "",
    preauthReference: "",
  });
  const [key, setKey] = useState(newIdempotencyKey);
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const field = (k: keyof typeof form, label: string) => (
    <TextField
      size="small"
      label={label}
      value={form[k]}
      onChange={set(k)}
      error={Boolean(fields[k])}
      helperText={fields[k]}
      fullWidth
    />
  );

  async function submit() {
    const amount = parseKES(form.amount);
    const insurance = method === "Insurance";
    const parsed = visitPaymentInputSchema.safeParse({
      method,
      amount: amount ?? -1,
      ...(method === "M-Pesa" || method === "Bank" ? { reference: form.reference } : {}),
      ...(insurance
        ? { insurer: form.insurer, memberNumber: form.memberNumber, preauthReference: form.preauthReference }
        : {}),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setFields(next);
    }
    try {
      const after = await pay({ id: bill.visitId, body: parsed.data, key }).unwrap();
      setFields({});
      setKey(newIdempotencyKey());
      toast.success(t`Payment of ${formatKES(parsed.data.amount)} recorded; balance ${formatKES(after.balance)}`);
    } catch (err) {
      setKey(newIdempotencyKey());
      setFields(describeError(err).fields);
      toast.error(describeError(err).message);
    }
  }

  return (
    <Stack
      spacing={1.5}
      component="form"
      aria-label={t`Take payment`}
      sx={{ pt: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        select
        size="small"
        label={t`Payment method`}
        value={method}
        onChange={(e) => setMethod(e.target.value as VisitPaymentMethod)}
      >
        {VISIT_PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {METHOD_LABELS()[m]}
          </MenuItem>
        ))}
      </TextField>
      {field("amount", t`Amount (KES)`)}
      {method === "M-Pesa" && field("reference", t`M-Pesa confirmation code`)}
      {method === "Bank" && field("reference", t`Bank reference`)}
      {method === "Insurance" && (
        <>
          {field("insurer", t`Insurer`)}
          {field("memberNumber", t`Member number`)}
          {field("preauthReference", t`Pre-authorisation reference`)}
        </>
      )}
      <Button type="submit" variant="contained" disabled={isLoading}>
        {method === "Insurance" ? <Trans>Record claim</Trans> : <Trans>Take payment</Trans>}
      </Button>
    </Stack>
  );
}
