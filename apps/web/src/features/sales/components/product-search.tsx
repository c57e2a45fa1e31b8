import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import type { Product } from "@app/shared/inventory/product";
import { formatKES } from "@app/shared/money/money";
import { useSearchSaleProductsQuery } from "../sales-api.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

/** Finds a product by name, SKU or barcode (GET /products?search) and hands it over to be added. */
export function ProductSearch({
  businessId,
  onPick,
  priceOf,
}: {
  businessId: string;
  onPick: (p: Product) => void;
  priceOf: (p: Product) => number;
}) {
  const [input, setInput] = useState("");
  const search = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useSearchSaleProductsQuery({ businessId, search }, { skip: !search });
  return (
    <Autocomplete<Product>
      options={search ? (data?.items ?? []) : []}
      loading={isFetching}
      value={null}
      inputValue={input}
      onInputChange={(_, v, reason) => reason !== "reset" && setInput(v)}
      onChange={(_, p) => {
        if (!p) return;
        onPick(p);
        setInput("");
      }}
      filterOptions={(o) => o}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      noOptionsText={search ? t`No product matches` : t`Type a name, SKU or barcode`}
      renderOption={(props, p) => (
        <li {...props} key={p._id}>
          <Trans>
            {p.name} · {formatKES(priceOf(p))} · {p.quantity} in stock
          </Trans>
        </li>
      )}
      renderInput={(params) => <TextField {...params} size="small" label={t`Add a product (name, SKU or barcode)`} />}
      sx={{ maxWidth: 480 }}
    />
  );
}
