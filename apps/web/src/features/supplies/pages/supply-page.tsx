import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
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
import { useAppSelector } from "../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../components/credit-status-badge.tsx";
import { Figure, FiguresCard } from "../../../components/figures.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { RecordMissing } from "../../../components/record-missing.tsx";
import { formatDate, formatDateTime } from "../../../lib/date-format.ts";
import { pathTo } from "../../../lib/paths.ts";
import { CommoditiesTable } from "../components/commodities-table.tsx";
import { SupplierPaymentDialog } from "../components/supplier-payment-dialog.tsx";
import { TransferDialog } from "../components/transfer-dialog.tsx";
import { useGetSupplyQuery, useSupplyTransferLogQuery } from "../supplies-api.ts";

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
  if (!s)
    return (
      <RecordMissing
        title={t`Supplier Credit`}
        back={back}
        error={supply.error}
        notFound={t`Supply not found`}
        testId="supply-missing"
      />
    );
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
      <FiguresCard
        footer={
          s.notes && (
            <Typography sx={{ mt: 2 }} color="text.secondary">
              {s.notes}
            </Typography>
          )
        }
      >
        <Figure label={t`Supplier`}>
          <MuiLink component={Link} to={pathTo("/supplier/:supplierId", { supplierId: s.supplier._id })}>
            {s.supplier.name}
          </MuiLink>
        </Figure>
        <Figure label={t`Delivered on`}>{formatDate(s.suppliedAt, tz)}</Figure>
        <Figure label={t`Received by`}>{s.receivedBy}</Figure>
        <Figure label={t`Credit status`} testId="supply-status">
          {s.creditStatus ? <CreditStatusBadge status={s.creditStatus} /> : t`Paid on delivery`}
        </Figure>
        <Figure label={t`Total`} testId="supply-total">
          {formatKES(s.total)}
        </Figure>
        <Figure label={t`Amount paid`} testId="supply-paid">
          {formatKES(s.amountPaid)}
        </Figure>
        <Figure label={t`Balance`} testId="supply-balance">
          {formatKES(s.balance)}
        </Figure>
        <Figure label={t`Paid on delivery by`}>{s.paymentMethod ?? t`Not paid`}</Figure>
      </FiguresCard>

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
          <CommoditiesTable lines={s.commodities} />
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
