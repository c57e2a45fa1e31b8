import { Trans } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import DeleteIcon from "@mui/icons-material/Delete";
import { Button, Chip, Stack } from "@mui/material";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "react-toastify";
import {
  productToForm,
  readUpdateProductForm,
  type ProductFormErrors,
  type ProductFormValues,
} from "@app/shared/inventory/product-form";
import { describeError } from "../../../api/errors.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { FullPageSpinner } from "../../../components/full-page-spinner.tsx";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import {
  useDeleteProductMutation,
  useGetProductQuery,
  useUpdateProductMutation,
  useUploadProductImageMutation,
} from "../api/products-api.ts";
import { InventoryPage } from "../components/inventory-page.tsx";
import { LoadError } from "../components/load-error.tsx";
import { StockStatusChip } from "../components/stock-status-chip.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { StockPanel } from "../stock/stock-panel.tsx";
import { BatchesCard } from "../stock/batches-card.tsx";
import { ProductForm } from "./product-form.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** /products/{productId}: edit the product and its image, manage its stock, read its history. */
export default function EditProductPage() {
  const { productId = "" } = useParams();
  const navigate = useNavigate();
  const { businessId, canManage } = useInventoryAccess();
  const product = useGetProductQuery(productId, { skip: !productId });
  const categories = useListCategoriesQuery(businessId, { skip: !businessId });
  const [update, { isLoading }] = useUpdateProductMutation();
  const [uploadImage, { isLoading: uploading }] = useUploadProductImageMutation();
  const [remove, { isLoading: deleting }] = useDeleteProductMutation();
  const [confirming, setConfirming] = useState(false);
  const p = product.data;

  async function save(values: ProductFormValues, image: File | null): Promise<ProductFormErrors | void> {
    const read = readUpdateProductForm(values);
    if (!read.ok) return read.errors;
    try {
      await update({ id: productId, body: read.input }).unwrap();
      if (image) await uploadImage({ id: productId, file: image }).unwrap();
      toast.success(t`Product saved`);
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }

  async function deleteProduct() {
    try {
      const { archived } = await remove(productId).unwrap();
      toast.info(
        archived
          ? t`${p?.name ?? ""} has sales, so it was archived instead of deleted. It stays under All products.`
          : t`${p?.name ?? ""} deleted`,
      );
      void navigate(pathTo("/products"), { replace: true });
    } catch (err) {
      toast.error(describeError(err).message);
      setConfirming(false);
    }
  }

  const actions = canManage && p && !p.archived && (
    <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
      <Trans>Delete</Trans>
    </Button>
  );
  return (
    <InventoryPage
      title={p?.name ?? t`Product`}
      subtitle={p ? t`${p.sku ? `SKU ${p.sku} · ` : ""}${p.quantity} ${p.unit} in stock` : undefined}
      actions={actions}
    >
      {product.isLoading && <FullPageSpinner />}
      {product.isError && (
        <LoadError
          error={product.error}
          what={t`This product could not be loaded.`}
          onRetry={() => void product.refetch()}
        />
      )}
      {p && (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1}>
            <StockStatusChip product={p} />
            {p.archived && <Chip size="small" label={t`Archived`} />}
            {!p.active && <Chip size="small" label={t`Inactive`} />}
          </Stack>
          <ProductForm
            key={p._id}
            initial={productToForm(p)}
            mode="edit"
            categories={categories.data ?? []}
            currentImage={p.image}
            readOnly={!canManage}
            busy={isLoading || uploading}
            onSubmit={save}
          />
          <StockPanel product={p} />
          <BatchesCard product={p} canManage={canManage} />
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t`Delete this product?`}
        text={t`${p?.name ?? "The product"} will be deleted. If it has been sold, it is archived instead so its sales history stays readable.`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void deleteProduct()}
        onClose={() => setConfirming(false)}
      />
    </InventoryPage>
  );
}
