import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Alert,
  Autocomplete,
  Box,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Grid,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { Suspense, useState, type ReactNode } from "react";
import { formatKES } from "@app/shared/money/money";
import { ANALYSIS_BUCKETS, type AnalysisBucket } from "@app/shared/supplies/supply-logs";
import type { SupplyProductOption } from "@app/shared/supplies/supply";
import { describeError } from "../../../api/errors.ts";
import { useAppSelector } from "../../../app/hooks.ts";
import { DatePicker, dateToDay } from "../../../components/date-picker.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDate } from "../../../lib/date-format.ts";
import { SuppliesNav } from "../components/supplies-nav.tsx";
import { useProductSupplyLogQuery, useSearchSupplyProductsQuery, useSupplyAnalysisQuery } from "../supplies-api.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

// The chart library loads only with this page.
const SpendChart = lazyWithRetry(() => import("../components/spend-chart.tsx"));
const PriceChart = lazyWithRetry(() => import("../components/price-chart.tsx"));

const chartFallback = (
  <Box sx={{ display: "grid", placeItems: "center", height: 240 }}>
    <CircularProgress size={28} />
  </Box>
);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-03-01" -> "Mar 2026" (months) or "1 Mar" (days and weeks). */
const periodLabel = (bucket: AnalysisBucket) => (period: string) => {
  const [y, m, d] = period.split("-").map(Number) as [number, number, number];
  return bucket === "month" ? `${MONTHS[m - 1]} ${y}` : `${d} ${MONTHS[m - 1]}`;
};

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Grid size={{ xs: 12, sm: 4 }}>
    <Card variant="outlined">
      <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  </Grid>
);

const Scroll = ({ children }: { children: ReactNode }) => <Box sx={{ overflowX: "auto" }}>{children}</Box>;

/** Price history per product: every delivery's unit cost, with a chart. */
function PriceHistory({ businessId, timeZone }: { businessId: string; timeZone?: string }) {
  const [input, setInput] = useState("");
  const q = useDebouncedValue(input.trim(), 250);
  const [product, setProduct] = useState<SupplyProductOption | null>(null);
  const options = useSearchSupplyProductsQuery({ businessId, ...(q ? { q } : {}) });
  const log = useProductSupplyLogQuery(product?._id ?? "", { skip: !product });
  return (
    <Card variant="outlined">
      <CardHeader title={t`Price history`} subheader={t`What each delivery of a product cost`} />
      <CardContent sx={{ pt: 0 }}>
        <Autocomplete
          options={options.data ?? []}
          value={product}
          inputValue={input}
          onInputChange={(_e, v) => setInput(v)}
          onChange={(_e, p) => setProduct(p)}
          filterOptions={(x) => x}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          loading={options.isFetching}
          renderInput={(params) => <TextField {...params} size="small" label={t`Product`} />}
          sx={{ maxWidth: 420, mb: 2 }}
        />
        {log.isError && <Alert severity="error">{describeError(log.error).message}</Alert>}
        {log.data && log.data.entries.length === 0 && (
          <Typography color="text.secondary">
            <Trans>No deliveries of this product yet.</Trans>
          </Typography>
        )}
        {log.data && log.data.entries.length > 0 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              <Trans>
                Cost price now {formatKES(log.data.product.buyingPrice)} · received {log.data.totalReceived}, in stock
                from supplies {log.data.totalTransferred}, waiting in the supply store {log.data.inSupplyStore}
              </Trans>
            </Typography>
            <Suspense fallback={chartFallback}>
              <PriceChart log={log.data} label={(iso) => formatDate(iso, timeZone)} />
            </Suspense>
            <Scroll>
              <Table size="small" sx={{ minWidth: 560 }} data-testid="price-history">
                <TableHead>
                  <TableRow>
                    <TableCell>
                      <Trans>Date</Trans>
                    </TableCell>
                    <TableCell>
                      <Trans>Supplier</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Quantity</Trans>
                    </TableCell>
                    <TableCell align="right">
                      <Trans>Unit cost</Trans>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {log.data.entries.map((e) => (
                    <TableRow key={`${e.supplyId}`}>
                      <TableCell>
                        {formatDate(e.suppliedAt, timeZone)} · #{e.supplyNumber}
                      </TableCell>
                      <TableCell>{e.supplierName}</TableCell>
                      <TableCell align="right">{e.quantity}</TableCell>
                      <TableCell align="right">{formatKES(e.unitCost)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Scroll>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /supply/analysis: spend by supplier and product over time, with a chart, and price history per product. */
export default function SupplyAnalysisPage() {
  const business = useAppSelector((s) => s.business.current);
  const today = dateToDay(new Date());
  const [from, setFrom] = useState(() => `${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [bucket, setBucket] = useState<AnalysisBucket>("month");
  const analysis = useSupplyAnalysisQuery(
    { businessId: business?._id ?? "", from, to, bucket },
    { skip: !business || from > to, refetchOnMountOrArgChange: true },
  );
  const a = analysis.data;
  const tz = business?.timeZone;
  const bucketLabels: Record<AnalysisBucket, string> = { day: t`By day`, week: t`By week`, month: t`By month` };
  return (
    <>
      <PageHeader title={t`Supply Analysis`} subtitle={business?.name} />
      <SuppliesNav />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", rowGap: 2 }}>
        <DatePicker label={t`From`} day={from} onChange={setFrom} maxDay={to} format="dd/MM/yyyy" />
        <DatePicker label={t`To`} day={to} onChange={setTo} minDay={from} format="dd/MM/yyyy" />
        <TextField
          select
          size="small"
          label={t`Periods`}
          value={bucket}
          onChange={(e) => setBucket(e.target.value as AnalysisBucket)}
          sx={{ width: 150 }}
        >
          {ANALYSIS_BUCKETS.map((b) => (
            <MenuItem key={b} value={b}>
              {bucketLabels[b]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {analysis.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(analysis.error).message}
        </Alert>
      )}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Figure label={t`Spent on supplies`} value={a ? formatKES(a.total) : "-"} testId="analysis-total" />
        <Figure label={t`Of which commodities`} value={a ? formatKES(a.commodities) : "-"} />
        <Figure label={t`Suppliers`} value={a ? String(a.bySupplier.length) : "-"} />
      </Grid>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardHeader title={t`Spend over time, by supplier`} />
        <CardContent sx={{ pt: 0 }}>
          {analysis.isFetching && !a ? (
            chartFallback
          ) : a && a.periods.length > 0 ? (
            <Suspense fallback={chartFallback}>
              <SpendChart analysis={a} label={periodLabel(bucket)} />
            </Suspense>
          ) : (
            <Typography color="text.secondary">
              <Trans>No supplies in this period.</Trans>
            </Typography>
          )}
        </CardContent>
      </Card>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardHeader title={t`By supplier`} />
            <CardContent sx={{ pt: 0 }}>
              <Scroll>
                <Table size="small" data-testid="analysis-suppliers">
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Supplier</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Supplies</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Spent</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {a?.bySupplier.map((s) => (
                      <TableRow key={s.supplierId}>
                        <TableCell>{s.name}</TableCell>
                        <TableCell align="right">{s.supplies}</TableCell>
                        <TableCell align="right">{formatKES(s.total)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Scroll>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardHeader title={t`By product`} />
            <CardContent sx={{ pt: 0 }}>
              <Scroll>
                <Table size="small" data-testid="analysis-products">
                  <TableHead>
                    <TableRow>
                      <TableCell>
                        <Trans>Product</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Quantity</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Average cost</Trans>
                      </TableCell>
                      <TableCell align="right">
                        <Trans>Spent</Trans>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {a?.byProduct.map((p) => (
                      <TableRow key={p.productId}>
                        <TableCell>{p.name}</TableCell>
                        <TableCell align="right">{p.quantity}</TableCell>
                        <TableCell align="right">{formatKES(p.averageUnitCost)}</TableCell>
                        <TableCell align="right">{formatKES(p.total)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Scroll>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {business && <PriceHistory businessId={business._id} timeZone={tz} />}
    </>
  );
}
