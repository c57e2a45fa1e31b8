import { t } from "@lingui/core/macro";
import { NewPartyPage } from "../../../components/new-party-page.tsx";
import { pathTo } from "../../../lib/paths.ts";
import { SupplierForm, supplierValuesOf, type SupplierFormValues } from "../components/supplier-form.tsx";
import { useCreateSupplierMutation } from "../supplies-api.ts";

/** /supplier/newsupplier: someone the business buys from. */
export default function NewSupplierPage() {
  const [create, { isLoading }] = useCreateSupplierMutation();
  return (
    <NewPartyPage
      title={t`New supplier`}
      listPath={pathTo("/supplier")}
      create={(businessId, values: SupplierFormValues) => create({ businessId, ...values }).unwrap()}
      pathOf={(supplier) => pathTo("/supplier/:supplierId", { supplierId: supplier._id })}
      form={(save) => (
        <SupplierForm initial={supplierValuesOf(null)} submitLabel={t`Add supplier`} busy={isLoading} onSubmit={save} />
      )}
    />
  );
}
