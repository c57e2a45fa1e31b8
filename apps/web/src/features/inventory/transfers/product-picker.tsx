import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import type { Product } from "@app/shared/inventory/product";
import { useListProductsQuery } from "../api/products-api.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

/** Finds a product by name, SKU or barcode on the server (never loads the whole catalog). */
export function ProductPicker({
  businessId,
  exclude,
  onPick,
  anyStock = false,
}: {
  businessId: string;
  exclude: ReadonlySet<string>;
  onPick: (p: Product) => void;
  /** Offer products out of stock too (a promotion may name one before it arrives). */
  anyStock?: boolean;
}) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useListProductsQuery({
    businessId,
    page: 0,
    pageSize: 20,
    ...(search ? { search } : {}),
  });
  const options = (data?.items ?? []).filter((p) => !exclude.has(p._id));
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== "reset" && setInput(v)}
      onChange={(_e, p) => {
        if (!p) return;
        onPick(p);
        setInput("");
      }}
      filterOptions={(x) => x}
      getOptionLabel={(p) => p.name}
      getOptionDisabled={(p) => !anyStock && p.quantity <= 0}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isFetching}
      noOptionsText={search ? t`No product matches` : t`No products`}
      renderOption={(props, p) => (
        <li {...props} key={p._id}>
          {p.name}
          {p.sku ? ` · ${p.sku}` : ""} — {p.quantity} {p.unit} <Trans>in stock</Trans>
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} size="small" label={t`Add a product`} placeholder={t`Search by name, SKU or barcode`} />
      )}
      sx={{ flex: 1, minWidth: 280 }}
    />
  );
}
