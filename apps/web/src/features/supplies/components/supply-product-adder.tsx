import { t } from "@lingui/core/macro";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { formatCentsPlain, formatKES } from "@app/shared/money/money";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useSearchSupplyProductsQuery } from "../supplies-api.ts";
import type { ProductLine } from "./delivery-lines.ts";

/** Finds a product of the business by name, SKU or barcode (the Supplies area's own search). */
export function SupplyProductAdder({
  businessId,
  exclude,
  onPick,
}: {
  businessId: string;
  exclude: Set<string>;
  onPick: (l: ProductLine) => void;
}) {
  const [input, setInput] = useState("");
  const q = useDebouncedValue(input.trim(), 250);
  const { data, isFetching } = useSearchSupplyProductsQuery({ businessId, ...(q ? { q } : {}) });
  const options = (data ?? []).filter((p) => !exclude.has(p._id));
  return (
    <Autocomplete
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== "reset" && setInput(v)}
      onChange={(_e, p) => {
        if (!p) return;
        onPick({
          productId: p._id,
          name: p.name,
          unit: p.unit,
          quantity: "1",
          unitCost: p.buyingPrice ? formatCentsPlain(p.buyingPrice) : "",
        });
        setInput("");
      }}
      filterOptions={(x) => x}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isFetching}
      noOptionsText={q ? t`No product matches` : t`No products`}
      renderOption={({ key: _key, ...props }, p) => (
        <li key={p._id} {...props}>
          {p.name}
          {p.sku ? ` · ${p.sku}` : ""} · {t`cost ${formatKES(p.buyingPrice)}`}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t`Add a product`}
          placeholder={t`Search by name, SKU or barcode`}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, "data-testid": "supply-product-search" },
          }}
        />
      )}
      sx={{ flex: 1, minWidth: 240 }}
    />
  );
}
