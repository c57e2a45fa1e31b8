import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useListProductsQuery } from "../../inventory/api/products-api.ts";

export type Picked = { _id: string; name: string };

/**
 * The product a line of a supplier's invoice is received into, found by name, SKU or barcode on
 * the server; cleared, the line is kept as a commodity (bought, not for sale).
 */
export function PurchaseProductPicker({
  businessId,
  value,
  supplierName,
  onChange,
  testId,
}: {
  businessId: string;
  value: Picked | null;
  /** The supplier's name for the line: the first search. */
  supplierName: string;
  onChange: (p: Picked | null) => void;
  testId?: string;
}) {
  const [input, setInput] = useState(value?.name ?? "");
  const search = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useListProductsQuery({
    businessId,
    page: 0,
    pageSize: 20,
    ...(search ? { search } : {}),
  });
  const options: Picked[] = data?.items ?? [];
  return (
    <Autocomplete<Picked>
      options={value && !options.some((o) => o._id === value._id) ? [value, ...options] : options}
      value={value}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, p) => onChange(p ? { _id: p._id, name: p.name } : null)}
      filterOptions={(x) => x}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isFetching}
      noOptionsText={search ? t`No product matches` : t`No products`}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t`Product`}
          placeholder={t`Search, e.g. ${supplierName}`}
          helperText={value ? undefined : t`None chosen: kept as a commodity (not for sale)`}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...(testId ? { "data-testid": testId } : {}) },
          }}
        />
      )}
      sx={{ minWidth: 220, flex: 2 }}
    />
  );
}
