import { t } from "@lingui/core/macro";
import { useMemo } from "react";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import {
  categoryColumn,
  lifecycleColumn,
  nameColumn,
  quantityColumn,
  sellingColumn,
  skuColumn,
  thumbColumn,
  wholesaleColumn,
} from "./product-columns.tsx";
import { ProductGrid } from "./product-grid.tsx";

/** /products/all: every product, including inactive and archived ones (kept for their sales history). */
export default function AllProductsPage() {
  const { businessId } = useInventoryAccess();
  const categories = useListCategoriesQuery(businessId, { skip: !businessId }).data ?? [];
  const names = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  const columns = useMemo(
    () => [
      thumbColumn,
      nameColumn,
      skuColumn,
      categoryColumn(names),
      lifecycleColumn,
      quantityColumn,
      sellingColumn,
      wholesaleColumn,
    ],
    [names],
  );
  return (
    <InventoryPage title={t`All products`} subtitle={t`Including inactive and archived products`}>
      <ProductGrid label={t`All products`} columns={columns} categories={categories} includeArchived />
    </InventoryPage>
  );
}
