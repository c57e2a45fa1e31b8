import { t } from "@lingui/core/macro";
import { toast } from "react-toastify";
import { useNavigate } from "react-router";
import { EMPTY_PRODUCT_FORM, readCreateProductForm, type ProductFormErrors } from "@app/shared/inventory/product-form";
import { describeError } from "../../../api/errors.ts";
import { useListCategoriesQuery } from "../api/categories-api.ts";
import { useCreateProductMutation, useUploadProductImageMutation } from "../api/products-api.ts";
import { InventoryPage, ReadOnlyNotice } from "../components/inventory-page.tsx";
import { useInventoryAccess } from "../components/use-inventory-access.ts";
import { ProductForm } from "./product-form.tsx";
import { pathTo } from "../../../lib/paths.ts";

/** /products/new: a product with its opening stock (entered in the stock ledger) and image. */
export default function NewProductPage() {
  const navigate = useNavigate();
  const { businessId, canManage } = useInventoryAccess();
  const categories = useListCategoriesQuery(businessId, { skip: !businessId });
  const [create, { isLoading }] = useCreateProductMutation();
  const [uploadImage, { isLoading: uploading }] = useUploadProductImageMutation();

  async function save(values: typeof EMPTY_PRODUCT_FORM, image: File | null): Promise<ProductFormErrors | void> {
    const read = readCreateProductForm(values, businessId);
    if (!read.ok) return read.errors;
    try {
      const product = await create(read.input).unwrap();
      if (image)
        await uploadImage({ id: product._id, file: image })
          .unwrap()
          .catch((err: unknown) =>
            toast.error(t`${product.name} was created, but its image was not saved: ${describeError(err).message}`),
          );
      toast.success(t`${product.name} created`);
      void navigate(pathTo("/products/:productId", { productId: product._id }), { replace: true });
    } catch (err) {
      const { message, fields } = describeError(err);
      toast.error(message);
      return fields;
    }
  }

  return (
    <InventoryPage title={t`New product`}>
      {canManage ? (
        <ProductForm
          initial={EMPTY_PRODUCT_FORM}
          mode="create"
          categories={categories.data ?? []}
          currentImage={null}
          busy={isLoading || uploading}
          onSubmit={save}
        />
      ) : (
        <ReadOnlyNotice what={t`You can view inventory but not add products.`} />
      )}
    </InventoryPage>
  );
}
