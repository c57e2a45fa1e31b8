import { Chip } from "@mui/material";
import { stockStatusOf, type Product, type StockStatus } from "@app/shared/inventory/product";

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = { in: "In stock", low: "Low", out: "Out of stock" };
const COLORS = { in: "success", low: "warning", out: "error" } as const;

/** In stock / Low / Out of stock, by the same rule as the low-stock notifications. */
export function StockStatusChip({ product }: { product: Pick<Product, "quantity" | "reorderLevel"> }) {
  const status = stockStatusOf(product);
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={STOCK_STATUS_LABELS[status]} />;
}
