import { t } from "@lingui/core/macro";
import { Box, Paper, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { Category } from "@app/shared/inventory/category";
import type { ListProductsQuery, Product } from "@app/shared/inventory/product";
import { useListProductsQuery } from "../api/products-api.ts";
import { LoadError } from "../components/load-error.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { NO_FILTERS, ProductFilters, type ProductFilterValues } from "./product-filters.tsx";
import { pathTo } from "../../../lib/paths.ts";

const SORTABLE: Record<string, ListProductsQuery["sort"]> = {
  name: "name",
  quantity: "quantity",
  sellingprice: "sellingprice",
  updatedAt: "updatedAt",
};

function NoProducts({ filtered }: { filtered: boolean }) {
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: "100%", p: 3 }}>
      <Typography color="text.secondary">
        {filtered
          ? t`No products match these filters.`
          : t`No products yet. Add one with New product or import a CSV file.`}
      </Typography>
    </Box>
  );
}

/**
 * A business's products, one server page at a time (search, filters, sorting and paging all
 * run in SQL), so it stays quick with 50,000 products. A row opens the product.
 */
export function ProductGrid({
  columns,
  categories,
  includeArchived = false,
  label,
}: {
  columns: GridColDef<Product>[];
  categories: Category[];
  includeArchived?: boolean;
  label: string;
}) {
  const navigate = useNavigate();
  const { businessId } = useInventoryAccess();
  const [filters, setFilters] = useState<ProductFilterValues>(NO_FILTERS);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: "name", sort: "asc" }]);
  const search = useDebouncedValue(filters.search.trim(), 300);
  const sort = sortModel[0];
  const { data, isFetching, isError, error, refetch } = useListProductsQuery({
    businessId,
    page: paging.page,
    pageSize: paging.pageSize,
    ...(search ? { search } : {}),
    ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
    ...(filters.stockStatus ? { stockStatus: filters.stockStatus } : {}),
    sort: (sort && SORTABLE[sort.field]) || "name",
    order: sort?.sort === "desc" ? "desc" : "asc",
    includeArchived,
  });
  const filtered = Boolean(search || filters.categoryId || filters.stockStatus);
  const noRows = useMemo(() => () => <NoProducts filtered={filtered} />, [filtered]);
  return (
    <>
      <ProductFilters
        value={filters}
        categories={categories}
        onChange={(v) => {
          setFilters(v);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
      />
      {isError && (
        <LoadError error={error} what={t`The products could not be loaded.`} onRetry={() => void refetch()} />
      )}
      <Paper variant="outlined" sx={{ height: "calc(100vh - 300px)", minHeight: 420, mt: isError ? 2 : 0 }}>
        <DataGrid
          aria-label={label}
          rows={data?.items ?? []}
          getRowId={(r) => r._id}
          columns={columns}
          loading={isFetching}
          rowCount={data?.total ?? 0}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[10, 25, 50, 100]}
          sortModel={sortModel}
          onSortModelChange={(m) => {
            setSortModel(m);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          disableColumnFilter
          disableRowSelectionOnClick
          rowHeight={52}
          onRowClick={({ row }) => void navigate(pathTo("/products/:productId", { productId: row._id }))}
          slots={{ noRowsOverlay: noRows }}
          sx={{ border: 0, "& .MuiDataGrid-row": { cursor: "pointer" } }}
        />
      </Paper>
    </>
  );
}
