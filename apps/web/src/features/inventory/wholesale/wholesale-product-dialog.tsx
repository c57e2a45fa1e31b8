import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { Button, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatCentsPlain, formatKES } from "@app/shared/money/money";
import type { WholesaleProduct } from "@app/shared/inventory/wholesale-product";
import { describeError } from "../../../api/errors.ts";
import { CentsField, centsOf } from "../../../components/cents-field.tsx";
import { ResponsiveDialog } from "../../../components/responsive-dialog.tsx";
import { useCreateWholesaleProductMutation, useUpdateWholesaleProductMutation } from "../api/wholesale-products-api.ts";
import { ProductPicker } from "../transfers/product-picker.tsx";

type Props = {
  businessId: string;
  /** null: add a product; otherwise change this one. */
  row: WholesaleProduct | null;
  /** Products already in the catalogue, left out of the picker. */
  listed: ReadonlySet<string>;
  onClose: () => void;
};
type Picked = { _id: string; name: string; sellingprice: number };

/** Put a product in the wholesale catalogue, or change its wholesale price and minimum quantity. */
export function WholesaleProductDialog({ businessId, row, listed, onClose }: Props) {
  const [product, setProduct] = useState<Picked | null>(
    row ? { _id: row.productId, name: row.name, sellingprice: row.sellingprice } : null,
  );
  const [price, setPrice] = useState(row ? formatCentsPlain(row.wholesalePrice) : "");
  const [minimum, setMinimum] = useState(String(row?.minQuantity ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, created] = useCreateWholesaleProductMutation();
  const [update, updated] = useUpdateWholesaleProductMutation();

  async function save() {
    const cents = centsOf(price);
    const min = Number(minimum);
    const problems: Record<string, string> = {};
    if (!product) problems.productId = t`Choose a product`;
    if (cents === null || !Number.isFinite(cents) || cents <= 0) problems.wholesalePrice = t`Enter the wholesale price`;
    if (!Number.isInteger(min) || min < 1) problems.minQuantity = t`At least 1 unit`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = { wholesalePrice: cents!, minQuantity: min };
    try {
      if (row) await update({ id: row._id, body }).unwrap();
      else await create({ businessId, productId: product!._id, ...body }).unwrap();
      toast.success(t`Wholesale product saved`);
      onClose();
    } catch (err) {
      const { message, fields } = describeError(err);
      setErrors(fields);
      toast.error(message);
    }
  }
  const field = (key: string) => ({ error: Boolean(errors[key]), helperText: errors[key] ?? " " });
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>{row ? t`Change wholesale product` : t`Add wholesale product`}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {product ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography sx={{ fontWeight: 600, flex: 1 }} data-testid="wholesale-dialog-product">
                {product.name}
              </Typography>
              {!row && (
                <Button size="small" onClick={() => setProduct(null)}>
                  <Trans>Other product</Trans>
                </Button>
              )}
            </Stack>
          ) : (
            <>
              <ProductPicker
                businessId={businessId}
                anyStock
                exclude={listed}
                onPick={(p) => setProduct({ _id: p._id, name: p.name, sellingprice: p.sellingprice })}
              />
              <Typography variant="caption" color={errors.productId ? "error" : "text.secondary"}>
                {errors.productId ?? t`The product to sell wholesale`}
              </Typography>
            </>
          )}
          {product && (
            <Typography variant="body2" color="text.secondary">
              <Trans>Retail price: {formatKES(product.sellingprice)}</Trans>
            </Typography>
          )}
          <CentsField label={t`Wholesale price each`} value={price} onChange={setPrice} {...field("wholesalePrice")} />
          <TextField
            label={t`Minimum quantity`}
            value={minimum}
            onChange={(e) => setMinimum(e.target.value)}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
            {...field("minQuantity")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={created.isLoading || updated.isLoading}>
          <Trans>Save</Trans>
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
