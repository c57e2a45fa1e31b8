import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, MenuItem, Stack, TextField } from "@mui/material";
import type { Category } from "@app/shared/inventory/category";
import { STOCK_STATUSES, type StockStatus } from "@app/shared/inventory/product";
import { STOCK_STATUS_LABELS } from "../components/stock-status-chip.tsx";

export type ProductFilterValues = { search: string; categoryId: string; stockStatus: StockStatus | "" };
/** Selects show their "All ..." choice instead of an empty box. */
const SHOW_EMPTY = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

export const NO_FILTERS: ProductFilterValues = { search: "", categoryId: "", stockStatus: "" };

/** Search (name, SKU or barcode), category and stock status above a product list. */
export function ProductFilters({
  value,
  onChange,
  categories,
}: {
  value: ProductFilterValues;
  onChange: (v: ProductFilterValues) => void;
  categories: Category[];
}) {
  return (
    <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        size="small"
        label={t`Search`}
        placeholder={t`Name, SKU or barcode`}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.target.value })}
        sx={{ minWidth: 280, flex: 1, maxWidth: 420 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { "aria-label": t`Search products`, maxLength: 100 },
        }}
      />
      <TextField
        select
        size="small"
        label={t`Category`}
        value={value.categoryId}
        onChange={(e) => onChange({ ...value, categoryId: e.target.value })}
        sx={{ minWidth: 200 }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value="">
          <Trans>All categories</Trans>
        </MenuItem>
        {categories.map((c) => (
          <MenuItem key={c._id} value={c._id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t`Stock status`}
        value={value.stockStatus}
        onChange={(e) => onChange({ ...value, stockStatus: e.target.value as StockStatus | "" })}
        sx={{ minWidth: 180 }}
        slotProps={SHOW_EMPTY}
      >
        <MenuItem value="">
          <Trans>Any stock status</Trans>
        </MenuItem>
        {STOCK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {STOCK_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
