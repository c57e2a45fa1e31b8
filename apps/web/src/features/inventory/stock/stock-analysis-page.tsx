import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import {
  Card,
  CardContent,
  CardHeader,
  Grid,
  LinearProgress,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from "@mui/material";
import { Suspense, useMemo, useState } from "react";
import { ANALYSIS_PERIOD_DAYS, analysisPeriod } from "@app/shared/inventory/stock-analysis";
import { DEFAULT_TIME_ZONE } from "@app/shared/businesses/business";
import { useStockAnalysisQuery } from "../api/stock-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { MoversTable } from "./movers-table.tsx";
import { StockFigures } from "./stock-figures.tsx";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

const MoversChart = lazyWithRetry(() => import("./movers-chart.tsx"));

/** /stock/analysis: stock value at cost and at selling price, fast and slow movers, a chart. */
export default function StockAnalysisPage() {
  const { businessId, business } = useInventoryAccess();
  const [days, setDays] = useState<number>(30);
  const period = useMemo(
    () => analysisPeriod(days, business?.timeZone ?? DEFAULT_TIME_ZONE),
    [days, business?.timeZone],
  );
  const { data, isFetching, isError, error, refetch } = useStockAnalysisQuery(
    { businessId, ...period, limit: 10 },
    { skip: !businessId },
  );
  const periodPicker = (
    <TextField
      select
      size="small"
      label={t`Period`}
      value={days}
      onChange={(e) => setDays(Number(e.target.value))}
      sx={{ minWidth: 160 }}
    >
      {ANALYSIS_PERIOD_DAYS.map((d) => (
        <MenuItem key={d} value={d}>
          <Trans>Last {d} days</Trans>
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <InventoryPage title={t`Stock analysis`} actions={periodPicker}>
      {isFetching && <LinearProgress aria-label={t`Loading the analysis`} sx={{ mb: 2 }} />}
      {isError && (
        <LoadError error={error} what={t`The analysis could not be loaded.`} onRetry={() => void refetch()} />
      )}
      {!isError && (
        <>
          <StockFigures summary={data?.summary} withCounts={false} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, lg: 5 }}>
              <Card variant="outlined">
                <CardHeader
                  slotProps={{ title: { variant: "h6" } }}
                  title={t`Units sold, top 10`}
                  subheader={`Last ${days} days`}
                />
                <CardContent>
                  {!data ? (
                    <Skeleton variant="rectangular" height={240} />
                  ) : data.fastMovers.length === 0 ? (
                    <Typography color="text.secondary">
                      <Trans>No sales in this period.</Trans>
                    </Typography>
                  ) : (
                    <Suspense fallback={<Skeleton variant="rectangular" height={240} />}>
                      <MoversChart movers={data.fastMovers} />
                    </Suspense>
                  )}
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, lg: 7 }}>
              <Card variant="outlined" sx={{ mb: 2 }}>
                <CardHeader
                  slotProps={{ title: { variant: "h6" } }}
                  title={t`Fast movers`}
                  subheader="Most units sold in the period"
                />
                <CardContent>
                  {data ? (
                    <MoversTable
                      movers={data.fastMovers}
                      days={days}
                      label={t`Fast movers`}
                      empty={t`No sales in this period.`}
                    />
                  ) : (
                    <Skeleton height={120} />
                  )}
                </CardContent>
              </Card>
              <Card variant="outlined">
                <CardHeader
                  slotProps={{ title: { variant: "h6" } }}
                  title={t`Slow movers`}
                  subheader="In stock, but sold least in the period; most money tied up first"
                />
                <CardContent>
                  {data ? (
                    <MoversTable
                      movers={data.slowMovers}
                      days={days}
                      label={t`Slow movers`}
                      empty={t`No products in stock.`}
                    />
                  ) : (
                    <Skeleton height={120} />
                  )}
                </CardContent>
              </Card>
            </Grid>
          </Grid>
        </>
      )}
    </InventoryPage>
  );
}
