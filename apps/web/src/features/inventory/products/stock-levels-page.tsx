import { t } from "@lingui/core/macro";
import { useMemo } from "react";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import {
  nameColumn,
  quantityColumn,
  reorderColumn,
  sellingValueColumn,
  statusColumn,
  stockValueColumn,
  thumbColumn,
} from "./product-columns.tsx";
import { ProductGrid } from "./product-grid.tsx";

/** /products/stock: every product's stock level, status and value. */
export default function StockLevelsPage() {
  const { businessId } = useInventoryAccess();
  const categories = useListCategoriesQuery(businessId, { skip: !businessId }).data ?? [];
  const columns = useMemo(
    () => [thumbColumn, nameColumn, quantityColumn, reorderColumn, statusColumn, stockValueColumn, sellingValueColumn],
    [],
  );
  return (
    <InventoryPage title={t`Stock levels`}>
      <ProductGrid label={t`Stock levels`} columns={columns} categories={categories} />
    </InventoryPage>
  );
}
