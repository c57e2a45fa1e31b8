import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import { Autocomplete, Box, Grid, IconButton, MenuItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { formatCentsPlain, formatKES, parseKES } from "@app/shared/money/money";
import { TAX_TYPES, type TaxType } from "@app/shared/tax/vat";
import type { Product } from "@app/shared/inventory/product";
import { AmountField } from "../../../components/amount-field.tsx";
import type { DocumentFormErrors, LineForm } from "../document-form.ts";
import { taxTypeName } from "../document-texts.ts";
import { useSearchDocumentProductsQuery } from "../documents-api.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";

type Props = {
  businessId: string;
  index: number;
  line: LineForm;
  errors: DocumentFormErrors;
  onChange: (line: LineForm) => void;
  onRemove?: () => void;
};

/** One line of an invoice or quotation: a product or a description, quantity, unit price (VAT included), tax band. */
export function LineEditor({ businessId, index, line, errors, onChange, onRemove }: Props) {
  const [search, setSearch] = useState("");
  const debounced = useDebouncedValue(search.trim(), 250);
  const { data } = useSearchDocumentProductsQuery({ businessId, search: debounced }, { skip: debounced.length < 2 });
  const products = data?.items ?? [];
  const err = (field: string) => errors[`lines.${index}.${field}`];
  const price = parseKES(line.unitPrice.trim());
  const qty = Number(line.quantity);
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }} data-testid={`line-${index}`}>
      <Grid container spacing={1.5} sx={{ alignItems: "flex-start" }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Autocomplete<Product | string, false, false, true>
            freeSolo
            options={products}
            filterOptions={(o) => o}
            getOptionLabel={(o) => (typeof o === "string" ? o : o.name)}
            inputValue={line.description}
            onInputChange={(_e, value, reason) => {
              if (reason === "reset") return;
              setSearch(value);
              onChange({ ...line, description: value, productId: "", productTaxType: null });
            }}
            onChange={(_e, value) => {
              if (value && typeof value !== "string")
                onChange({
                  ...line,
                  productId: value._id,
                  description: value.name,
                  unitPrice: formatCentsPlain(value.sellingprice),
                  productTaxType: value.taxType,
                });
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={t`Product or description`}
                error={Boolean(err("description") || err("productId"))}
                helperText={err("description") ?? err("productId")}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 4, md: 1.5 }}>
          <TextField
            size="small"
            fullWidth
            label={t`Qty`}
            value={line.quantity}
            onChange={(e) => /^\d*$/.test(e.target.value) && onChange({ ...line, quantity: e.target.value })}
            error={Boolean(err("quantity"))}
            helperText={err("quantity")}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
        </Grid>
        <Grid size={{ xs: 8, md: 2.5 }}>
          <AmountField
            label={t`Unit price`}
            value={line.unitPrice}
            onChange={(unitPrice) => onChange({ ...line, unitPrice })}
            error={Boolean(err("unitPrice"))}
            helperText={err("unitPrice")}
          />
        </Grid>
        <Grid size={{ xs: 10, md: 2.5 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t`Tax band`}
            value={line.taxType}
            onChange={(e) => onChange({ ...line, taxType: e.target.value as TaxType | "" })}
          >
            <MenuItem value="">{t`Default`}</MenuItem>
            {TAX_TYPES.map((tt) => (
              <MenuItem key={tt} value={tt}>
                {taxTypeName(tt)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 2, md: 0.5 }} sx={{ display: "flex", justifyContent: "flex-end" }}>
          {onRemove && (
            <IconButton aria-label={t`Remove line ${index + 1}`} onClick={onRemove} size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </Grid>
      </Grid>
      {price !== null && qty > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t`Line total ${formatKES(price * qty)}`}
        </Typography>
      )}
    </Box>
  );
}
