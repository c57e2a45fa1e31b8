import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDate, formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { ExpenseDialog } from "../components/expense-dialog.tsx";
import { ReceiptPhoto } from "../components/receipt-photo.tsx";
import { useDeleteExpenseMutation, useGetExpenseQuery } from "../expenses-api.ts";
import { paymentMethodLabel } from "../../../lib/i18n/payment-labels.ts";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || "-"}</Typography>
    </Grid>
  );
}

/** /expenses/{expenseId}: one expense, its receipt photo, edit and delete. */
export default function ExpensePage() {
  const { expenseId = "" } = useParams();
  const navigate = useNavigate();
  const business = useAppSelector((s) => s.business.current);
  const timeZone = business?.timeZone ?? DEFAULT_TIME_ZONE;
  const { data: e, isLoading, isError } = useGetExpenseQuery(expenseId);
  const [remove, { isLoading: removing }] = useDeleteExpenseMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const back = (
    <Button component={Link} to={pathTo("/expenses")}>
      <Trans>All expenses</Trans>
    </Button>
  );
  if (isLoading) return <FullPageSpinner />;
  if (isError || !e)
    return (
      <>
        <PageHeader title={t`Expense`} actions={back} />
        <Alert severity="error">{t`This expense could not be found.`}</Alert>
      </>
    );
  const live = !e.deletedAt;
  return (
    <>
      <PageHeader
        title={`${e.paidTo} · ${formatKES(e.amount)}`}
        subtitle={`${e.category} · ${formatDate(e.spentAt, timeZone)}`}
        actions={
          <>
            {back}
            {live && (
              <>
                <Button variant="outlined" onClick={() => setEditing(true)}>
                  <Trans>Edit</Trans>
                </Button>
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                  <Trans>Delete</Trans>
                </Button>
              </>
            )}
          </>
        }
      />
      <Stack spacing={2}>
        {!live && (
          <Alert severity="warning">{t`This expense was deleted; its money was put back in the cash book.`}</Alert>
        )}
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ mb: 2 }}>
              {e.etimsPurchaseId ? (
                <Chip
                  color="success"
                  label={t`eTIMS invoice from KRA: tax-deductible`}
                  data-testid="expense-kra-invoice"
                />
              ) : e.hasEtimsInvoice ? (
                <Chip color="success" label={t`Has an eTIMS invoice: tax-deductible`} />
              ) : (
                <Chip color="warning" variant="outlined" label={t`No eTIMS invoice: not tax-deductible`} />
              )}{" "}
              {e.fromTill && <Chip variant="outlined" label={t`Cash taken from the till`} />}
            </Box>
            <Grid container spacing={2}>
              <Field label={t`Amount`} value={formatKES(e.amount)} />
              <Field label={t`Paid by`} value={paymentMethodLabel(e.method)} />
              <Field label={t`Category`} value={e.category} />
              <Field label={t`Reference`} value={e.reference ?? ""} />
              <Field label={t`Note`} value={e.note} />
              <Field label={t`Recorded by`} value={`${e.recordedBy}, ${formatDateTime(e.createdAt, timeZone)}`} />
            </Grid>
          </CardContent>
        </Card>
        <ReceiptPhoto expense={e} readOnly={!live} />
      </Stack>
      {editing && business && (
        <ExpenseDialog businessId={business._id} timeZone={timeZone} expense={e} onClose={() => setEditing(false)} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t`Delete this expense?`}
        text={t`${e.paidTo} (${formatKES(e.amount)}) will be removed from the expenses and its money put back in the cash book.`}
        confirmLabel={t`Delete`}
        busy={removing}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void remove(e._id)
            .unwrap()
            .then(() => (toast.success(t`Expense deleted`), navigate(pathTo("/expenses"))))
            .catch((err: unknown) => toast.error(describeError(err).message))
        }
      />
    </>
  );
}
