import { t } from "@lingui/core/macro";
import { Chip } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { Product } from "@app/shared/inventory/product";
import { formatKES } from "@app/shared/money/money";
import { ProductThumbCell } from "../components/product-thumb.tsx";
import { StockStatusChip } from "../components/stock-status-chip.tsx";

type Col = GridColDef<Product>;
const money = (
  field: "sellingprice" | "wholesalePrice" | "buyingPrice",
  headerName: () => string,
  sortable = false,
): Col => ({
  field,
  // Read when the table draws, in the language of the moment (the app redraws on a switch).
  get headerName() {
    return headerName();
  },
  type: "number",
  width: 150,
  sortable,
  valueFormatter: (v: number) => formatKES(v),
});

export const thumbColumn: Col = {
  field: "image",
  headerName: "",
  width: 64,
  sortable: false,
  renderCell: ({ row }) => <ProductThumbCell image={row.image} name={row.name} />,
};
export const nameColumn: Col = {
  field: "name",
  get headerName() {
    return t`Name`;
  },
  flex: 1,
  minWidth: 180,
};
export const skuColumn: Col = {
  field: "sku",
  get headerName() {
    return t`SKU`;
  },
  width: 130,
  sortable: false,
  valueGetter: (v: string | null) => v ?? "—",
};
export const categoryColumn = (names: Map<string, string>): Col => ({
  field: "categoryId",
  get headerName() {
    return t`Category`;
  },
  width: 160,
  sortable: false,
  valueGetter: (v: string | null) => (v ? (names.get(v) ?? "—") : "—"),
});
export const quantityColumn: Col = {
  field: "quantity",
  get headerName() {
    return t`Quantity`;
  },
  type: "number",
  width: 110,
};
export const reorderColumn: Col = {
  field: "reorderLevel",
  get headerName() {
    return t`Reorder level`;
  },
  type: "number",
  width: 120,
  sortable: false,
};
export const statusColumn: Col = {
  field: "status",
  get headerName() {
    return t`Status`;
  },
  width: 130,
  sortable: false,
  renderCell: ({ row }) => <StockStatusChip product={row} />,
};
export const sellingColumn = money("sellingprice", () => t`Selling price`, true);
export const wholesaleColumn = money("wholesalePrice", () => t`Wholesale price`);
export const buyingColumn = money("buyingPrice", () => t`Buying price`);
export const stockValueColumn: Col = {
  field: "stockValue",
  get headerName() {
    return t`Value at cost`;
  },
  type: "number",
  width: 150,
  sortable: false,
  valueGetter: (_v, row) => row.quantity * row.buyingPrice,
  valueFormatter: (v: number) => formatKES(v),
};
export const sellingValueColumn: Col = {
  field: "sellingValue",
  get headerName() {
    return t`Value at selling price`;
  },
  type: "number",
  width: 180,
  sortable: false,
  valueGetter: (_v, row) => row.quantity * row.sellingprice,
  valueFormatter: (v: number) => formatKES(v),
};
export const lifecycleColumn: Col = {
  field: "active",
  get headerName() {
    return t`State`;
  },
  width: 120,
  sortable: false,
  renderCell: ({ row }) =>
    row.archived ? (
      <Chip size="small" label={t`Archived`} />
    ) : row.active ? (
      <Chip size="small" color="success" variant="outlined" label={t`Active`} />
    ) : (
      <Chip size="small" color="default" variant="outlined" label={t`Inactive`} />
    ),
};
