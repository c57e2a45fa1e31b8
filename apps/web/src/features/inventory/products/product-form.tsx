import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, FormControlLabel, Grid, MenuItem, Paper, Stack, Switch, TextField } from "@mui/material";
import { useState, type FormEvent } from "react";
import type { Category } from "@app/shared/inventory/category";
import type { ProductFormErrors, ProductFormValues } from "@app/shared/inventory/product-form";
import { TAX_TYPES, type TaxType } from "@app/shared/tax/vat";
import { useAppSelector } from "../../../app/hooks.ts";
import { MoneyInput } from "../../../components/money-input.tsx";
import { ImagePicker } from "./image-picker.tsx";
import { EtimsFields } from "./etims-fields.tsx";

type Props = {
  initial: ProductFormValues;
  mode: "create" | "edit";
  categories: Category[];
  currentImage: string | null;
  readOnly?: boolean;
  busy?: boolean;
  /** Checks and saves; resolves to field errors to show (shared schema or server), or nothing once saved. */
  onSubmit: (values: ProductFormValues, image: File | null) => Promise<ProductFormErrors | void>;
};

/** Every product field; prices in shillings, checked by the API's own schema before sending. */
export function ProductForm({ initial, mode, categories, currentImage, readOnly, busy, onSubmit }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors & { image?: string }>({});
  const [image, setImage] = useState<File | null>(null);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof ProductFormValues, label: string, extra: object = {}) => ({
    label,
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
    fullWidth: true,
    size: "small" as const,
    disabled: readOnly,
    ...extra,
  });
  const money = (key: "buyingPrice" | "sellingprice" | "wholesalePrice", label: string) => ({
    ...text(key, label),
    onChange: (v: string) => set(key, v),
  });
  const subcategories = categories.find((c) => c._id === values.categoryId)?.subcategories ?? [];
  const vatRegistered = useAppSelector((s) => s.business.current?.vatRegistered ?? false);
  const taxNames: Record<TaxType, string> = {
    A: t`A: Exempt`,
    B: t`B: VAT 16%`,
    C: t`C: Zero-rated 0%`,
    D: t`D: Non-VAT`,
    E: t`E: VAT 8%`,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = await onSubmit(values, image);
    setErrors(problems ?? {});
    if (!problems) setImage(null);
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-label={mode === "create" ? t`New product` : t`Edit product`}
      >
        <Stack spacing={3}>
          <ImagePicker
            current={currentImage}
            file={image}
            onChange={setImage}
            error={errors.image}
            readOnly={readOnly}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <TextField {...text("name", "Name", { required: true })} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField {...text("sku", "SKU")} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <TextField {...text("barcode", "Barcode")} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                {...text("categoryId", "Category")}
                onChange={(e) => setValues((v) => ({ ...v, categoryId: e.target.value, subcategoryId: "" }))}
              >
                <MenuItem value="">
                  <Trans>No category</Trans>
                </MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c._id} value={c._id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                {...text("subcategoryId", "Subcategory")}
                disabled={readOnly || subcategories.length === 0}
              >
                <MenuItem value="">
                  <Trans>No subcategory</Trans>
                </MenuItem>
                {subcategories.map((s) => (
                  <MenuItem key={s._id} value={s._id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField {...text("unit", "Unit", { placeholder: "pcs, kg, litre" })} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <MoneyInput {...money("buyingPrice", "Buying price")} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <MoneyInput {...money("sellingprice", "Selling price")} required />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <MoneyInput
                {...money("wholesalePrice", "Wholesale price")}
                // A wholesale price is what puts the product in the wholesale catalogue (issue 33).
                helperText={errors.wholesalePrice ?? t`Set: sold at the wholesale till. Empty: not sold wholesale.`}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                {...text("taxType", t`Tax type (eTIMS)`)}
                helperText={vatRegistered ? undefined : t`Not registered for VAT: sold as D (non-VAT) for now`}
              >
                <MenuItem value="">
                  {vatRegistered ? t`Business default (B: VAT 16%)` : t`Business default (D: Non-VAT)`}
                </MenuItem>
                {TAX_TYPES.map((tt) => (
                  <MenuItem key={tt} value={tt}>
                    {taxNames[tt]}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <EtimsFields values={values} onChange={(key, code) => set(key, code ?? "")} disabled={readOnly} />
            </Grid>
            {mode === "create" && (
              <Grid size={{ xs: 6, md: 4 }}>
                <TextField
                  {...text("quantity", "Opening quantity", { slotProps: { htmlInput: { inputMode: "numeric" } } })}
                />
              </Grid>
            )}
            <Grid size={{ xs: 6, md: 4 }}>
              <TextField
                {...text("reorderLevel", "Reorder level", { slotProps: { htmlInput: { inputMode: "numeric" } } })}
                helperText={errors.reorderLevel ?? t`Alert when stock falls to this level (0: never)`}
              />
            </Grid>
            <Grid size={12}>
              <TextField {...text("description", "Description", { multiline: true, minRows: 2 })} />
            </Grid>
          </Grid>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
            <FormControlLabel
              control={
                <Switch checked={values.active} onChange={(e) => set("active", e.target.checked)} disabled={readOnly} />
              }
              label={t`Active (sold at the till)`}
            />
            {!readOnly && (
              <Button type="submit" variant="contained" disabled={busy}>
                {busy ? t`Saving…` : mode === "create" ? t`Create product` : t`Save changes`}
              </Button>
            )}
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
