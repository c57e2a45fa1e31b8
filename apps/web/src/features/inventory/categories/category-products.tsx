import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Box, MenuItem, Paper, TextField, Typography } from "@mui/material";
import { DataGrid, type GridColDef, type GridPaginationModel } from "@mui/x-data-grid";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "react-toastify";
import type { Category } from "@app/shared/inventory/category";
import type { Product } from "@app/shared/inventory/product";
import { describeError } from "../../../api/errors.ts";
import { useListProductsQuery, useMoveProductToSubcategoryMutation } from "../api/products-api.ts";
import { LoadError } from "../components/load-error.tsx";
import { ProductThumbCell } from "../components/product-thumb.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { pathTo } from "../../../lib/paths.ts";

function NoProducts() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
      <Typography color="text.secondary">
        <Trans>No products in this category.</Trans>
      </Typography>
    </Box>
  );
}

/** The products of a category, each movable into one of its subcategories. */
export function CategoryProducts({ category }: { category: Category }) {
  const navigate = useNavigate();
  const { businessId, canManage } = useInventoryAccess();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const { data, isFetching, isError, error, refetch } = useListProductsQuery({
    businessId,
    categoryId: category._id,
    ...paging,
  });
  const [move] = useMoveProductToSubcategoryMutation();
  const columns = useMemo<GridColDef<Product>[]>(
    () => [
      {
        field: "image",
        headerName: "",
        width: 64,
        sortable: false,
        renderCell: ({ row }) => <ProductThumbCell image={row.image} name={row.name} />,
      },
      { field: "name", headerName: t`Name`, flex: 1, minWidth: 180, sortable: false },
      { field: "quantity", headerName: t`Quantity`, type: "number", width: 110, sortable: false },
      {
        field: "subcategoryId",
        headerName: t`Subcategory`,
        width: 240,
        sortable: false,
        renderCell: ({ row }) =>
          canManage && category.subcategories.length > 0 ? (
            <TextField
              select
              size="small"
              fullWidth
              sx={{ my: 1 }}
              value={row.subcategoryId ?? ""}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) =>
                void move({ productId: row._id, subId: e.target.value })
                  .unwrap()
                  .then(() => toast.success(t`${row.name} moved`))
                  .catch((err: unknown) => toast.error(describeError(err).message))
              }
              slotProps={{ htmlInput: { "aria-label": `Subcategory of ${row.name}` } }}
            >
              <MenuItem value="" disabled>
                <Trans>Choose a subcategory</Trans>
              </MenuItem>
              {category.subcategories.map((s) => (
                <MenuItem key={s._id} value={s._id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            (category.subcategories.find((s) => s._id === row.subcategoryId)?.name ?? "—")
          ),
      },
    ],
    [canManage, category.subcategories, move],
  );
  if (isError)
    return <LoadError error={error} what={t`The products could not be loaded.`} onRetry={() => void refetch()} />;
  return (
    <Paper variant="outlined">
      <DataGrid
        aria-label={t`Products in ${category.name}`}
        rows={data?.items ?? []}
        getRowId={(r) => r._id}
        columns={columns}
        loading={isFetching}
        rowCount={data?.total ?? 0}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[10, 25, 50]}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        onRowClick={({ row }) => void navigate(pathTo("/products/:productId", { productId: row._id }))}
        slots={{ noRowsOverlay: NoProducts }}
        sx={{ border: 0 }}
      />
    </Paper>
  );
}
