import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import type { Product } from "@app/shared/inventory/product";
import { formatKES } from "@app/shared/money/money";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { AdjustStockDialog } from "./adjust-stock-dialog.tsx";
import { ClearQuantityDialog } from "./clear-quantity-dialog.tsx";
import { MovementHistory } from "./movement-history.tsx";

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" data-testid={testId}>
        {value}
      </Typography>
    </div>
  );
}

/** The stock of one product: figures, adjust and clear (for stock handlers), and its history. */
export function StockPanel({ product }: { product: Product }) {
  const { canManage } = useInventoryAccess();
  const [dialog, setDialog] = useState<"adjust" | "clear" | null>(null);
  const editable = canManage && !product.archived;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={t`Stock`}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between", mb: 2 }}>
        <Typography variant="h6" component="h2">
          <Trans>Stock</Trans>
        </Typography>
        {editable && (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => setDialog("adjust")}>
              <Trans>Adjust stock</Trans>
            </Button>
            <Button
              color="error"
              variant="outlined"
              onClick={() => setDialog("clear")}
              disabled={product.quantity === 0}
            >
              <Trans>Clear quantity</Trans>
            </Button>
          </Stack>
        )}
      </Stack>
      <Stack direction="row" spacing={5} sx={{ mb: 3, flexWrap: "wrap" }}>
        <Figure label={t`Quantity`} value={`${product.quantity} ${product.unit}`} testId="product-quantity" />
        <Figure label={t`Reorder level`} value={String(product.reorderLevel)} />
        <Figure label={t`Value at cost`} value={formatKES(product.quantity * product.buyingPrice)} />
        <Figure label={t`Value at selling price`} value={formatKES(product.quantity * product.sellingprice)} />
      </Stack>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        <Trans>Stock movement history</Trans>
      </Typography>
      <MovementHistory productId={product._id} />
      {dialog === "adjust" && <AdjustStockDialog product={product} onClose={() => setDialog(null)} />}
      {dialog === "clear" && <ClearQuantityDialog product={product} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
