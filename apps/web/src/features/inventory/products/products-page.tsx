import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import AddIcon from "@mui/icons-material/Add";
import { Button } from "@mui/material";
import { Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { CsvExportButton } from "./csv-export-button.tsx";
import {
  categoryColumn,
  nameColumn,
  quantityColumn,
  reorderColumn,
  sellingColumn,
  skuColumn,
  thumbColumn,
  wholesaleColumn,
} from "./product-columns.tsx";
import { ProductGrid } from "./product-grid.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { lazyWithRetry } from "../../../lib/lazy-part.tsx";

/** Loaded when asked for: it brings the CSV parser along. */
const CsvImportDialog = lazyWithRetry(() =>
  import("./csv-import-dialog.tsx").then((m) => ({ default: m.CsvImportDialog })),
);

/** /products: the catalog, searched and paged on the server. */
export default function ProductsPage() {
  const { businessId, canManage } = useInventoryAccess();
  const [importing, setImporting] = useState(false);
  const categories = useListCategoriesQuery(businessId, { skip: !businessId }).data ?? [];
  const names = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  const columns = useMemo(
    () => [
      thumbColumn,
      nameColumn,
      skuColumn,
      categoryColumn(names),
      quantityColumn,
      reorderColumn,
      sellingColumn,
      wholesaleColumn,
    ],
    [names],
  );
  return (
    <InventoryPage
      title={t`Products`}
      actions={
        <>
          {canManage && (
            <Button variant="contained" startIcon={<AddIcon />} component={Link} to={pathTo("/products/new")}>
              <Trans>New product</Trans>
            </Button>
          )}
          {canManage && (
            <Button variant="outlined" onClick={() => setImporting(true)}>
              <Trans>Import CSV</Trans>
            </Button>
          )}
          <CsvExportButton />
        </>
      }
    >
      <ProductGrid label={t`Products`} columns={columns} categories={categories} />
      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </InventoryPage>
  );
}
