import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDate, formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { SupplierPaymentDialog } from "../components/supplier-payment-dialog.tsx";
import { TransferDialog } from "../components/transfer-dialog.tsx";
import { useGetSupplyQuery, useSupplyTransferLogQuery } from "../supplies-api.ts";

const Field = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Grid size={{ xs: 6, md: 3 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="div" sx={{ fontWeight: 600 }} data-testid={testId}>
      {children || "-"}
    </Typography>
  </Grid>
);

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card variant="outlined" sx={{ mb: 3 }}>
    <CardHeader title={title} slotProps={{ title: { variant: "h6" } }} />
    <CardContent sx={{ pt: 0 }}>
      <Box sx={{ overflowX: "auto" }} data-testid={testId}>
        {children}
      </Box>
    </CardContent>
  </Card>
);

/**
 * /supplier/credit/{id}: one supply: what came, what is in stock and what still waits in the
 * supply store, what was paid and is owed (Pending, Partial, Cleared), the payment history
 * (newest first) and the moves into stock; pay the supplier and move goods from here.
 */
export default function SupplyPage() {
  const { id = "" } = useParams();
  const business = useAppSelector((s) => s.business.current);
  const supply = useGetSupplyQuery(id, { refetchOnMountOrArgChange: true });
  const transfers = useSupplyTransferLogQuery(id, { refetchOnMountOrArgChange: true });
  const [paying, setPaying] = useState(false);
  const [moving, setMoving] = useState(false);
  const back = (
    <Button component={Link} to={pathTo("/supplier/credit")} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (supply.isLoading) return <FullPageSpinner />;
  const s = supply.data;
  if (!s) {
    const status = (supply.error as { status?: unknown } | undefined)?.status;
    return (
      <>
        <PageHeader title={t`Supplier Credit`} actions={back} />
        <Alert severity={status === 404 || status === 400 ? "warning" : "error"} data-testid="supply-missing">
          {status === 404 || status === 400 ? t`Supply not found` : describeError(supply.error).message}
        </Alert>
      </>
    );
  }
  const tz = business?.timeZone;
  const waiting = s.products.some((p) => p.remaining > 0);
  return (
    <>
      <PageHeader
        title={t`Supply #${s.supplyNumber}`}
        subtitle={s.supplier.name}
        actions={
          <>
            {back}
            {s.balance > 0 && (
              <Button variant="contained" onClick={() => setPaying(true)}>
                <Trans>Pay supplier</Trans>
              </Button>
            )}
            {waiting && (
              <Button variant="outlined" onClick={() => setMoving(true)}>
                <Trans>Move to stock</Trans>
              </Button>
            )}
            <Button
              variant="outlined"
              component={Link}
              to={pathTo("/editSupplies/:supplierId", { supplierId: s.supplier._id })}
            >
              <Trans>Edit</Trans>
            </Button>
          </>
        }
      />
      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Grid container spacing={2}>
            <Field label={t`Supplier`}>
              <MuiLink component={Link} to={pathTo("/supplier/:supplierId", { supplierId: s.supplier._id })}>
                {s.supplier.name}
              </MuiLink>
            </Field>
            <Field label={t`Delivered on`}>{formatDate(s.suppliedAt, tz)}</Field>
            <Field label={t`Received by`}>{s.receivedBy}</Field>
            <Field label={t`Credit status`} testId="supply-status">
              {s.creditStatus ? <CreditStatusBadge status={s.creditStatus} /> : t`Paid on delivery`}
            </Field>
            <Field label={t`Total`} testId="supply-total">
              {formatKES(s.total)}
            </Field>
            <Field label={t`Amount paid`} testId="supply-paid">
              {formatKES(s.amountPaid)}
            </Field>
            <Field label={t`Balance`} testId="supply-balance">
              {formatKES(s.balance)}
            </Field>
            <Field label={t`Paid on delivery by`}>{s.paymentMethod ?? t`Not paid`}</Field>
          </Grid>
          {s.notes && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {s.notes}
            </Typography>
          )}
        </CardContent>
      </Card>

      {s.products.length > 0 && (
        <Section title={t`Products`} testId="supply-products">
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Product</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Received</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Unit cost</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Total</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>In stock</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>In the supply store</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.products.map((p) => (
                <TableRow key={p._id}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell align="right">
                    {p.quantity} {p.unit}
                  </TableCell>
                  <TableCell align="right">{formatKES(p.unitCost)}</TableCell>
                  <TableCell align="right">{formatKES(p.totalCost)}</TableCell>
                  <TableCell align="right">{p.transferred}</TableCell>
                  <TableCell align="right" data-testid={`remaining-${p.name}`}>
                    {p.remaining}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}

      {s.commodities.length > 0 && (
        <Section title={t`Commodities`}>
          <Table size="small" sx={{ minWidth: 480 }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>Commodity</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Quantity</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Unit cost</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Total</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.commodities.map((c) => (
                <TableRow key={c._id}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell align="right">
                    {c.quantity} {c.unit}
                  </TableCell>
                  <TableCell align="right">{formatKES(c.unitCost)}</TableCell>
                  <TableCell align="right">{formatKES(c.totalCost)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}

      <Section title={t`Payment history`} testId="supply-payments">
        <Table size="small" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>
                <Trans>Date</Trans>
              </TableCell>
              <TableCell align="right">
                <Trans>Amount paid</Trans>
              </TableCell>
              <TableCell>
                <Trans>Method</Trans>
              </TableCell>
              <TableCell>
                <Trans>Recorded by</Trans>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.payments.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} sx={{ color: "text.secondary" }}>
                  <Trans>Nothing paid yet.</Trans>
                </TableCell>
              </TableRow>
            )}
            {s.payments.map((p) => (
              <TableRow key={p._id}>
                <TableCell>
                  {formatDateTime(p.paidAt, tz)}
                  {p.atDelivery ? ` · ${t`on delivery`}` : ""}
                </TableCell>
                <TableCell align="right">{formatKES(p.amount)}</TableCell>
                <TableCell>{p.method}</TableCell>
                <TableCell>{p.recordedBy}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      {s.products.length > 0 && (
        <Section title={t`Moved into stock`} testId="supply-transfers">
          <Table size="small" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>
                  <Trans>When</Trans>
                </TableCell>
                <TableCell>
                  <Trans>Product</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Quantity</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Cost price</Trans>
                </TableCell>
                <TableCell align="right">
                  <Trans>Stock after</Trans>
                </TableCell>
                <TableCell>
                  <Trans>By</Trans>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(transfers.data ?? []).length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ color: "text.secondary" }}>
                    <Trans>Nothing moved into stock yet: the goods wait in the supply store.</Trans>
                  </TableCell>
                </TableRow>
              )}
              {(transfers.data ?? []).map((m) => (
                <TableRow key={m._id}>
                  <TableCell>{formatDateTime(m.createdAt, tz)}</TableCell>
                  <TableCell>{m.name}</TableCell>
                  <TableCell align="right">{m.quantity}</TableCell>
                  <TableCell align="right">
                    {formatKES(m.costBefore)} → {formatKES(m.costAfter)}
                  </TableCell>
                  <TableCell align="right">{m.quantityAfter}</TableCell>
                  <TableCell>{m.transferredBy}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
      {paying && <SupplierPaymentDialog supply={s} onClose={() => setPaying(false)} />}
      {moving && <TransferDialog supply={s} onClose={() => setMoving(false)} />}
    </>
  );
}
