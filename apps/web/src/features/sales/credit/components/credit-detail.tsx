import { formatKenyanPhone } from "@app/shared/phone/phone-rules";
import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { formatKES } from "@app/shared/money/money";
import type { Channel } from "@app/shared/pos/cart";
import { lineName } from "@app/shared/sales/sale";
import { useAppSelector } from "../../../../app/hooks.ts";
import { CreditStatusBadge } from "../../../../components/credit-status-badge.tsx";
import { Figure, FiguresCard } from "../../../../components/figures.tsx";
import { FullPageSpinner } from "../../../../components/full-page-spinner.tsx";
import { PageHeader } from "../../../../components/page-header.tsx";
import { RecordMissing } from "../../../../components/record-missing.tsx";
import { formatDateTime } from "../../../../lib/date-format.ts";
import { useGetCreditQuery } from "../credit-api.ts";
import { CREDIT_PAGES } from "../credit-texts.ts";
import { SaleCustomer } from "./sale-customer.tsx";
import { paymentMethodLabel } from "../../../../lib/i18n/payment-labels.ts";

/** A figure of the detail: three a row, as there are twelve. */
const Field = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Figure label={label} testId={testId} md={4} weight={500}>
    {children}
  </Figure>
);

/** Spec section 2 "Credit Sale Details": one credit order (or sale), its products and its payment history. */
export function CreditDetail({ channel }: { channel: Channel }) {
  const { id = "" } = useParams();
  const page = CREDIT_PAGES[channel];
  const tz = useAppSelector((s) => s.business.current?.timeZone);
  const { data: order, isLoading, isError, error } = useGetCreditQuery({ channel, id });
  const back = (
    <Button component={Link} to={page.list} variant="outlined">
      <Trans>Go Back</Trans>
    </Button>
  );
  if (isLoading) return <FullPageSpinner />;
  if (isError || !order)
    return (
      <RecordMissing
        title={t`Credit Sale Details`}
        back={back}
        error={error}
        notFound={t`order not found`}
        testId="credit-detail-missing"
      />
    );
  const history = [...order.paymentTransactions].sort((a, b) => b.paymentDate.localeCompare(a.paymentDate));
  return (
    <>
      <PageHeader
        title={t`Credit Sale Details`}
        subtitle={`${channel === "wholesale" ? "Order" : "Sale"} #${order.saleNumber}`}
        actions={back}
      />
      <FiguresCard>
        <Field label={t`Sale number`} testId="detail-sale-number">
          #{order.saleNumber}
        </Field>
        <Field label={t`Customer`}>
          <SaleCustomer order={order} />
        </Field>
        <Field label={t`Phone`}>{formatKenyanPhone(order.customerPhone)}</Field>
        <Field label={t`Amount`} testId="detail-amount">
          {formatKES(order.amount)}
        </Field>
        <Field label={t`Balance`} testId="detail-balance">
          {formatKES(order.balance)}
        </Field>
        <Field label={t`Credit status`}>
          {order.creditStatus ? <CreditStatusBadge status={order.creditStatus} /> : t`Not on credit`}
        </Field>
        <Field label={t`Cleared by`} testId="detail-cleared-by">
          {order.clearedBy}
        </Field>
        <Field label={t`Served by`}>{order.servedBy}</Field>
        <Field label={t`Payment method`}>{paymentMethodLabel(order.paymentMethod)}</Field>
        <Field label={t`Credit paid by`} testId="detail-credit-method">
          {order.creditPaymentMethod}
        </Field>
        <Field label={t`Created`}>{formatDateTime(order.createdAt, tz)}</Field>
        <Field label={t`Updated`}>{formatDateTime(order.updatedAt, tz)}</Field>
      </FiguresCard>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                <Trans>Products purchased</Trans>
              </Typography>
              <Table size="small" aria-label={t`Products purchased`}>
                <TableHead>
                  <TableRow>
                    <TableCell />
                    <TableCell>
                      <Trans>Product</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Quantity</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Price</Trans>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {order.products.map((p) => (
                    <TableRow key={p.productId}>
                      <TableCell sx={{ width: 48 }}>
                        <Avatar
                          variant="rounded"
                          src={p.image ?? undefined}
                          alt={p.name}
                          sx={{ width: 32, height: 32 }}
                        />
                      </TableCell>
                      <TableCell>{lineName(p)}</TableCell>
                      <TableCell align="right">{p.productQuantity}</TableCell>
                      <TableCell align="right">{formatKES(p.productPrice)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" gutterBottom>
                <Trans>Payment history</Trans>
              </Typography>
              {history.length === 0 ? (
                <Typography color="text.secondary">
                  <Trans>No payments yet.</Trans>
                </Typography>
              ) : (
                <Table size="small" aria-label={t`Payment history`} data-testid="payment-history">
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
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {history.map((t) => (
                      <TableRow key={t._id}>
                        <TableCell>{formatDateTime(t.paymentDate, tz)}</TableCell>
                        <TableCell align="right">{formatKES(t.amountPaid)}</TableCell>
                        <TableCell>{paymentMethodLabel(t.paymentMethod)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Box sx={{ height: 16 }} />
    </>
  );
}
