import { t } from "@lingui/core/macro";
import { Grid } from "@mui/material";
import { useStockSummaryQuery } from "../api/stock-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { StockFigures } from "./stock-figures.tsx";
import { StockListCard } from "./stock-list-card.tsx";

/** /stock: totals, and the products that are low or out of stock. */
export default function StockOverviewPage() {
  const { businessId } = useInventoryAccess();
  const summary = useStockSummaryQuery(businessId, { skip: !businessId });
  return (
    <InventoryPage title={t`Stock overview`}>
      {summary.isError ? (
        <LoadError
          error={summary.error}
          what={t`The stock totals could not be loaded.`}
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <StockFigures summary={summary.data} />
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <StockListCard title={t`Low stock`} status="low" empty={t`No product is at or below its reorder level.`} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <StockListCard title={t`Out of stock`} status="out" empty={t`Every product is in stock.`} />
        </Grid>
      </Grid>
    </InventoryPage>
  );
}
